import { useEffect, useRef, useState } from "react";
import { startPoll } from "../../../client/connection";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { POLL_MEETINGS_MS } from "../events";
import type { MeetingView } from "../views";
import { formatShortDate, formatTime } from "../slots";
import { interviewBadge } from "../status";
import { inScope, ScopeToggle, useScope } from "../components/scope-toggle";
import { deliveryLine, deliverySummary, deliveryTone } from "../delivery-text";
import type { InterviewAnswer, MeetingListAnswer } from "../../../client/answers";

/** Interview Status card: polled every 15 s; 'Interview Scheduled' when new meetings appear. */
export default function SchedulingMeetings({
  meetings: initial,
  meId,
  timeZone,
}: {
  meetings: MeetingView[];
  meId?: number;
  /** The member's zone (issue 41); else each interview's session zone. */ timeZone?: string;
}) {
  const [all, setMeetings] = useState(initial);
  const [scope, setScope] = useScope();
  const meetings = inScope(all, scope, meId);
  const count = useRef(initial.length);

  useEffect(() => {
    const refresh = async () => {
      try {
        const { meetings: next } = await api<MeetingListAnswer>("/api/meetings");
        const added = next.length - count.current;
        if (added > 0) toast({ title: "Interview Scheduled", description: `${added} new interview${added === 1 ? "" : "s"} scheduled.`, variant: "success" });
        count.current = next.length;
        setMeetings(next);
      } catch {
        // Retried on the next tick.
      }
    };
    return startPoll(refresh, POLL_MEETINGS_MS);
  }, []);

  return (
    <section className="card h-full" aria-labelledby="meetings-title">
      <div className="card-header">
        <div className="flex items-center justify-between gap-2">
          <h2 id="meetings-title" className="card-title">
            Interview Status
          </h2>
          <ScopeToggle scope={scope} onChange={setScope} label="Whose interviews" />
        </div>
        <p className="text-sm text-slate-500">Interviews booked by candidates.</p>
      </div>
      <div className="card-body">
        {meetings.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No interview records</p>
        ) : (
          <ul className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto">
            {meetings.map((m) => {
              const badge = interviewBadge(m.status);
              const name = `${m.candidate.firstName} ${m.candidate.lastName}`.trim() || "Candidate";
              return (
                <li key={m.id} className="flex items-center justify-between gap-2 py-3" data-testid="meeting-item">
                  <div className="min-w-0">
                    <div className="flex items-center gap-2">
                      <span className="truncate font-medium">{name}</span>
                      <span className={badge.className}>{badge.label}</span>
                    </div>
                    <p className="text-xs text-slate-500">
                      {m.title} · {formatShortDate(m.startTime, timeZone ?? m.timeZone)}, {formatTime(m.startTime, timeZone ?? m.timeZone)}
                    </p>
                    {m.flags.map((f) => (
                      <p key={f.kind + f.message} className="text-xs text-amber-800 dark:text-amber-300" data-flag={f.kind}>
                        ⚠ {f.message}
                      </p>
                    ))}
                    {m.videoUrl && m.status === "scheduled" ? (
                      <a href={m.videoUrl} className="text-xs text-brand-600 underline" target="_blank" rel="noopener noreferrer">
                        Join video call
                      </a>
                    ) : null}
                    <Delivery meeting={m} timeZone={timeZone} />
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <a href={`/interview-details/${m.id}`} className="btn-outline btn-sm">
                      View Details
                    </a>
                    <QuickActions meeting={m} onDone={(next) => setMeetings((all) => all.map((x) => (x.id === next.id ? next : x)))} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The interview's e-mails at a glance: delivered, retrying (next try at …) or failed (reason). */
function Delivery({ meeting: m, timeZone }: { meeting: MeetingView; timeZone?: string }) {
  const worst = deliverySummary(m.emails);
  if (!worst) return null;
  return (
    <p className={`text-xs ${deliveryTone[worst.status]}`} data-testid="meeting-delivery" data-status={worst.status}>
      E-mails: {deliveryLine(worst.email, timeZone ?? m.timeZone)}
    </p>
  );
}

/** Cancel, or mark completed / no-show once it has started; rescheduling lives on the details page. */
function QuickActions({ meeting: m, onDone }: { meeting: MeetingView; onDone: (m: MeetingView) => void }) {
  if (m.status !== "scheduled") return null;
  const started = Date.parse(m.startTime) <= Date.now();
  const act = async (path: string, body: object, done: string) => {
    try {
      const i = await api<InterviewAnswer>(`/api/interviews/${m.id}/${path}`, { body });
      onDone({ ...m, status: i.status });
      toast({ title: done, variant: "success" });
    } catch (e) {
      toast({ title: "Not changed", description: serverMessage(e) ?? "Please try again.", variant: "destructive" });
    }
  };
  return (
    <div className="flex gap-2 text-xs">
      {started ? (
        <>
          <button type="button" className="text-brand-600 underline" onClick={() => act("status", { status: "completed" }, "Marked completed")}>
            Completed
          </button>
          <button type="button" className="text-slate-600 underline" onClick={() => act("status", { status: "no_show" }, "Marked no-show")}>
            No-show
          </button>
        </>
      ) : (
        <button
          type="button"
          className="text-red-700 underline"
          onClick={() => {
            if (window.confirm("Cancel this interview? The candidate is told by e-mail.")) void act("cancel", {}, "Interview canceled");
          }}
        >
          Cancel
        </button>
      )}
    </div>
  );
}
