// The session check of signed-in pages (part1 §4, §7, §8): GET /api/auth/me every 30 s (the
// answer is fresh for 60 s, so a tab coming back to the foreground re-checks only when it is
// older). A 401 there, or on any call except login, billing and profile, shows "Session
// expired" and goes to /login once the toast has been read. A network failure is a lost
// connection (see connection.ts), never a logout. What an expired session does is in
// session-expired.ts.
import { api } from "./api";
import { startPoll } from "./connection";
import { enhanceLogout } from "./logout";

export const SESSION_POLL_MS = 30_000;
export const SESSION_FRESH_MS = 60_000;

let started = false;

/** Starts the 30-second session check (once per page, whichever island asks first). */
export function watchSession(intervalMs = SESSION_POLL_MS) {
  if (started || typeof window === "undefined") return;
  started = true;
  enhanceLogout();
  let checkedAt = Date.now();
  const check = async () => {
    checkedAt = Date.now();
    try {
      await api("/api/auth/me");
    } catch {
      // 401: api() has called sessionExpired(); network: the banner is up and the poll waits.
    }
  };
  startPoll(check, intervalMs);
  // A member without a time zone yet (an invitation, the demo): the browser's becomes theirs.
  if (document.querySelector("[data-zone-unknown]")) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) void api(`/api/auth/me?timeZone=${encodeURIComponent(zone)}`).catch(() => undefined);
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - checkedAt > SESSION_FRESH_MS) void check();
  });
}
