import { z } from "zod";
import { zoneOfMember } from "../auth/members";
import { formatDate } from "../../lib/when";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { defineJob, type Job } from "../../lib/jobs";
import { badRequest, notFound } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { getJob } from "../jobs/service";
import { getParticipant } from "../candidates/service";
import { jobOfInterview } from "../applications/interview-job";
import { meetingForFeedback, type MeetingForFeedback } from "../scheduling/candidate-records";
import { recordPipelineEvent } from "../pipeline-events/record";
import { FeedbackRequestEmail } from "./emails/feedback-request-email";
import { RECOMMENDATION_LABELS, RECOMMENDATIONS, type Feedback, type FeedbackFields, type Recommendation } from "./model";
import * as repo from "./repo";
import { CANCELED, NOT_YET } from "./texts";
import { criteriaOf } from "./criteria";
export { scorecardCriteria, setCriteria } from "./criteria";

const LINK_TTL_MS = 30 * 86_400_000;
type Member = { id: number; role: string; workspaceId: number; name?: string | null; email: string };

// ---- views and summaries ----

function toFeedback(r: repo.FeedbackRow, publicId: string): Feedback {
  let ratings: Record<string, number> = {};
  try {
    ratings = JSON.parse(r.ratings);
  } catch {
    // A row written by hand: no ratings.
  }
  return {
    id: r.id,
    interviewId: publicId,
    candidateId: r.participantId,
    jobId: r.jobId,
    reviewer: { name: r.reviewerName, email: r.reviewerEmail, member: r.reviewerUserId != null },
    recommendation: r.recommendation,
    ratings,
    notes: r.notes,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** "2 × Yes, 1 × Strong yes": the given recommendations, most first; "" when none. */
function summarise(recommendations: (Recommendation | null)[]): string {
  const counts = new Map<Recommendation, number>();
  for (const r of recommendations) if (r) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || RECOMMENDATIONS.indexOf(a[0]) - RECOMMENDATIONS.indexOf(b[0]))
    .map(([r, n]) => `${n} × ${RECOMMENDATION_LABELS[r]}`)
    .join(", ");
}

/** Every candidate's summary in one read (the board's cards). */
export function summariesOf(deps: Deps, workspaceId: number, candidateIds: number[]): Map<number, string> {
  const wanted = new Set(candidateIds);
  const by = new Map<number, (Recommendation | null)[]>();
  for (const r of repo.answersOf(deps.db, workspaceId)) if (wanted.has(r.participantId)) by.set(r.participantId, [...(by.get(r.participantId) ?? []), r.recommendation]);
  const out = new Map<number, string>();
  for (const [id, list] of by) {
    const s = summarise(list);
    if (s) out.set(id, s);
  }
  return out;
}

function meetingOrNotFound(deps: Deps, workspaceId: number, publicId: string): MeetingForFeedback {
  const m = meetingForFeedback(deps, { workspaceId, publicId });
  if (!m) throw notFound("The interview details could not be found. It may have been canceled or the link is invalid.");
  return m;
}

export function feedbackOfInterview(deps: Deps, workspaceId: number, publicId: string) {
  const m = meetingOrNotFound(deps, workspaceId, publicId);
  const feedback = repo.ofMeeting(deps.db, workspaceId, m.id).map((r) => toFeedback(r, m.publicId));
  return { feedback, summary: summarise(feedback.map((f) => f.recommendation)) };
}

export function feedbackOfCandidate(deps: Deps, workspaceId: number, candidateId: number) {
  getParticipant(deps, workspaceId, candidateId);
  const rows = repo.ofParticipant(deps.db, workspaceId, candidateId);
  const publicIds = new Map<number, string>();
  for (const r of rows) if (!publicIds.has(r.meetingId)) publicIds.set(r.meetingId, meetingForFeedback(deps, { id: r.meetingId })?.publicId ?? "");
  const feedback = rows.map((r) => toFeedback(r, publicIds.get(r.meetingId) ?? ""));
  return { feedback, summary: summarise(feedback.map((f) => f.recommendation)) };
}

// ---- asking, and answering ----

/** In `tx`: one scorecard request per interviewer with a private link, and its e-mail. */
function requestFeedback(deps: Deps, tx: Tx, m: MeetingForFeedback): number {
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + LINK_TTL_MS);
  const jobId = jobOfInterview(deps, m.workspaceId, m.candidateId);
  let sent = 0;
  // The interviewer (a member) and the guests (a client's contact, no sign-in: the link is enough).
  const reviewers = [
    { userId: m.interviewer.userId as number | null, name: m.interviewer.name, email: m.interviewer.email.toLowerCase() },
    ...m.guests.map((g) => ({ userId: null, name: g.name, email: g.email })),
  ];
  for (const reviewer of reviewers) {
    const token = randomToken(24);
    const row = repo.insertRequest(tx, {
      workspaceId: m.workspaceId,
      meetingId: m.id,
      participantId: m.candidateId,
      jobId,
      reviewerUserId: reviewer.userId,
      reviewerEmail: reviewer.email,
      reviewerName: reviewer.name,
      tokenHash: sha256(token),
      expiresAt: expires,
      createdAt: now,
    });
    if (!row) continue; // already asked (or already given on the interview page)
    deps.mail.enqueue(tx, {
      to: reviewer.email,
      subject: `Feedback: ${m.candidateName ?? "your interview"}`,
      email: FeedbackRequestEmail({
        reviewerName: reviewer.name,
        candidateName: m.candidateName ?? "the candidate",
        title: m.title,
        url: `${deps.config.APP_URL}/feedback/${token}`,
        // A member reads it in their zone, a client's guest in the workspace's (decision 50).
        expires: formatDate(expires, zoneOfMember(deps, m.workspaceId, reviewer.userId)),
      }),
      workspaceId: m.workspaceId,
      meetingId: m.id,
      kind: "feedback_request",
      audience: "recruiter",
    });
    sent++;
  }
  return sent;
}

