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

/** The zone a member's pages and e-mails use: their own, or UTC until one is known. */
export const memberZone = (u: { timeZone?: string | null }): string => (u.timeZone && canonicalZone(u.timeZone)) || "UTC";

export const UNKNOWN_ZONE = "Unknown time zone";
