import { useEffect, useRef, useState } from "react";
import { startPoll } from "../src/client/connection";
import { api } from "../src/client/api";
import { toast } from "../src/client/toast";
import { POLL_MEETINGS_MS } from "../src/features/scheduling/events";
import type { MeetingView } from "../src/features/scheduling/model";
import { formatShortDate, formatTime } from "../src/features/scheduling/slots";
import { interviewBadge } from "../src/features/scheduling/status";

/** Interview Status card: polled every 15 s; 'Interview Scheduled' when new meetings appear. */
export default function SchedulingMeetings({ meetings: initial }: { meetings: MeetingView[] }) {
  const [meetings, setMeetings] = useState(initial);
  const count = useRef(initial.length);

  useEffect(() => {
    const refresh = async () => {
      try {
        const { meetings: next } = await api<{ meetings: MeetingView[] }>("/api/meetings");
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
        <h2 id="meetings-title" className="card-title">Interview Status</h2>
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
                      {m.title} · {formatShortDate(m.startTime, m.timeZone)}, {formatTime(m.startTime, m.timeZone)}
                    </p>
                  </div>
                  <a href={`/interview-details/${m.id}`} className="btn-outline btn-sm shrink-0">View Details</a>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
