// Sequences (issue 55 item 4): named steps (a template and a delay in days, business days or not);
// candidates enrolled one by one or from a selection; each step is a task due at its time, which
// writes the message from the enrolling member's mailbox and the next step's task in one
// transaction. A reply, a bounce or an unsubscribe stops the candidate's enrolment and says why.
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { randomToken } from "../../lib/crypto";
import { defineJob, type Job } from "../../lib/jobs";
import { requirePermission } from "../auth/permissions";
import { getTemplate, listTemplates } from "../applications/templates";
import { getParticipant } from "../candidates/service";
import { requireMember } from "../team/service";
import { candidateRecipient, writeMessageIn, type Author } from "./compose";
import type { EnrolmentView, SequenceView } from "./model";
import { dueAfter } from "./sequence-time";
import * as repo from "./sequences-repo";
import { stopEnrolment } from "./sequence-stop";

type Step = { templateId: number; delayDays: number; businessDays: boolean };
type Member = { id: number; workspaceId: number; role: string };

const sequenceStepJob = defineJob("sequence.step", z.object({ enrolmentId: z.number().int(), nonce: z.string() }));

const stepsOf = (s: repo.SequenceRow): Step[] => JSON.parse(s.steps) as Step[];

function view(deps: Deps, s: repo.SequenceRow): SequenceView {
  const names = new Map(listTemplates(deps, s.workspaceId).map((t) => [t.id, t.name]));
  const counts = { active: 0, finished: 0, stopped: 0 };
  for (const e of repo.enrolmentsOfSequence(deps.db, s.id)) counts[e.status as keyof typeof counts]++;
  return {
    id: s.id,
    name: s.name,
    paused: s.paused,
    steps: stepsOf(s).map((x) => ({ ...x, templateName: names.get(x.templateId) ?? null })),
    enrolments: counts,
    createdAt: s.createdAt.toISOString(),
  };
}

function checkSteps(deps: Deps, workspaceId: number, steps: Step[]) {
  steps.forEach((x, i) => {
    try {
      getTemplate(deps, workspaceId, x.templateId);
    } catch {
      throw badRequest(`Step ${i + 1}: template not found`, { steps: `Step ${i + 1}: template not found` });
    }
  });
}

export function listSequences(deps: Deps, workspaceId: number): SequenceView[] {
  return repo.listSequences(deps.db, workspaceId).map((s) => view(deps, s));
}

function getSequence(deps: Deps, workspaceId: number, id: number): repo.SequenceRow {
  const s = repo.findSequence(deps.db, workspaceId, id);
  if (!s) throw notFound("Sequence not found");
  return s;
}

export function createSequence(deps: Deps, me: Member, input: { name: string; steps: Step[] }): SequenceView {
  requirePermission(me, "candidates.write");
  checkSteps(deps, me.workspaceId, input.steps);
  return view(deps, repo.insertSequence(deps.db, { workspaceId: me.workspaceId, name: input.name, steps: JSON.stringify(input.steps), createdAt: deps.clock.now() }));
}

/** Renames, changes the steps, pauses or resumes; resuming writes each active enrolment's step task again. */
export function updateSequence(deps: Deps, me: Member, id: number, input: { name?: string; steps?: Step[]; paused?: boolean }): SequenceView {
  requirePermission(me, "candidates.write");
  const before = getSequence(deps, me.workspaceId, id);
  if (input.steps) checkSteps(deps, me.workspaceId, input.steps);
  const row = deps.db.transaction((tx) => {
    const r = repo.updateSequence(tx, me.workspaceId, id, { name: input.name, paused: input.paused, steps: input.steps ? JSON.stringify(input.steps) : undefined })!;
    if (before.paused && input.paused === false) for (const e of repo.enrolmentsOfSequence(tx, id)) if (e.status === "active") schedule(deps, tx, e, e.nextAt ?? deps.clock.now());
    return r;
  });
  return view(deps, row);
}

/** A new nonce and the step's task at `at` (never in the past): older tasks of the enrolment then do nothing. */
function schedule(deps: Deps, tx: Tx, e: repo.EnrolmentRow, at: Date): void {
  const nonce = randomToken(8);
  const runAt = new Date(Math.max(at.getTime(), deps.clock.now().getTime()));
  repo.setEnrolment(tx, e.id, { nonce, nextAt: runAt });
  sequenceStepJob.enqueue(tx, { enrolmentId: e.id, nonce }, { runAt });
}

function enrolmentView(s: repo.SequenceRow, e: repo.EnrolmentRow): EnrolmentView {
  const active = e.status === "active";
  return {
    id: e.id,
    sequenceId: s.id,
    sequenceName: s.name,
    candidateId: e.participantId,
    status: e.status as EnrolmentView["status"],
    stopReason: e.stopReason,
    nextStep: active ? e.nextStep + 1 : null,
    nextAt: active && e.nextAt ? e.nextAt.toISOString() : null,
    paused: s.paused,
  };
}

