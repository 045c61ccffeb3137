import type { Deps } from "../../deps";
import { formatDateTime } from "../../lib/when";
import { stageLabel } from "../candidates/classify";
import { candidateEvents, listNotes } from "../candidates/service-records";
import { getParticipant } from "../candidates/service";
import { listCampaigns, listJobs } from "../jobs/service";
import { candidateSchedule } from "../scheduling/candidate-records";
import { shortlistsOfCandidate } from "../shortlists/service";
import { messagesOfCandidate } from "../messages/service";

/** One line of a candidate's timeline. `type` says what it is; `text` is what the page shows. */
export interface ActivityItem {
  type: "applied" | "applied_again" | "imported" | "stage" | "edited" | "merged" | "note" | "shortlist" | "session" | "interview" | "email" | "pipeline" | "message";
  at: string;
  text: string;
  detail: Record<string, unknown>;
}

const FIELD_LABELS: Record<string, string> = {
  name: "name",
  emailAddress: "e-mail",
  city: "city",
  jobTitle: "job title",
  roleApplied: "role applied",
  linkedinUrl: "LinkedIn",
  phone: "phone",
  summary: "summary",
  skills: "skills",
  industry: "industry",
  visaStatus: "visa status",
  salaryExpectation: "salary expectation",
  availability: "availability",
  prequalifier: "prequalifier",
  assessment: "assessment",
  voiceTranscript: "voice transcript",
  isTest: "test data mark",
};

/**
 * GET /api/participants/{id}/activity: how they applied (campaign), stage changes, edits,
 * notes, shortlists, scheduling sessions, interviews and the e-mails sent to them or about
 * their interviews with their delivery state, newest first. Times in the text are in the
 * reader's zone.
 */
export function candidateActivity(deps: Deps, workspaceId: number, id: number, timeZone = "UTC"): { participantId: number; activity: ActivityItem[] } {
  const p = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  const items: ActivityItem[] = [];
  const campaignNames = campaignNamesOf(deps, workspaceId);
  const jobNames = new Map(listJobs(deps, workspaceId).map((j) => [j.id, j.title]));
  const via = (d: Record<string, unknown>) => {
    const c = typeof d.campaignId === "number" ? campaignNames.get(d.campaignId) : undefined;
    const j = typeof d.jobId === "number" ? jobNames.get(d.jobId) : undefined;
    return c ? ` via campaign ${c}` : j ? ` for ${j}` : "";
  };
  const events = candidateEvents(deps, workspaceId, id);
  if (!events.some((e) => e.kind === "applied" || e.kind === "imported")) {
    items.push({ type: "applied", at: p.createdAt, text: `Applied${via({ campaignId: p.campaignId, jobId: p.jobId })}`, detail: { campaignId: p.campaignId, jobId: p.jobId } });
  }
  for (const e of events) {
    const d = e.detail;
    const type = e.kind as ActivityItem["type"];
    if (e.kind === "applied") items.push({ type, at: e.at, text: `Applied${via(d)}`, detail: d });
    else if (e.kind === "applied_again") items.push({ type, at: e.at, text: `Applied again${via(d)} (same e-mail: conversation appended)`, detail: d });
    else if (e.kind === "imported") items.push({ type, at: e.at, text: d.fromCv ? "Added from a CV" : d.updated ? "Updated from a CSV import" : "Imported from a CSV file", detail: d });
    else if (e.kind === "stage") {
      items.push({
        type,
        at: e.at,
        text: `Screening progress changed from ${stageLabel(Number(d.from))} to ${stageLabel(Number(d.to))}`,
        detail: { ...d, fromLabel: stageLabel(Number(d.from)), toLabel: stageLabel(Number(d.to)) },
      });
    } else if (e.kind === "edited") {
      const fields = Array.isArray(d.fields) ? d.fields.map((f) => FIELD_LABELS[String(f)] ?? String(f)) : [];
      items.push({ type, at: e.at, text: `Edited ${fields.join(", ")}`, detail: d });
    } else if (e.kind === "merged") items.push({ type, at: e.at, text: `Merged with ${Number(d.count ?? 1)} duplicate record${Number(d.count ?? 1) === 1 ? "" : "s"}`, detail: d });
    // The job pipeline's events (issue 38: stage changes, stage e-mails, feedback) carry their own line.
    else if (typeof d.text === "string") items.push({ type: "pipeline", at: e.at, text: d.text, detail: { ...d, kind: e.kind } });
  }
  for (const n of listNotes(deps, workspaceId, id)) {
    items.push({ type: "note", at: n.createdAt, text: `Note by ${n.author}: ${n.body}`, detail: { noteId: n.id, author: n.author, body: n.body } });
  }
  for (const s of shortlistsOfCandidate(deps, workspaceId, id)) {
    items.push({ type: "shortlist", at: s.addedAt, text: `Added to shortlist ${s.name}`, detail: s });
  }
  const schedule = candidateSchedule(deps, workspaceId, id);
  for (const s of schedule.sessions) {
    items.push({ type: "session", at: s.createdAt, text: `Scheduling link sent: ${s.title} (${s.duration} min, ${s.state})`, detail: { sessionId: s.id, title: s.title, state: s.state } });
  }
  for (const m of schedule.interviews) {
    items.push({
      type: "interview",
      at: m.createdAt,
      text: `Interview ${m.title} on ${formatDateTime(m.startTime, timeZone)} (${m.status})`,
      detail: { interviewId: m.publicId, status: m.status, startTime: m.startTime },
    });
  }
  const mails = deps.mail.aboutPerson(workspaceId, { emails: p.emailAddress ? [p.emailAddress] : [], meetingIds: schedule.interviews.map((m) => m.id) });
  for (const m of mails) {
    items.push({
      type: "email",
      at: m.createdAt,
      text: `E-mail "${m.subject}" to ${m.to}: ${m.status}`,
      detail: { subject: m.subject, to: m.to, kind: m.kind, status: m.status, attempts: m.attempts, sentAt: m.sentAt, lastError: m.lastError },
    });
  }
  // Issue 55: e-mails with the candidate found in the members' mailboxes, threaded.
  for (const m of messagesOfCandidate(deps, workspaceId, id)) {
    const who = m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address;
    items.push({ type: "message", at: m.sentAt, text: `${m.direction === "in" ? "E-mail from" : "E-mail sent by"} ${who}: ${m.subject}`, detail: { ...m } });
  }
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { participantId: id, activity: items };
}

function campaignNamesOf(deps: Deps, workspaceId: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const j of listJobs(deps, workspaceId)) for (const c of listCampaigns(deps, workspaceId, j.id)) out.set(c.id, c.name);
  return out;
}
