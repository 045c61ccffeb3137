/**
 * One session of the Active Sessions card: the candidate and the state's badge, a line saying what
 * the session offers or how it ended, and, while its link works, the link with Copy, Resend, Cancel
 * and the Embed snippet (a booked session links to its interview instead).
 */
import type { SessionView } from "../views";
import { formatShortDate, formatTime } from "../slots";
import { sessionStateBadge } from "../status";
import { EmbedSnippet } from "../../../ui/embed-snippet";

/** The candidate's name as the card says it. */
export const sessionCandidateName = (s: SessionView) => `${s.candidate.firstName} ${s.candidate.lastName}`.trim() || "The candidate";

/** What follows "title · duration min ·": the free times or slots still bookable, the booked time, or how it ended. */
export function sessionSummary(s: SessionView, timeZone?: string): string {
  const zone = timeZone ?? s.timeZone;
  if (s.state === "pending" && s.mode === "availability" && s.from && s.to) {
    const last = new Date(Date.parse(s.to) - 1).toISOString();
    return `${s.bookableSlots} free times ${formatShortDate(s.from, zone)} – ${formatShortDate(last, zone)} · expires ${formatShortDate(s.expiresAt, zone)}`;
  }
  if (s.state === "pending") return `${s.bookableSlots} of ${s.timeSlots.length} slots can still be booked · expires ${formatShortDate(s.expiresAt, zone)}`;
  if (s.state === "booked" && s.interview) return `booked for ${formatShortDate(s.interview.startTime, zone)}, ${formatTime(s.interview.startTime, zone)}`;
  if (s.state === "expired") return `expired ${formatShortDate(s.expiresAt, zone)}`;
  return "canceled";
}

interface Actions {
  onCopy: (s: SessionView) => void;
  onResend: (s: SessionView) => void;
  onCancel: (e: { preventDefault(): void }, s: SessionView) => void;
}

/** The link of a pending session and what can be done with it. */
function PendingLink({ s, onCopy, onResend, onCancel }: { s: SessionView } & Actions) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <a href={s.bookingUrl} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-xs text-brand-600 underline">
        {s.bookingUrl}
      </a>
      <button type="button" className="btn-outline btn-sm" onClick={() => onCopy(s)}>
        Copy
      </button>
      <button type="button" className="btn-outline btn-sm" onClick={() => onResend(s)}>
        Resend
      </button>
      <a href="#" className="text-xs text-red-600 underline" onClick={(e) => onCancel(e, s)}>
        Cancel
      </a>
    </div>
  );
}

/** Below the line: the Embed snippet of a pending session, the way to a booked one's interview, else nothing. */
function SessionFooter({ s }: { s: SessionView }) {
  if (s.state === "pending") return <EmbedSnippet url={s.bookingUrl} title="Schedule your interview" height={860} label={`the booking page of ${sessionCandidateName(s)}`} />;
  if (s.state === "booked" && s.interview)
    return (
      <a href={`/interview-details/${s.interview.id}`} className="mt-1 inline-block text-xs text-brand-600 underline">
        View interview
      </a>
    );
  return null;
}

export function SessionItem({ s, timeZone, ...actions }: { s: SessionView; timeZone?: string } & Actions) {
  const badge = sessionStateBadge(s.state);
  return (
    <li className="py-3" data-testid="session-item" data-state={s.state}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{sessionCandidateName(s)}</span>
        <span className={badge.className}>{badge.label}</span>
      </div>
      <p className="text-xs text-slate-500">
        {s.title} · {s.duration} min · {sessionSummary(s, timeZone)}
      </p>
      {s.state === "pending" ? <PendingLink s={s} {...actions} /> : null}
      <SessionFooter s={s} />
    </li>
  );
}