/** POST /api/sequences/{id}/enrolments: each candidate enrolled (again, from the first step, if stopped or finished). */
export function enrol(deps: Deps, me: Member, sequenceId: number, candidateIds: number[]): { enrolments: EnrolmentView[]; refused: { candidateId: number; reason: string }[] } {
  requirePermission(me, "candidates.write");
  const s = getSequence(deps, me.workspaceId, sequenceId);
  const first = stepsOf(s)[0]!;
  const enrolments: EnrolmentView[] = [];
  const refused: { candidateId: number; reason: string }[] = [];
  for (const candidateId of new Set(candidateIds)) {
    let email: string | null = null;
    try {
      email = getParticipant(deps, me.workspaceId, candidateId).emailAddress ?? null;
    } catch {
      refused.push({ candidateId, reason: "Candidate not found" });
      continue;
    }
    if (!email) {
      refused.push({ candidateId, reason: "The candidate has no e-mail address" });
      continue;
    }
    const row = deps.db.transaction((tx) => {
      const had = repo.enrolmentOf(tx, sequenceId, candidateId);
      if (had?.status === "active") return null;
      const at = dueAfter(deps.clock.now(), first.delayDays, first.businessDays);
      const fields = { enrolledBy: me.id, nextAt: at, nonce: "", unsubscribeToken: randomToken(24) };
      const e = had
        ? repo.restartEnrolment(tx, had.id, fields)
        : repo.insertEnrolment(tx, { workspaceId: me.workspaceId, sequenceId, participantId: candidateId, ...fields, createdAt: deps.clock.now() });
      if (!s.paused) schedule(deps, tx, e, at);
      return repo.enrolmentById(tx, e.id)!;
    });
    if (row) enrolments.push(enrolmentView(s, row));
    else refused.push({ candidateId, reason: "Already enrolled" });
  }
  return { enrolments, refused };
}

/** DELETE /api/sequences/{id}/enrolments/{candidateId}: a member stops it. */
export function unenrol(deps: Deps, me: Member & { name?: string | null; email: string }, sequenceId: number, candidateId: number): EnrolmentView {
  requirePermission(me, "candidates.write");
  const s = getSequence(deps, me.workspaceId, sequenceId);
  const e = repo.enrolmentOf(deps.db, sequenceId, candidateId);
  if (!e) throw notFound("The candidate is not enrolled in this sequence");
  deps.db.transaction((tx) => stopEnrolment(deps, tx, e, `Stopped by ${me.name || me.email}`));
  return enrolmentView(s, repo.enrolmentById(deps.db, e.id)!);
}

/** The candidate's enrolments, for their page. */
export function enrolmentsOfCandidate(deps: Deps, workspaceId: number, participantId: number): EnrolmentView[] {
  return repo.enrolmentsOfCandidate(deps.db, workspaceId, participantId).flatMap((e) => {
    const s = repo.findSequence(deps.db, workspaceId, e.sequenceId);
    return s ? [enrolmentView(s, e)] : [];
  });
}

/** One due step: its message (from the enrolling member's mailbox) and the next step's task, in one transaction. */
function runStep(deps: Deps, p: { enrolmentId: number; nonce: string }): void {
  deps.db.transaction(
    (tx) => {
      const e = repo.enrolmentById(tx, p.enrolmentId);
      if (!e || e.status !== "active" || e.nonce !== p.nonce) return; // stopped, or rescheduled since
      const s = repo.findSequence(tx, e.workspaceId, e.sequenceId);
      if (!s || s.paused) return; // resuming writes the task again
      const steps = stepsOf(s);
      const step = steps[e.nextStep];
      if (!step) return void repo.setEnrolment(tx, e.id, { status: "finished", nextAt: null, nonce: "" });
      let me: Author;
      try {
        const m = requireMember(deps, e.workspaceId, e.enrolledBy);
        me = { id: m.id, workspaceId: e.workspaceId, role: m.role, name: m.name, email: m.email };
        writeMessageIn(deps, tx, me, candidateRecipient(deps, me, e.participantId), { templateId: step.templateId, subject: undefined, body: undefined }, { enrolmentId: e.id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return stopEnrolment(deps, tx, e, `Step ${e.nextStep + 1} could not be written: ${err.message}`);
      }
      const next = steps[e.nextStep + 1];
      if (!next) return void repo.setEnrolment(tx, e.id, { status: "finished", nextStep: e.nextStep + 1, nextAt: null, nonce: "" });
      repo.setEnrolment(tx, e.id, { nextStep: e.nextStep + 1 });
      schedule(deps, tx, { ...e, nextStep: e.nextStep + 1 }, dueAfter(deps.clock.now(), next.delayDays, next.businessDays));
    },
    { behavior: "immediate" },
  );
}

export function sequenceJobs(deps: Deps): Job<any>[] {
  return [sequenceStepJob.runs(async (p) => runStep(deps, p))];
}

/** Erasure of a candidate (in its transaction). */
export const forgetEnrolmentsOf = (tx: Tx, workspaceId: number, participantId: number) => repo.deleteEnrolmentsOf(tx, workspaceId, participantId);
