import type { ReactNode } from "react";
import { Island } from "../../../lib/render";
import SchedulingCopy from "../islands/scheduling-copy";
import type { InterviewView } from "../views";

// The interview details page's cards: the meeting, the candidate, the interviewers.

const Copy = ({ value, label }: { value: string; label: string }) => <Island name="scheduling-copy" component={SchedulingCopy} props={{ value, label }} />;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-2 text-sm break-all">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <div className="card-header">
        <h2 className="card-title">{title}</h2>
      </div>
      <dl className="card-body divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** Where the interview happens: its video link (or why there is none, with Retry for a missing Meet link), place, description and notes. */
export function MeetingCard({ interview: i, canAct }: { interview: InterviewView; canAct: boolean }) {
  return (
    <Card title="Meeting">
      <Row label="Video meeting link">
        {i.meetingUrl ? (
          <>
            <a href={i.meetingUrl} target="_blank" rel="noopener noreferrer" className="text-brand-600 underline">
              {i.meetingUrl}
            </a>
            <a href={i.meetingUrl} target="_blank" rel="noopener noreferrer" className="btn-primary btn-sm">
              Join
            </a>
            <Copy value={i.meetingUrl} label="Meeting link" />
          </>
        ) : i.videoLink?.missing && i.status === "scheduled" ? (
          <>
            <span className="text-amber-800 dark:text-amber-300" data-testid="video-link-missing">
              The Google Meet link is missing
            </span>
            {canAct ? (
              <form method="post" action={`/interview-details/${i.id}/video-retry`}>
                <button type="submit" className="btn-outline btn-sm">
                  Retry
                </button>
              </form>
            ) : null}
          </>
        ) : (
          <span className="text-slate-500">{i.videoLink?.kind === "none" ? "No video link" : "No meeting link yet"}</span>
        )}
      </Row>
      <Row label="Location">{i.meetingLocation || <span className="text-slate-500">Online</span>}</Row>
      <Row label="Description">{i.description || <span className="text-slate-500">No description</span>}</Row>
      <Row label="Notes">{i.notes || <span className="text-slate-500">No notes</span>}</Row>
    </Card>
  );
}

/** Who the candidate is and how to reach them. */
export function CandidateCard({ interview: i, name }: { interview: InterviewView; name: string }) {
  const c = i.candidate;
  return (
    <Card title="Candidate">
      <Row label="Name">{name}</Row>
      {c.position ? <Row label="Position">{c.position}</Row> : null}
      {c.clientName ? <Row label="Client">{c.clientName}</Row> : null}
      {c.hiringManagerName ? <Row label="Hiring Manager">{c.hiringManagerName}</Row> : null}
      {c.email ? (
        <Row label="Email">
          <a href={`mailto:${c.email}`} className="text-brand-600 underline">
            {c.email}
          </a>
          <Copy value={c.email} label="Email" />
        </Row>
      ) : null}
      {c.linkedinProfile ? (
        <Row label="LinkedIn">
          <a href={c.linkedinProfile} target="_blank" rel="noopener noreferrer" className="text-brand-600 underline">
            {c.linkedinProfile}
          </a>
          <Copy value={c.linkedinProfile} label="LinkedIn" />
        </Row>
      ) : null}
    </Card>
  );
}

/** Who holds the interview, why a pool chose them, and the panel beside them. */
export function InterviewersCard({ interview: i }: { interview: InterviewView }) {
  return (
    <Card title={i.interviewers.length > 1 ? "Interviewers" : "Interviewer"}>
      <Row label="Name">{i.interviewer.name || "—"}</Row>
      <Row label="Email">
        {i.interviewer.email}
        <Copy value={i.interviewer.email} label="Email" />
      </Row>
      {i.assignedBy === "pool" ? (
        <Row label="Chosen from the pool">
          <span data-testid="assignment-reason">{i.assignmentReason}</span>
        </Row>
      ) : null}
      {i.interviewers.length > 1 ? (
        <Row label="Panel">
          <ul className="w-full space-y-0.5" data-testid="panel">
            {i.interviewers.slice(1).map((p) => (
              <li key={p.userId}>
                {p.name || p.email}{" "}
                <span className="text-slate-500">
                  · {p.email}
                  {p.required ? "" : " · optional"}
                </span>
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
    </Card>
  );
}