/**
 * Runs when the interview should have ended (written with the booking, at its end time). A
 * moved interview has a newer task at its new end; a cancelled one asks nobody.
 */
const feedbackRequestJob = defineJob("feedback.request", z.object({ meetingId: z.number().int() }));

/** The feedback feature's work, for the worker. */
export function feedbackJobs(deps: Deps): Job<any>[] {
  return [
    feedbackRequestJob.runs(async ({ meetingId }, { whileLeased }) => {
      const m = meetingForFeedback(deps, { id: meetingId });
      if (!m || (m.status !== "scheduled" && m.status !== "completed")) return;
      if (m.endTime.getTime() > deps.clock.now().getTime()) return;
      await whileLeased((tx) => void requestFeedback(deps, tx, m));
    }),
  ];
}

export function scheduleFeedbackRequest(tx: Tx, meeting: { id: number; endTime: Date }) {
  feedbackRequestJob.enqueue(tx, { meetingId: meeting.id }, { runAt: meeting.endTime });
}

function checkRatings(criteria: string[], ratings: Record<string, number>) {
  for (const key of Object.keys(ratings))
    if (!criteria.includes(key)) throw badRequest(`Unknown criterion: ${key.slice(0, 60)}. Criteria are: ${criteria.join(", ")}`, { ratings: "Unknown criterion" });
}

function save(deps: Deps, tx: Tx, row: repo.FeedbackRow, input: FeedbackFields, actor: { userId: number } | "system") {
  checkRatings(criteriaOf(deps, row.workspaceId, row.jobId), input.ratings);
  const before = row.submittedAt && row.recommendation ? row.recommendation : null;
  const saved = repo.saveAnswer(tx, row.id, { recommendation: input.recommendation, ratings: JSON.stringify(input.ratings), notes: input.notes, submittedAt: deps.clock.now() });
  recordPipelineEvent(deps, tx, {
    workspaceId: row.workspaceId,
    actor,
    subject: { type: "interview_feedback", id: row.id },
    kind: "feedback.given",
    summary: `${row.reviewerName ?? row.reviewerEmail} gave interview feedback on candidate #${row.participantId}`,
    // A change is the same scorecard: the timeline shows its latest line only (candidates/timeline.ts).
    timeline: `Interview feedback from ${row.reviewerName ?? row.reviewerEmail}: ${RECOMMENDATION_LABELS[input.recommendation]}${before ? ` (changed from ${RECOMMENDATION_LABELS[before]})` : ""}`,
    candidateId: row.participantId,
    data: { feedbackId: row.id, meetingId: row.meetingId, recommendation: input.recommendation, ...(before ? { changedFrom: before } : {}) },
  });
  return saved;
}

/**
 * A scorecard is about an interview that took place: none before it starts, nor for a canceled
 * one. Null when one may be filed, else why not (the API's refusal, the interview page's line).
 */
function whyNoScorecard(deps: Deps, m: Pick<MeetingForFeedback, "startTime" | "status">): string | null {
  if (m.status === "canceled") return CANCELED;
  return m.startTime.getTime() <= deps.clock.now().getTime() ? null : NOT_YET;
}

