// Parameters that only say how the user arrived (back from Google: connected=true; from
// Stripe: checkout=…, portal=…). The server has shown their toast; they leave the address so
// a reload or a bookmark does not show it again.
const ONE_SHOT = ["connected", "checkout", "portal"];

// Only the dashboard: the iCal Manager's own island reads connected=true itself.
const PAGES = /^\/dashboard3?$/;

export function dropOneShotParams() {
  if (!PAGES.test(location.pathname)) return;
  const url = new URL(location.href);
  const found = ONE_SHOT.filter((k) => url.searchParams.has(k));
  if (!found.length) return;
  for (const k of found) url.searchParams.delete(k);
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}
