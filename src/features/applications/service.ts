import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import { getJob } from "../jobs/service";
import { getParticipant } from "../candidates/service";
import { recordPipelineEvent, type Actor } from "../pipeline-events/record";
import { ensureStages, findStage, rejectReasons, stagesOf, type Stage } from "./stages";
import * as repo from "./repo";
import type { Answer, Application, Move } from "./model";

type Member = { id: number; role: string; workspaceId: number };

function toApplication(r: repo.ApplicationRow, stages: Stage[]): Application {
  return {
    id: r.id,
    candidateId: r.participantId,
    jobId: r.jobId,
    stage: stages.find((s) => s.id === r.stageId)?.name ?? "",
    stageId: r.stageId,
    rejectedReason: r.rejectedReason,
    createdAt: r.createdAt.toISOString(),
    movedAt: r.movedAt.toISOString(),
    source: r.source,
    answers: parseList<Answer>(r.answers),
    flags: parseList<string>(r.flags),
  };
}

function parseList<T>(raw: string | null): T[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** What an application made on the careers site carries (issue 56): where from, the answers, the flags. */
export interface ApplicationExtras {
  source?: string | null;
  answers?: Answer[];
  flags?: string[];
  /** When it was made (the demo's history); now by default. */
  at?: Date;
}

/**
 * Makes the application of a candidate to a job in the first stage, unless they have one
 * (one per person and job): in `tx`, the transaction that brought them (a campaign link, a
 * recruiter adding them). Returns the new row, or undefined when it existed.
 */
export function openApplication(deps: Deps, tx: Tx, workspaceId: number, participantId: number, jobId: number, actor: Actor, extras: ApplicationExtras = {}): repo.ApplicationRow | undefined {
  // A candidate's campaign changes only as they come through a campaign link, which opens (or finds) an application here in
  // the same transaction: their other applications take it too (the new one is written with it).
  repo.keepCampaign(tx, workspaceId, participantId);
  if (repo.findByJobAndCandidate(tx, workspaceId, jobId, participantId)) return undefined;
  const stages = ensureStages(deps, tx, workspaceId);
  const first = stages.find((s) => s.kind === "open") ?? stages[0]!;
  const now = extras.at ?? deps.clock.now();
  const userId = typeof actor === "object" ? actor.userId : null;
  const row = repo.insertApplication(tx, {
    workspaceId,
    participantId,
    jobId,
    stageId: first.id,
    ownerUserId: userId,
    createdAt: now,
    movedAt: now,
    source: extras.source ?? null,
    answers: extras.answers?.length ? JSON.stringify(extras.answers) : null,
    flags: extras.flags?.length ? JSON.stringify(extras.flags) : null,
  });
  if (!row) return undefined;
  repo.insertMove(tx, { workspaceId, applicationId: row.id, fromStageId: null, toStageId: first.id, userId, at: now });
  return row;
}

/**
 * The demo workspace's pipeline (src/demo-workspace-seed.ts): each seeded candidate who came
 * through a job's campaign gets their application on the day they applied, and one move per
 * stage up to their progress (1 the first, 5 the last), spread between that day and now, so the
 * board's days in stage and the funnel's medians read as weeks of work, not all "today" (issue
 * 60). No event: nobody moved them.
 */
export function seedDemoApplications(deps: Deps, workspaceId: number, candidates: { id: number; jobId: number | null; stages: number; createdAt: string | Date }[]): number {
  return deps.db.transaction((tx) => {
    const open = ensureStages(deps, tx, workspaceId).filter((s) => s.kind === "open");
    const now = deps.clock.now().getTime();
    let n = 0;
    for (const c of candidates) {
      if (!c.jobId) continue;
      const applied = Math.min(now, new Date(c.createdAt).getTime());
      const row = openApplication(deps, tx, workspaceId, c.id, c.jobId, "system", { at: new Date(applied) });
      if (!row) continue;
      n++;
      const target = Math.min(open.length, Math.max(1, c.stages));
      let from = row.stageId;
      let at = applied;
      // The stages passed share the time since applying; the current one keeps a share of its own.
      for (let k = open.findIndex((s) => s.id === row.stageId) + 1; k < target; k++) {
        at = applied + Math.round(((now - applied) * k) / (target + 1));
        repo.insertMove(tx, { workspaceId, applicationId: row.id, fromStageId: from, toStageId: open[k]!.id, userId: null, at: new Date(at) });
        from = open[k]!.id;
      }
      if (from !== row.stageId) repo.moveApplication(tx, workspaceId, row.id, { stageId: from, rejectedReason: null, movedAt: new Date(at) });
    }
    return n;
  });
}

/** POST /api/jobs/{id}/applications: a recruiter adds a candidate to a job's pipeline. */
export function addToJob(deps: Deps, me: Member, jobId: number, candidateId: number): Application {
  requirePermission(me, "applications.write");
  const job = getJob(deps, me.workspaceId, jobId);
  const person = getParticipant(deps, me.workspaceId, candidateId);
  const row = deps.db.transaction((tx) => {
    const row = openApplication(deps, tx, me.workspaceId, candidateId, jobId, { userId: me.id });
    if (!row) throw conflict(`${person.name ?? "This candidate"} already has an application to ${job.title}`);
    recordPipelineEvent(deps, tx, {
      workspaceId: me.workspaceId,
      actor: { userId: me.id },
      subject: { type: "application", id: row.id },
      kind: "application.created",
      summary: `Added candidate #${candidateId} to ${job.title}`,
      timeline: `Added to ${job.title}`,
      candidateId,
      data: { applicationId: row.id, jobId },
    });
    return row;
  });
  return toApplication(row, stagesOf(deps, me.workspaceId));
}

/** GET /api/jobs/{id}/applications?stage=: a job's applications, in one stage when asked. */
export function listOfJob(deps: Deps, workspaceId: number, jobId: number, stage?: string): Application[] {
  getJob(deps, workspaceId, jobId);
  const stages = stagesOf(deps, workspaceId);
  let stageId: number | undefined;
  if (stage) {
    const s = findStage(stages, stage);
    if (!s) throw unknownStage(stage, stages);
    stageId = s.id;
  }
  return repo.applicationsOfJob(deps.db, workspaceId, jobId, stageId).map((r) => ({ ...toApplication(r.a, stages), candidate: { name: r.name, city: r.city } }));
}

/** A candidate's applications (GET /api/participants/{id}), each with its job's title. */
export function applicationsOfCandidate(deps: Deps, workspaceId: number, participantId: number): Application[] {
  const rows = repo.applicationsOfParticipant(deps.db, workspaceId, participantId);
  if (!rows.length) return [];
  const stages = stagesOf(deps, workspaceId);
  return rows.map((r) => {
    let title = "";
    try {
      title = getJob(deps, workspaceId, r.jobId).title;
    } catch {
      // The job was deleted while the list was read: its applications go with it.
    }
    return { ...toApplication(r, stages), job: { title } };
  });
}

export function getApplication(deps: Deps, workspaceId: number, id: number): Application {
  const row = repo.findApplication(deps.db, workspaceId, id);
  if (!row) throw notFound("Application not found");
  return toApplication(row, stagesOf(deps, workspaceId));
}

const unknownStage = (name: string | number, stages: Stage[]) =>
  badRequest(`Unknown stage: ${String(name).slice(0, 60)}. Stages are: ${stages.map((s) => s.name).join(", ")}`, { stage: "Unknown stage" });

/** What a move changed, for the e-mail it may send (stage templates) and the caller's answer. */
export interface Moved {
  application: Application;
  from: Stage | undefined;
  to: Stage;
  changed: boolean;
}

/**
 * Moves one application to a stage, in `tx`: the row, the move's record (for the funnel), the
 * activity log, the candidate's timeline and the `application.stage_changed` webhook. Rejected
 * needs one of the workspace's reasons. Moving to the stage it is in changes nothing.
 */
export function moveIn(deps: Deps, tx: Tx, workspaceId: number, actor: Actor, id: number, input: Move): Moved {
  const row = repo.findApplication(tx, workspaceId, id);
  if (!row) throw notFound("Application not found");
  const stages = ensureStages(deps, tx, workspaceId);
  const to = findStage(stages, input.stage);
  if (!to) throw unknownStage(input.stage, stages);
  let reason: string | null = null;
  if (to.kind === "rejected") {
    const reasons = rejectReasons(deps, workspaceId, tx);
    if (!input.rejectedReason) throw badRequest(`Choose a reason for ${to.name}`, { rejectedReason: `Choose a reason for ${to.name}` });
    reason = reasons.find((r) => r.toLowerCase() === input.rejectedReason!.toLowerCase()) ?? null;
    if (!reason) throw badRequest(`Unknown reason: ${input.rejectedReason.slice(0, 60)}. Reasons are: ${reasons.join(", ")}`, { rejectedReason: "Unknown reason" });
  }
  const from = stages.find((s) => s.id === row.stageId);
  if (row.stageId === to.id && row.rejectedReason === reason) return { application: toApplication(row, stages), from, to, changed: false };
  const now = deps.clock.now();
  const userId = typeof actor === "object" ? actor.userId : null;
  // The first member to move an application nobody added (a campaign's) becomes its owner.
  repo.moveApplication(tx, workspaceId, id, { stageId: to.id, rejectedReason: reason, movedAt: now, ...(row.ownerUserId == null && userId != null ? { ownerUserId: userId } : {}) });
  repo.insertMove(tx, { workspaceId, applicationId: id, fromStageId: row.stageId, toStageId: to.id, userId, at: now });
  const application = toApplication({ ...row, stageId: to.id, rejectedReason: reason, movedAt: now }, stages);
  const job = getJob(deps, workspaceId, row.jobId);
  const change = { applicationId: id, candidateId: row.participantId, jobId: row.jobId, from: from?.name ?? null, to: to.name, rejectedReason: reason };
  recordPipelineEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "application", id },
    kind: "application.stage_changed",
    summary: `Candidate #${row.participantId} moved from ${from?.name ?? "none"} to ${to.name}${reason ? ` (${reason})` : ""} for ${job.title}`,
    timeline: `${job.title}: pipeline stage moved from ${from?.name ?? "none"} to ${to.name}${reason ? ` (${reason})` : ""}`,
    candidateId: row.participantId,
    data: change,
    webhooks: [{ type: "application.stage_changed", data: () => ({ ...change, application, job: { id: job.id, title: job.title } }), candidateId: row.participantId }],
  });
  return { application, from, to, changed: true };
}

