/**
 * A member's time zone (issue 41). Pure (Intl only), so islands and services share it.
 * Zones are IANA names ("Europe/London"); what a browser or a form sends is checked and
 * written the way Intl spells it.
 */
export function canonicalZone(tz: unknown): string | null {
  if (typeof tz !== "string" || !tz.trim() || tz.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The zone a member's pages and e-mails use: their own, else their workspace's (issue 60: a
 * member who never signed in reads and offers times in the workspace's zone), else UTC.
 */
export const memberZone = (u: { timeZone?: string | null; workspaceTimeZone?: string | null }): string =>
  (u.timeZone && canonicalZone(u.timeZone)) || (u.workspaceTimeZone && canonicalZone(u.workspaceTimeZone)) || "UTC";

export const UNKNOWN_ZONE = "Unknown time zone";
