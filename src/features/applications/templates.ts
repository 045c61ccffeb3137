import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, notFound } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import { recordActivity } from "../team/activity";
import { workspaceNameOf } from "../team/service";
import { getParticipant } from "../candidates/service";
import { getJob } from "../jobs/service";
import { recordPipelineEvent, type Actor } from "../pipeline-events/record";
import { StageEmail } from "./emails/stage-email";
import { stagesOf } from "./stages";
import { fillTemplate, unknownVariables, type TemplateValues } from "./template-text";
import * as repo from "./templates-repo";
import { findApplication } from "./repo";

function applicationRow(deps: Deps, workspaceId: number, id: number) {
  const a = findApplication(deps.db, workspaceId, id);
  if (!a) throw notFound("Application not found");
  return a;
}

type Member = { id: number; role: string; workspaceId: number; name?: string | null; email?: string };

export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
  stageId: number | null;
  stage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateInput {
  name?: string;
  subject?: string;
  body?: string;
  stageId?: number | null;
}

function toTemplate(deps: Deps, r: repo.TemplateRow, names = new Map(stagesOf(deps, r.workspaceId).map((s) => [s.id, s.name]))): EmailTemplate {
  return {
    id: r.id,
    name: r.name,
    subject: r.subject,
    body: r.body,
    stageId: r.stageId,
    stage: r.stageId ? (names.get(r.stageId) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function listTemplates(deps: Deps, workspaceId: number): EmailTemplate[] {
  const names = new Map(stagesOf(deps, workspaceId).map((s) => [s.id, s.name]));
  return repo.listTemplates(deps.db, workspaceId).map((r) => toTemplate(deps, r, names));
}

export function getTemplate(deps: Deps, workspaceId: number, id: number): EmailTemplate {
  const row = repo.findTemplate(deps.db, workspaceId, id);
  if (!row) throw notFound("Template not found");
  return toTemplate(deps, row);
}

/** An unknown {{variable}} is refused when saving, by its name. */
function check(deps: Deps, workspaceId: number, input: TemplateInput) {
  for (const field of ["subject", "body"] as const) {
    const text = input[field];
    if (text === undefined) continue;
    const unknown = unknownVariables(text);
    if (unknown.length) throw badRequest(`Unknown variable: {{${unknown[0]}}}`, { [field]: `Unknown variable: {{${unknown[0]}}}` });
  }
  if (input.stageId && !stagesOf(deps, workspaceId).some((s) => s.id === input.stageId)) throw badRequest("Stage not found", { stageId: "Stage not found" });
}

export function createTemplate(deps: Deps, me: Member, input: Required<Pick<TemplateInput, "name" | "subject" | "body">> & TemplateInput): EmailTemplate {
  requirePermission(me, "pipeline.manage");
  check(deps, me.workspaceId, input);
  const now = deps.clock.now();
  const row = deps.db.transaction((tx) => {
    const row = repo.insertTemplate(tx, { workspaceId: me.workspaceId, name: input.name, subject: input.subject, body: input.body, stageId: input.stageId ?? null, createdAt: now, updatedAt: now });
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "settings.changed", objectType: "email_template", objectId: row.id, summary: `Added e-mail template ${row.name}` });
    return row;
  });
  return toTemplate(deps, row);
}

export function updateTemplate(deps: Deps, me: Member, id: number, input: TemplateInput): EmailTemplate {
  requirePermission(me, "pipeline.manage");
  getTemplate(deps, me.workspaceId, id);
  check(deps, me.workspaceId, input);
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = deps.db.transaction((tx) => {
    const row = repo.updateTemplate(tx, me.workspaceId, id, { ...set, updatedAt: deps.clock.now() })!;
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "settings.changed", objectType: "email_template", objectId: id, summary: `Changed e-mail template ${row.name}` });
    return row;
  });
  return toTemplate(deps, row);
}

export function deleteTemplate(deps: Deps, me: Member, id: number): void {
  requirePermission(me, "pipeline.manage");
  const t = getTemplate(deps, me.workspaceId, id);
  deps.db.transaction((tx) => {
    repo.deleteTemplate(tx, me.workspaceId, id);
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "settings.changed", objectType: "email_template", objectId: id, summary: `Deleted e-mail template ${t.name}` });
  });
}

/** The template tied to entering a stage, if any (the newest when several). */
export function templateForStage(deps: Deps, workspaceId: number, stageId: number, db: Tx | Deps["db"] = deps.db): repo.TemplateRow | undefined {
  return repo.templateForStage(db, workspaceId, stageId);
}

/** The templates tied to stages, for the board's offer. */
export function stageTemplates(deps: Deps, workspaceId: number): { stageId: number; id: number; name: string }[] {
  const seen = new Set<number>();
  const out: { stageId: number; id: number; name: string }[] = [];
  for (const t of repo.listTemplates(deps.db, workspaceId).reverse()) {
    if (t.stageId && !seen.has(t.stageId)) {
      seen.add(t.stageId);
      out.push({ stageId: t.stageId, id: t.id, name: t.name });
    }
  }
  return out;
}

/** The values of the variables for one application (candidate, job, its client, the sender). */
export function valuesFor(
  deps: Deps,
  workspaceId: number,
  a: { participantId: number; jobId: number },
  sender: { name?: string | null; email?: string } | null,
): TemplateValues & { to: string | null } {
  const person = getParticipant(deps, workspaceId, a.participantId);
  const job = getJob(deps, workspaceId, a.jobId);
  const name = person.name ?? "";
  return {
    to: person.emailAddress ?? null,
    "candidate.firstName": name.split(/\s+/)[0] ?? "",
    "candidate.name": name,
    "job.title": job.title,
    "client.name": job.client?.name ?? "",
    "recruiter.name": sender?.name || sender?.email || "",
    "company.name": workspaceNameOf(deps, workspaceId),
  };
}

function render(t: { subject: string; body: string }, values: TemplateValues) {
  return { subject: fillTemplate(t.subject, values), text: fillTemplate(t.body, values) };
}

/** Writes the stage e-mail in `tx` (the move's transaction) and records it on the candidate's timeline. */
export function sendStageEmail(deps: Deps, tx: Tx, workspaceId: number, actor: Actor, sender: Member | null, t: repo.TemplateRow, a: { id: number; participantId: number; jobId: number }): boolean {
  const values = valuesFor(deps, workspaceId, a, sender);
  if (!values.to) return false;
  const { subject, text } = render(t, values);
  deps.mail.enqueue(tx, { to: values.to, subject, email: StageEmail({ subject, text, company: values["company.name"] }), workspaceId, kind: "stage_email", audience: "candidate" });
  recordPipelineEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "application", id: a.id },
    kind: "email_template.sent",
    summary: `E-mail ‘${t.name}’ sent to candidate #${a.participantId}`,
    timeline: `E-mail ‘${t.name}’ sent: ${subject}`,
    candidateId: a.participantId,
    data: { templateId: t.id, applicationId: a.id, subject },
  });
  return true;
}

/** The e-mail as the candidate of one application would get it (the board's offer shows it). */
export function previewTemplate(deps: Deps, me: Member, id: number, applicationId: number) {
  const t = getTemplate(deps, me.workspaceId, id);
  const a = applicationRow(deps, me.workspaceId, applicationId);
  const values = valuesFor(deps, me.workspaceId, a, me);
  return { to: values.to, ...render(t, values) };
}
