import type { ManageView } from "../candidate-changes";
import { formatTime, groupByDay, slotLabel } from "../slots";
import { dualTimeText } from "../zone-text";
import { PublicFrame, SiteButton } from "./booking-page";

/**
 * The candidate's page after booking (and the link in their e-mail): the booked
 * interview, and while it is still ahead, forms to cancel it or move it to another of
 * the offered slots that remain open. Plain forms, no JavaScript.
 */
export function ManagePage({
  view: v,
  home,
  action,
  justBooked,
  confirmCancel,
  emailConfigured = true,
}: {
  view: ManageView;
  home: string | null;
  action: string;
  justBooked: boolean;
  confirmCancel?: boolean;
  emailConfigured?: boolean;
}) {
  // The candidate's own zone first (the one they chose when booking), the recruiter's beside it.
  const tz = v.candidateTimeZone ?? v.timeZone;
  const when = dualTimeText(new Date(v.startTime), new Date(v.endTime), tz, v.timeZone);
  const canceled = v.status === "canceled";
  return (
    <PublicFrame home={home}>
      <section className="card card-body text-center">
        <h1 className="text-2xl font-semibold">{canceled ? "Interview Canceled" : justBooked ? "Interview Scheduled!" : "Your Interview"}</h1>
        <p className="mt-2 font-medium">{v.title}</p>
        <p className={`text-sm ${canceled ? "text-slate-400 line-through" : "text-slate-600"}`}>{when}</p>
        <AfterBookingNote show={!canceled && justBooked} emailConfigured={emailConfigured} />
        <InterviewFacts v={v} canceled={canceled} />
        <SiteButton home={home} label="Back to Site" />
      </section>

      {v.contact ? (
        <p className="card card-body mt-4 text-center text-sm text-slate-700" data-testid="change-contact">
          {v.contact}
        </p>
      ) : null}
      <MoveForm v={v} tz={tz} action={action} />
      <CancelChoice changeable={v.changeable} confirmCancel={confirmCancel} action={action} />
    </PublicFrame>
  );
}

/** Said once, right after booking, and only when this server sends e-mail at all. */
function AfterBookingNote({ show, emailConfigured }: { show: boolean; emailConfigured: boolean }) {
  if (!show) return null;
  return emailConfigured ? (
    <p className="mt-3 text-sm text-slate-600">A confirmation email is on its way. Please check your inbox, and your spam folder if you do not see it.</p>
  ) : (
    <p className="mt-3 text-sm text-slate-600">Please keep this page's address: it is where you can see, move or cancel your interview.</p>
  );
}

/** Who the interview is with and where to join it (no video link once canceled). */
function InterviewFacts({ v, canceled }: { v: ManageView; canceled: boolean }) {
  return (
    <dl className="mx-auto mt-4 grid max-w-xs gap-1 text-left text-sm">
      {v.clientName ? (
        <div>
          <dt className="inline text-slate-500">Client: </dt>
          <dd className="inline">{v.clientName}</dd>
        </div>
      ) : null}
      {v.hiringManagerName ? (
        <div>
          <dt className="inline text-slate-500">Hiring Manager: </dt>
          <dd className="inline">{v.hiringManagerName}</dd>
        </div>
      ) : null}
      {v.videoUrl && !canceled ? (
        <div>
          <dt className="inline text-slate-500">Video call: </dt>
          <dd className="inline">
            <a className="text-brand-600 underline break-all" href={v.videoUrl} rel="noopener noreferrer nofollow" target="_blank" data-testid="video-link">
              {v.videoUrl}
            </a>
          </dd>
        </div>
      ) : null}
      {v.linkedinProfile ? (
        <div>
          <dt className="inline text-slate-500">LinkedIn: </dt>
          <dd className="inline">
            <a className="text-brand-600 underline" href={v.linkedinProfile} rel="noopener noreferrer nofollow" target="_blank">
              View Profile
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The open slots the interview may move to, while it may still change. */
function MoveForm({ v, tz, action }: { v: ManageView; tz: string; action: string }) {
  if (!v.changeable || !v.otherSlots.length) return null;
  return (
    <form method="post" action={`${action}/move`} className="group card card-body mt-4">
      <h2 className="card-title">Choose another time</h2>
      {groupByDay(v.otherSlots, tz).map((g) => (
        <fieldset key={g.date} className="mt-3">
          <legend className="mb-2 text-sm font-semibold">{g.heading}</legend>
          <div className="grid grid-cols-2 gap-2">
            {g.slots.map((s) => (
              <label
                key={s.id}
                className="flex cursor-pointer rounded-md border border-slate-200 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-focus-visible:ring-offset-2"
              >
                <input type="radio" name="slotId" value={s.id} required className="sr-only" aria-label={slotLabel(s.startTime, s.endTime, tz)} />
                <span aria-hidden="true">{`${formatTime(s.startTime, tz)} - ${formatTime(s.endTime, tz)}`}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <button type="submit" className="btn-outline mt-4 bg-slate-100 group-has-checked:border-brand-600 group-has-checked:bg-white">
        Move Interview
      </button>
    </form>
  );
}

/** Cancel: a link to the question first, then the question with its two answers (no JavaScript). */
function CancelChoice({ changeable, confirmCancel, action }: { changeable: boolean; confirmCancel?: boolean; action: string }) {
  if (!changeable) return null;
  return confirmCancel ? (
    <form method="post" action={`${action}/cancel`} className="card card-body mt-4 text-center">
      <p className="font-medium">Cancel this interview?</p>
      <div className="mt-3 flex justify-center gap-2">
        <button type="submit" className="btn-destructive">
          Yes, Cancel Interview
        </button>
        <a href={action} className="btn-outline">
          Keep It
        </a>
      </div>
    </form>
  ) : (
    <p className="mt-4 text-center">
      <a href={`${action}?cancel=1`} className="btn-ghost text-red-800">
        Cancel Interview
      </a>
    </p>
  );
}