/** Booking an interview for an application earlier than Interview moves it there (scheduling's hook). */
export function interviewBooked(deps: Deps, tx: Tx, workspaceId: number, participantId: number, actor: Actor): void {
  // Most bookings are of candidates without an application: one indexed read, nothing more.
  const apps = repo.applicationsOfParticipant(tx, workspaceId, participantId);
  if (!apps.length) return;
  const stages = ensureStages(deps, tx, workspaceId);
  const interview = stages.find((s) => s.kind === "open" && s.name.toLowerCase() === "interview");
  if (!interview) return;
  for (const a of apps) {
    const at = stages.find((s) => s.id === a.stageId);
    if (at && at.kind === "open" && at.position < interview.position) moveIn(deps, tx, workspaceId, actor, a.id, { stage: interview.id, rejectedReason: null });
  }
}

/**
 * A client's answer on a shared shortlist, when the share moves applications (issue 39), in the
 * answer's transaction: only the candidate's open applications for that client's jobs move.
 * Interested or an interview asked for: to Interview (never backwards); Not now: Rejected, with
 * the reason "Not a fit" (or the workspace's first reason when it has renamed that one).
 */
export function clientAnswered(deps: Deps, tx: Tx, workspaceId: number, participantId: number, clientId: number, answer: "interested" | "not_now" | "interview", actor: Actor): number {
  const apps = repo.applicationsOfParticipant(tx, workspaceId, participantId).filter((a) => {
    try {
      return getJob(deps, workspaceId, a.jobId).clientId === clientId;
    } catch {
      return false;
    }
  });
  if (!apps.length) return 0;
  const stages = ensureStages(deps, tx, workspaceId);
  let moved = 0;
  for (const a of apps) {
    const at = stages.find((s) => s.id === a.stageId);
    if (!at || at.kind !== "open") continue;
    if (answer === "not_now") {
      const rejected = stages.find((s) => s.kind === "rejected");
      const reasons = rejectReasons(deps, workspaceId, tx);
      const reason = reasons.find((r) => r.toLowerCase() === "not a fit") ?? reasons[0];
      if (rejected && reason && moveIn(deps, tx, workspaceId, actor, a.id, { stage: rejected.id, rejectedReason: reason }).changed) moved++;
    } else {
      const interview = stages.find((s) => s.kind === "open" && s.name.toLowerCase() === "interview");
      if (interview && at.position < interview.position && moveIn(deps, tx, workspaceId, actor, a.id, { stage: interview.id, rejectedReason: null }).changed) moved++;
    }
  }
  return moved;
}

/** POST /api/participants/merge, in its transaction: the duplicates' applications move to the kept record. */
export function moveApplications(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  repo.moveToParticipant(tx, workspaceId, fromIds, toId);
}
