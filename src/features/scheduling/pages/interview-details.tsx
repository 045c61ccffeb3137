import type { ReactNode } from "react";
import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import { Logo } from "../../../ui/logo";
import type { Shell } from "../../../ui/shell";
import SchedulingBack from "../islands/scheduling-back";
import type { InterviewView } from "../views";
import { interviewBadge } from "../status";
import { dualTimeText } from "../zone-text";
import { deliveryLine, deliveryTone } from "../delivery-text";
import { InterviewActions } from "./interview-actions";
import { CandidateCard, InterviewersCard, MeetingCard } from "./interview-detail-cards";

const audienceLabel = (a: string | null) => (a === "candidate" ? "Candidate" : a === "recruiter" ? "Interviewer" : "E-mail");
const kindLabel: Record<string, string> = { booked: "Confirmation", moved: "Change of time", canceled: "Cancellation", reminder: "Reminder" };

/** Each e-mail about the interview and how its delivery went, with Resend (a plain form: works without JavaScript). */
function EmailsCard({ interview: i }: { interview: InterviewView }) {
  return (
    <section className="card md:col-span-2" aria-labelledby="emails-title">
      <div className="card-header flex flex-wrap items-center justify-between gap-2">
        <h2 id="emails-title" className="card-title">
          E-mails
        </h2>
        {i.status === "scheduled" || i.status === "canceled" ? (
          <form method="post" action={`/interview-details/${i.id}/resend`}>
            <button type="submit" className="btn-outline btn-sm">
              Resend
            </button>
          </form>
        ) : null}
      </div>
      {i.emails.length ? (
        <ul className="card-body divide-y divide-slate-100" data-testid="interview-emails">
          {i.emails.map((e, n) => (
            <li key={n} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span>
                {kindLabel[e.kind] ?? e.kind} · {audienceLabel(e.audience)} · <span className="break-all">{e.to}</span>
              </span>
              <span className={deliveryTone[e.status]} data-status={e.status}>
                {deliveryLine(e, i.timeZone)}
                {e.attempts > 1 ? ` (${e.attempts} tries)` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card-body text-sm text-slate-500">No e-mails yet.</p>
      )}
    </section>
  );
}

/** The frame: the application shell for a signed-in user; the back button and logo alone otherwise (the page loads without one). */
function Frame({ shell, children }: { shell: Shell | null; children: ReactNode }) {
  // Signed in: the application shell (navigation, Interviews marked); signed out: the page alone.
  if (shell) {
    return (
      <AppShell shell={shell} wide={false}>
        <div className="mb-3">
          <Island name="scheduling-back" component={SchedulingBack} props={{ fallback: "/interviews" }} />
        </div>
        {children}
      </AppShell>
    );
  }
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between px-4">
          <div className="flex items-center gap-3">
            <Island name="scheduling-back" component={SchedulingBack} props={{ fallback: "/" }} />
            <Logo href="/" />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-6">{children}</main>
    </div>
  );
}

export function InterviewDetailsPage({ interview: i, shell, now, extras }: { interview: InterviewView; shell: Shell | null; now: Date; extras?: ReactNode }) {
  const badge = interviewBadge(i.status, i.noShowBy);
  const tz = i.timeZone;
  const c = i.candidate;
  const name = `${c.firstName} ${c.lastName}`.trim() || "Candidate";
  return (
    <Frame shell={shell}>
      <section className="card card-body">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold">{i.title}</h1>
            {c.position ? <p className="text-slate-600">{c.position}</p> : null}
          </div>
          <span className={badge.className} data-testid="interview-status">
            {badge.label}
          </span>
        </div>
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <span data-testid="interview-time">{dualTimeText(new Date(i.scheduledTime), new Date(i.endTime), tz, i.candidateTimeZone)}</span>
          <span>{i.duration} minutes</span>
        </div>
      </section>

      {i.flags.length ? <CalendarFlags interview={i} canAct={!!shell} /> : null}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <MeetingCard interview={i} canAct={!!shell} />
        <CandidateCard interview={i} name={name} />
        <InterviewersCard interview={i} />
        <section className="card">
          <div className="card-header">
            <h2 className="card-title">Actions</h2>
          </div>
          {shell ? <InterviewActions interview={i} now={now} /> : null}
        </section>
        {shell ? <EmailsCard interview={i} /> : null}
      </div>
      {extras ? <div className="mt-4">{extras}</div> : null}
    </Frame>
  );
}

/** What a calendar said about the interview (decision 32); a flagged move or delete has Apply and Keep. */
function CalendarFlags({ interview: i, canAct }: { interview: InterviewView; canAct: boolean }) {
  return (
    <section
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      aria-label="Calendar flags"
      data-testid="calendar-flags"
    >
      <ul className="space-y-2">
        {i.flags.map((f) => (
          <li key={f.id} className="flex flex-wrap items-center gap-3" data-flag={f.kind}>
            <span>
              {f.message}
              {f.kind === "moved_in_calendar" && f.startTime ? `: now ${dualTimeText(new Date(f.startTime), new Date(Date.parse(f.startTime) + i.duration * 60_000), i.timeZone)}` : ""}
            </span>
            {canAct && (f.kind === "moved_in_calendar" || f.kind === "deleted_in_calendar") ? (
              <form method="post" action={`/interview-details/${i.id}/flag`} className="flex gap-2">
                <input type="hidden" name="flagId" value={String(f.id)} />
                <button type="submit" name="decision" value="apply" className="btn-primary btn-sm">
                  {f.kind === "moved_in_calendar" ? "Apply (move)" : "Apply (cancel)"}
                </button>
                <button type="submit" name="decision" value="keep" className="btn-outline btn-sm">
                  Keep
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InterviewNotFound({ shell }: { shell: Shell | null }) {
  return (
    <Frame shell={shell}>
      <section className="card card-body text-center">
        <h1 className="text-xl font-semibold">Interview Not Found</h1>
        <p className="mt-2 text-sm text-slate-600">The interview details could not be found. It may have been canceled or the link is invalid.</p>
        <a href={shell ? "/dashboard" : "/"} className="btn-primary mt-6">
          {shell ? "Back to Dashboard" : "Go to Homepage"}
        </a>
      </section>
    </Frame>
  );
}
