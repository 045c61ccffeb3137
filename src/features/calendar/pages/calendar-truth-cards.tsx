import { formatDateTime } from "../../../lib/when";
import type { Connection } from "../model-connections";
import type { VideoLink } from "../video-link";

/**
 * /ical-manager's cards for decision 32, plain forms (no script): the calendars that count and
 * the sync state, the member's default video link, and the workspace's choice for changes
 * made in a calendar (owners and admins).
 */
export interface CalendarTruthProps {
  connection: Connection | null;
  videoLink: VideoLink;
  onEventChange: "follow" | "flag";
  canEditWorkspace: boolean;
  /** Microsoft members: null when Teams links are offered, else why not; undefined for others. */
  teams?: string | null;
}

const STATE_TEXT = { ok: "Up to date", stale: "Not synced for 15 minutes", error: "Sync failed" } as const;
const STATE_BADGE = { ok: "badge-success", stale: "badge-warning", error: "badge-destructive" } as const;

export function SyncStateBadge({ state }: { state: Connection["state"] }) {
  return (
    <span className={STATE_BADGE[state]} data-sync-state={state}>
      {STATE_TEXT[state]}
    </span>
  );
}

const when = (iso: string | null, timeZone: string): string => (iso ? formatDateTime(iso, timeZone) : "never");

export function CalendarsThatCount({ connection: c, timeZone }: { connection: Connection; timeZone: string }) {
  return (
    <section className="card" aria-labelledby="calendars-count">
      <div className="card-header">
        <h2 id="calendars-count" className="card-title">
          Calendars that count
        </h2>
        <p className="mt-1 text-sm text-slate-500">Frank leaves out the busy times of the calendars you check when it offers slots, and writes interviews to one calendar.</p>
      </div>
      <div className="card-body space-y-4">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <SyncStateBadge state={c.state} />
          <span className="text-slate-600 dark:text-slate-300">Last synced: {when(c.lastSyncedAt, timeZone)}</span>
          {c.error ? <span className="text-red-700 dark:text-red-300">{c.error}</span> : null}
          <form method="post" action="/ical-manager/sync-now" className="ml-auto">
            <button type="submit" className="btn-outline btn-sm">
              Sync now
            </button>
          </form>
        </div>
        {c.calendars.length ? (
          <form method="post" action="/ical-manager/calendars" className="space-y-3">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600 dark:text-slate-300">
                  <th className="py-1 font-medium">Calendar</th>
                  <th className="py-1 text-center font-medium">Check for conflicts</th>
                  <th className="py-1 text-center font-medium">Receives interviews</th>
                </tr>
              </thead>
              <tbody>
                {c.calendars.map((cal, i) => (
                  <tr key={cal.id} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="py-2 pr-2 break-words">{cal.name}</td>
                    <td className="py-2 text-center">
                      <input type="hidden" name={`calendar${i}`} value={cal.id} />
                      <input type="checkbox" name={`check${i}`} value="on" defaultChecked={cal.checkConflicts} aria-label={`Check ${cal.name} for conflicts`} />
                    </td>
                    <td className="py-2 text-center">
                      <input type="radio" name="interviewCalendarId" value={cal.id} defaultChecked={cal.receivesInterviews} aria-label={`Write interviews to ${cal.name}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="submit" className="btn-primary btn-sm">
              Save calendars
            </button>
          </form>
        ) : (
          <p className="text-sm text-slate-500">Your calendars are being read. Sync now to see them.</p>
        )}
      </div>
    </section>
  );
}

/** teams: offered (null), or why not (a Microsoft account that cannot make Teams meetings); undefined: not a Microsoft member. */
export function VideoLinkCard({ videoLink, teams }: { videoLink: VideoLink; teams?: string | null }) {
  const option = (kind: VideoLink["kind"], label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name="kind" value={kind} defaultChecked={videoLink.kind === kind} />
      {label}
    </label>
  );
  return (
    <section className="card" aria-labelledby="video-link">
      <div className="card-header">
        <h2 id="video-link" className="card-title">
          Video link
        </h2>
        <p className="mt-1 text-sm text-slate-500">Every interview gets this link in its invitation, its e-mails and its page, unless a session says otherwise.</p>
      </div>
      <form method="post" action="/ical-manager/video-link" className="card-body space-y-2">
        {teams === undefined ? option("google_meet", "Google Meet (made with the calendar event)") : teams === null ? option("microsoft_teams", "Microsoft Teams (made with the Outlook event)") : null}
        {teams ? (
          <p className="text-sm text-slate-500" data-testid="teams-unavailable">
            {teams}
          </p>
        ) : null}
        {option("fixed", "My own room (Zoom, Whereby…)")}
        <label className="label" htmlFor="video-url">
          Room link
        </label>
        <input id="video-url" name="url" type="url" className="input" placeholder="https://zoom.us/j/…" defaultValue={videoLink.url ?? ""} />
        {option("none", "No video link")}
        <button type="submit" className="btn-primary btn-sm">
          Save video link
        </button>
      </form>
    </section>
  );
}

export function EventChangeCard({ onEventChange, canEdit }: { onEventChange: "follow" | "flag"; canEdit: boolean }) {
  return (
    <section className="card" aria-labelledby="event-change">
      <div className="card-header">
        <h2 id="event-change" className="card-title">
          When an interview's event is changed in a calendar
        </h2>
        <p className="mt-1 text-sm text-slate-500">For the whole workspace. A declined invitation or a clash is always flagged on the interview.</p>
      </div>
      <form method="post" action="/ical-manager/event-changes" className="card-body space-y-2">
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="onEventChange" value="follow" defaultChecked={onEventChange === "follow"} disabled={!canEdit} />
          <span>
            <strong>Follow</strong>: a moved event moves the interview and a deleted one cancels it; the candidate is told.
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="onEventChange" value="flag" defaultChecked={onEventChange === "flag"} disabled={!canEdit} />
          <span>
            <strong>Only flag</strong>: the interview is flagged, with Apply and Keep.
          </span>
        </label>
        {canEdit ? (
          <button type="submit" className="btn-primary btn-sm">
            Save
          </button>
        ) : (
          <p className="text-xs text-slate-500">Owners and admins can change this.</p>
        )}
      </form>
    </section>
  );
}
