/** Every IANA zone the server knows, with the current one first when the list lacks it (e.g. "UTC"). */
function zoneChoices(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * The workspace's time zone (issue 60): set from the owner's browser at their first sign-in;
 * intro-call hours and the availability of members who saved none are read in it.
 */
export function ZoneSettingsCard({ timeZone }: { timeZone: string }) {
  return (
    <section className="card mt-6" aria-labelledby="zone-settings-title">
      <div className="card-header">
        <h2 id="zone-settings-title" className="card-title">
          Workspace time zone
        </h2>
        <p className="text-sm text-slate-500">New intro-call hours and the working hours of members who have set none are in this zone, and so are the times of members who have not signed in yet.</p>
      </div>
      <form method="post" action="/settings/time-zone" className="card-body flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label className="label" htmlFor="workspaceTimeZone">
            Time zone
          </label>
          <select className="input" id="workspaceTimeZone" name="timeZone" defaultValue={timeZone}>
            {zoneChoices(timeZone).map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, " ")}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Save time zone
        </button>
      </form>
    </section>
  );
}
