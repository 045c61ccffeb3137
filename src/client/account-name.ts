/**
 * Shows a just-saved profile name in the page's frame (the account menu's name and
 * initial), so the header does not keep the old name until a reload. The server renders
 * those places with data-account-name / data-account-initial.
 */
export function showAccountName(profile: { name: string | null; email: string }, root: ParentNode = document): void {
  const shown = profile.name?.trim() || profile.email;
  root.querySelectorAll("[data-account-name]").forEach((el) => (el.textContent = shown));
  root.querySelectorAll("[data-account-initial]").forEach((el) => (el.textContent = shown.charAt(0).toUpperCase()));
}
