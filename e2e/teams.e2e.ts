import { expect, test } from "@playwright/test";
import { createAccount, hydrated, login, newestMailTo } from "./fixtures";

/** The /invite/{token} link of the newest invitation e-mail to `email`, as its recipient reads it. */
async function invitationLink(email: string): Promise<string> {
  const m = (await newestMailTo(email)).html.match(/\/invite\/([A-Za-z0-9_-]{43})/);
  if (!m) throw new Error(`no invitation link in the e-mail to ${email}`);
  return `/invite/${m[1]}`;
}

test("an owner invites a recruiter; the recruiter accepts and schedules for themself; a candidate books; the owner sees it under Everyone", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const owner = await createAccount({ name: "Olive Owner" });
  await login(page, owner.email, owner.password);
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);

  // Settings from the account menu, then Members: invite by e-mail.
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  for (const s of ["Members", "Invitations", "Activity", "Candidate pages", "Calendar", "Billing"]) await expect(page.locator(`[data-section="${s}"]`)).toBeVisible();
  await page.locator('[data-section="Members"]').click();
  const recruiterEmail = `rec-${Date.now()}@example.com`;
  await page.getByLabel("E-mail").fill(recruiterEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("recruiter");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByTestId("invitations")).toContainText(recruiterEmail);
  const link = await invitationLink(recruiterEmail);

  // The recruiter, in their own browser: sets a name and password, lands on the dashboard.
  const recContext = await browser.newContext();
  const r = await recContext.newPage();
  await r.goto(link);
  await r.getByLabel("Your name").fill("Remy Recruiter");
  await r.getByLabel("Password").fill("e2e-password-123");
  await r.getByRole("button", { name: "Create account and join" }).click();
  await expect(r).toHaveURL(/\/dashboard$/);
  // A recruiter's settings show only what they may use.
  await r.goto("/settings");
  await expect(r.locator('[data-section="Calendar"]')).toBeVisible();
  await expect(r.locator('[data-section="Members"]')).toHaveCount(0);
  await expect(r.locator('[data-section="Billing"]')).toHaveCount(0);
  await r.goto("/dashboard");
  await hydrated(r, "scheduling-");

  // The recruiter creates a session for themself (the interviewer defaults to them).
  const card = r.locator("section:has(#schedule-title)");
  await expect(card.locator("#sched-interviewer")).toHaveValue(/\d+/);
  await expect(card.locator("#sched-interviewer option:checked")).toContainText("(you)");
  await card.locator("#sched-candidate").click();
  const first = card.locator("#sched-candidate-list [role=option]").first();
  const candidateName = ((await first.textContent()) ?? "")
    .split(" — ")[0]!
    .replace(/\s*#\d+$/, "")
    .trim();
  await first.click();
  await card.locator("[data-testid=date-picker] button:not([disabled])[data-date]").nth(1).click();
  await card.getByRole("button", { name: "Add Time Slots" }).click();
  await card.getByRole("button", { name: "Create Session" }).click();
  await expect(r.getByText("Scheduling session created")).toBeVisible();
  const mine = r.getByTestId("session-item").filter({ hasText: candidateName });
  const bookingLink = await mine.locator("a[target=_blank]").getAttribute("href");

  // The candidate books, JavaScript off.
  const candidateContext = await browser.newContext({ javaScriptEnabled: false });
  const c = await candidateContext.newPage();
  await c.goto(new URL(bookingLink!).pathname);
  await c
    .locator("label")
    .filter({ hasText: /^11:00 AM/ })
    .first()
    .click();
  await c.getByRole("button", { name: "Confirm Interview" }).click();
  await expect(c.getByRole("heading", { name: "Interview Scheduled!" })).toBeVisible();
  await candidateContext.close();
  await recContext.close();

  // The owner: not under Mine, there under Everyone, booked.
  await page.goto("/dashboard");
  await hydrated(page, "scheduling-");
  const sessions = page.locator("section:has(#sessions-title)");
  await expect(sessions.getByTestId("session-item").filter({ hasText: candidateName })).toHaveCount(0);
  await sessions.getByRole("button", { name: "Everyone" }).click();
  const theirs = sessions.getByTestId("session-item").filter({ hasText: candidateName });
  await expect(theirs.locator(".badge-orange")).toHaveText("Booked");
  const meetings = page.locator("section:has(#meetings-title)");
  await expect(meetings.getByRole("button", { name: "Everyone" })).toHaveAttribute("aria-pressed", "true");
  await expect(meetings.getByTestId("meeting-item").filter({ hasText: candidateName })).toBeVisible();

  // The activity log shows who did it.
  await page.goto("/settings/activity");
  await expect(page.getByTestId("activity")).toContainText("Remy Recruiter session.created");
});
