import type { InterviewView } from "../views";

/**
 * The recruiter's actions on an interview, as plain forms (they work without JavaScript):
 * cancel with an optional reason, move to one chosen time, offer new times on the
 * candidate's link, mark completed or no-show once it has started.
 */
export function InterviewActions({ interview: i, now }: { interview: InterviewView; now: Date }) {
  const base = `/interview-details/${i.id}`;
  const started = Date.parse(i.scheduledTime) <= now.getTime();
  const ended = Date.parse(i.endTime) <= now.getTime();
  const noShowForm = (by: "candidate" | "interviewer", label: string) => (
    <form method="post" action={`${base}/status`}>
      <input type="hidden" name="status" value="no_show" />
      <input type="hidden" name="noShowBy" value={by} />
      <button type="submit" className="btn-outline">
        {label}
      </button>
    </form>
  );
  const scheduled = i.status === "scheduled";
  return (
    <div className="card-body space-y-3">
      <div className="flex flex-wrap gap-2">
        {i.meetingUrl && scheduled ? (
          <a href={i.meetingUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
            Join Meeting
          </a>
        ) : null}
        {scheduled && started ? (
          <>
            <form method="post" action={`${base}/status`}>
              <input type="hidden" name="status" value="completed" />
              <button type="submit" className="btn-outline">
                Mark completed
              </button>
            </form>
            {ended ? noShowForm("candidate", "Candidate did not attend") : null}
            {ended ? noShowForm("interviewer", "Interviewer did not attend") : null}
          </>
        ) : null}
        {i.status === "no_show" && ended ? (i.noShowBy === "interviewer" ? noShowForm("candidate", "Candidate did not attend") : noShowForm("interviewer", "Interviewer did not attend")) : null}
      </div>
      {/* Edit Interview (part2 §5): the recruiter's own notes, which only the team sees. */}
      <details className="rounded-md border border-slate-200 p-3" data-testid="edit-interview">
        <summary className="cursor-pointer text-sm font-medium">Edit Interview</summary>
        <form method="post" action={`${base}/edit`} className="mt-3 space-y-2">
          <label className="block text-sm">
            <span className="label">Notes (only your team sees them; the candidate is not told)</span>
            <textarea name="notes" rows={4} maxLength={4000} className="input" defaultValue={i.notes ?? ""} />
          </label>
          <button type="submit" className="btn-primary">
            Save
          </button>
        </form>
      </details>
      {scheduled && !started ? (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium">Reschedule</summary>
          <form method="post" action={`${base}/reschedule`} className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <input type="hidden" name="mode" value="move" />
            <label className="text-sm">
              <span className="label">Move to (in {i.timeZone})</span>
              <input type="date" name="date" required className="input" />
            </label>
            <label className="text-sm">
              <span className="label">Start</span>
              <input type="time" name="time" required step={900} className="input" />
            </label>
            <button type="submit" className="btn-primary">
              Move
            </button>
          </form>
          <form method="post" action={`${base}/reschedule`} className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
            <input type="hidden" name="mode" value="offer" />
            <label className="text-sm">
              <span className="label">Or offer new times on</span>
              <input type="date" name="date" required className="input" />
            </label>
            <label className="text-sm">
              <span className="label">From</span>
              <input type="time" name="from" required defaultValue="09:00" step={900} className="input" />
            </label>
            <label className="text-sm">
              <span className="label">To</span>
              <input type="time" name="to" required defaultValue="17:00" step={900} className="input" />
            </label>
            <button type="submit" className="btn-outline">
              Offer times
            </button>
          </form>
          <p className="mt-2 text-xs text-slate-500">Offered times go to the candidate's own link; they choose one as before.</p>
        </details>
      ) : null}
      {scheduled || i.status === "pending" ? (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-red-700">Cancel interview</summary>
          <form method="post" action={`${base}/cancel`} className="mt-3 space-y-2">
            <label className="block text-sm">
              <span className="label">Reason for the candidate (optional)</span>
              <textarea name="reason" maxLength={1000} rows={2} className="input" />
            </label>
            <button type="submit" className="btn-destructive">
              Cancel interview
            </button>
          </form>
        </details>
      ) : null}
    </div>
  );
}