function refuseBeforeInterview(deps: Deps, m: MeetingForFeedback) {
  const why = whyNoScorecard(deps, m);
  if (why) throw badRequest(why);
}

/** POST /api/interviews/{id}/feedback and the interview page: the signed-in member's own scorecard. */
export function giveFeedback(deps: Deps, me: Member, publicId: string, input: FeedbackFields): Feedback {
  const m = meetingOrNotFound(deps, me.workspaceId, publicId);
  refuseBeforeInterview(deps, m);
  const email = me.email.toLowerCase();
  const row = deps.db.transaction((tx) => {
    const existing =
      repo.findByReviewer(tx, me.workspaceId, m.id, email) ??
      repo.insertRequest(tx, {
        workspaceId: m.workspaceId,
        meetingId: m.id,
        participantId: m.candidateId,
        jobId: jobOfInterview(deps, m.workspaceId, m.candidateId),
        reviewerUserId: me.id,
        reviewerEmail: email,
        reviewerName: me.name ?? null,
        createdAt: deps.clock.now(),
      })!;
    return save(deps, tx, existing, input, { userId: me.id });
  });
  return toFeedback(row, m.publicId);
}

/** Whether a string names a feedback link (expired ones included): what the link's limit counts by. */
export function knownToken(deps: Deps, token: string): boolean {
  return /^[A-Za-z0-9_-]{20,64}$/.test(token) && !!repo.findByToken(deps.db, sha256(token));
}

/** /feedback/{token}: the scorecard of one interviewer, no sign-in; unknown or expired links are one 404. */
export function scorecardOf(deps: Deps, token: string) {
  const row = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? repo.findByToken(deps.db, sha256(token)) : undefined;
  if (!row || !row.expiresAt || row.expiresAt.getTime() < deps.clock.now().getTime()) throw notFound("This feedback link is invalid or has expired.");
  const m = meetingForFeedback(deps, { id: row.meetingId });
  if (!m) throw notFound("This feedback link is invalid or has expired.");
  const job = row.jobId ? getJob(deps, row.workspaceId, row.jobId) : null;
  return {
    row,
    feedback: toFeedback(row, m.publicId),
    candidateName: m.candidateName ?? "the candidate",
    title: m.title,
    when: m.startTime.toISOString(),
    // The interviewer reads the time in their zone, else the workspace's (issue 60).
    timeZone: zoneOfMember(deps, row.workspaceId, row.reviewerUserId),
    job: job?.title ?? null,
    criteria: criteriaOf(deps, row.workspaceId, row.jobId),
  };
}

export function answerScorecard(deps: Deps, token: string, input: FeedbackFields): void {
  const { row } = scorecardOf(deps, token);
  const m = meetingForFeedback(deps, { id: row.meetingId });
  if (m) refuseBeforeInterview(deps, m);
  deps.db.transaction((tx) => save(deps, tx, row, input, row.reviewerUserId ? { userId: row.reviewerUserId } : "system"));
}

/** The interview page's feedback card: the job and client, the scorecards, the member's own (empty until given). */
export function interviewFeedbackCard(deps: Deps, workspaceId: number, publicId: string, member: { id: number; email: string }) {
  const m = meetingForFeedback(deps, { workspaceId, publicId });
  if (!m) return null;
  const rows = repo.ofMeeting(deps.db, workspaceId, m.id);
  const feedback = rows.map((r) => toFeedback(r, m.publicId));
  const jobId = rows[0]?.jobId ?? jobOfInterview(deps, workspaceId, m.candidateId);
  const job = jobId ? getJob(deps, workspaceId, jobId) : null;
  const email = member.email.toLowerCase();
  const mine = feedback.find((f) => f.reviewer.email === email) ?? {
    id: 0,
    interviewId: m.publicId,
    candidateId: m.candidateId,
    jobId,
    reviewer: { name: null, email, member: true },
    recommendation: null,
    ratings: {},
    notes: null,
    submittedAt: null,
    createdAt: "",
  };
  return {
    publicId: m.publicId,
    job: job ? { id: job.id, title: job.title, client: job.client } : null,
    summary: summarise(feedback.map((f) => f.recommendation)),
    feedback,
    mine,
    criteria: criteriaOf(deps, workspaceId, jobId),
    closed: whyNoScorecard(deps, m),
  };
}

/** A merge, in its transaction: the feedback about the duplicates is about the kept record. */
export function moveFeedback(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  repo.moveToParticipant(tx, workspaceId, fromIds, toId);
}
