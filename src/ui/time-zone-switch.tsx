/**
 * Shows the slots in another time zone without JavaScript: a GET form that reloads the
 * page with ?tz=. A short list keeps the page small; the session's own zone is always in it.
 */
const COMMON_ZONES = [
  "UTC",
  "Australia/Perth",
  "Australia/Adelaide",
  "Australia/Brisbane",
  "Australia/Sydney",
  "Australia/Melbourne",
  "Pacific/Auckland",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Asia/Singapore",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Africa/Johannesburg",
  "Europe/Moscow",
  "Europe/Berlin",
  "Europe/Paris",
  "Europe/London",
  "America/Sao_Paulo",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Pacific/Honolulu",
];

// "America/Los_Angeles" → "America/Los Angeles", worked out once for the common zones.
const LABELS = new Map(COMMON_ZONES.map((z) => [z, z.replace(/_/g, " ")]));
const zoneLabel = (z: string) => LABELS.get(z) ?? z.replace(/_/g, " ");

export function TimeZoneSwitch({ current, sessionZone, keep = {} }: { current: string; sessionZone: string; keep?: Record<string, string | null | undefined> }) {
  const zones = [...new Set([sessionZone, current, ...COMMON_ZONES])];
  return (
    <form method="get" className="mt-4 flex items-end justify-center gap-2 text-sm">
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <label className="text-slate-600">
        Show times in
        <select name="tz" defaultValue={current} className="input mt-1">
          {zones.map((z) => (
            <option key={z} value={z}>
              {zoneLabel(z)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-outline">
        Show
      </button>
    </form>
  );
}
