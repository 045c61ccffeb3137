import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { can, requirePermission } from "../auth/permissions";
import { workspaceMembers } from "../auth/members";
import { getJob } from "../jobs/service";
import { getParticipant } from "../candidates/service";
import { applicationForPlacement, moveToPlaced } from "../applications/placed";
import { recordPipelineEvent, type Actor } from "../pipeline-events/record";
import { addDays, annualCents, basisPointsToPercent, centsToAmount, feeCents, refundCents, splitAmount, type FeeRule, type SalaryPeriod } from "./fee";
import * as repo from "./repo";
import type { CreatePlacement, Placement, PlacementsFilter, PlacementStatus, UpdatePlacement } from "./model";

export type Member = { id: number; role: string; workspaceId: number };

/** Owners and admins see every placement and report; a recruiter sees the placements they share. */
export const seesAll = (me: Member) => can(me, "reports.all");

/** The member whose numbers are read: any for owners and admins; a recruiter only their own (another is 403). */
export function recruiterFilter(me: Member, recruiterId: number | undefined): number | undefined {
  if (seesAll(me)) return recruiterId;
  if (recruiterId !== undefined && recruiterId !== me.id) requirePermission(me, "reports.all");
  return me.id;
}

function statusOf(r: Pick<repo.PlacementRow, "invoicedOn" | "paidOn" | "fellThroughOn">): PlacementStatus {
  return r.fellThroughOn ? "fallen_through" : r.paidOn ? "paid" : r.invoicedOn ? "invoiced" : "expected";
}

function toPlacements(deps: Deps, workspaceId: number, rows: repo.PlacementRow[]): Placement[] {
  if (!rows.length) return [];
  const splits = repo.splitsOf(
    deps.db,
    workspaceId,
    rows.map((r) => r.id),
  );
  const names = new Map(workspaceMembers(deps, workspaceId).map((m) => [m.id, m.name || m.email]));
  const jobs = new Map<number, { title: string; client: string | null }>();
  const jobOf = (id: number) => {
    if (!jobs.has(id)) {
      const j = getJob(deps, workspaceId, id);
      jobs.set(id, { title: j.title, client: j.client?.name ?? null });
    }
    return jobs.get(id)!;
  };
  return rows.map((r) => {
    const mine = splits.filter((s) => s.placementId === r.id).sort((a, b) => b.basisPoints - a.basisPoints || a.userId - b.userId);
    const net = r.feeCents - r.refundCents;
    const parts = splitAmount(net, mine);
    let candidateName: string | null = null;
    try {
      candidateName = getParticipant(deps, workspaceId, r.participantId).name;
    } catch {
      candidateName = null;
    }
    const job = jobOf(r.jobId);
    return {
      id: r.id,
      applicationId: r.applicationId,
      candidateId: r.participantId,
      candidateName,
      jobId: r.jobId,
      jobTitle: job.title,
      clientId: r.clientId,
      clientName: job.client,
      startDate: r.startDate,
      salary: centsToAmount(r.salaryCents),
      currency: r.currency,
      salaryPeriod: r.salaryPeriod,
      annualSalary: centsToAmount(annualCents(r.salaryCents, r.salaryPeriod)),
      feeType: r.feeType,
      feePercent: r.feeBasisPoints == null ? null : basisPointsToPercent(r.feeBasisPoints),
      fee: centsToAmount(r.feeCents),
      invoiceDate: r.invoiceDate,
      guaranteeDays: r.guaranteeDays,
      guaranteeUntil: addDays(r.startDate, r.guaranteeDays),
      status: statusOf(r),
      invoicedOn: r.invoicedOn,
      paidOn: r.paidOn,
      fellThroughOn: r.fellThroughOn,
      refundPercent: r.refundBasisPoints == null ? null : basisPointsToPercent(r.refundBasisPoints),
      refund: centsToAmount(r.refundCents),
      netFee: centsToAmount(net),
      splits: mine.map((s) => ({
        userId: s.userId,
        name: names.get(s.userId) ?? `Member #${s.userId}`,
        percent: basisPointsToPercent(s.basisPoints),
        amount: centsToAmount(parts.get(s.userId) ?? 0),
      })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

function feeRule(feeType: "percent" | "fixed", feePercent: number | undefined | null, feeAmount: number | undefined | null): FeeRule {
  if (feeType === "percent") {
    if (feePercent == null) throw badRequest("Enter the fee as a percentage of the annual salary", { feePercent: "Enter the fee as a percentage of the annual salary" });
    return { type: "percent", basisPoints: feePercent };
  }
  if (feeAmount == null) throw badRequest("Enter the fixed fee", { feeAmount: "Enter the fixed fee" });
  return { type: "fixed", cents: feeAmount };
}

/** The split as given (each member once, every one a member, adding up to 100%), or 100% to `fallback`. */
function checkSplits(deps: Deps, workspaceId: number, splits: { userId: number; percent: number }[] | undefined, fallback: number): { userId: number; basisPoints: number }[] {
  if (!splits) return [{ userId: fallback, basisPoints: 10_000 }];
  const members = new Set(workspaceMembers(deps, workspaceId).map((m) => m.id));
  const seen = new Set<number>();
  for (const s of splits) {
    if (!members.has(s.userId)) throw badRequest("A split names someone who is not a member of this workspace", { splits: "Choose members of this workspace" });
    if (seen.has(s.userId)) throw badRequest("Each member appears once in the split", { splits: "Each member appears once in the split" });
    seen.add(s.userId);
  }
  const total = splits.reduce((n, s) => n + s.percent, 0);
  if (total !== 10_000) {
    const msg = `The split must add up to 100% (it adds up to ${basisPointsToPercent(total)}%)`;
    throw badRequest(msg, { splits: msg });
  }
  return splits.filter((s) => s.percent > 0).map((s) => ({ userId: s.userId, basisPoints: s.percent }));
}

function placementEvent(deps: Deps, tx: Tx, workspaceId: number, actor: Actor, row: repo.PlacementRow, kind: "placement.created" | "placement.updated", changed: string[]) {
  const job = getJob(deps, workspaceId, row.jobId);
  const status = statusOf(row);
  const what =
    kind === "placement.created"
      ? "Placement recorded"
      : status === "fallen_through" && changed.includes("fellThroughOn")
        ? "Placement fell through"
        : `Placement ${changed.includes("paidOn") && status === "paid" ? "marked paid" : changed.includes("invoicedOn") && status === "invoiced" ? "marked invoiced" : "changed"}`;
  recordPipelineEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "placement", id: row.id },
    kind,
    summary: `${what}: candidate #${row.participantId} for ${job.title}`,
    timeline: `${what} for ${job.title}`,
    candidateId: row.participantId,
    data: { placementId: row.id, applicationId: row.applicationId, jobId: row.jobId, status, fee: centsToAmount(row.feeCents), currency: row.currency, changed },
    webhooks: [
      {
        type: kind,
        candidateId: row.participantId,
        data: () => ({ placement: toPlacements(deps, workspaceId, [repo.findPlacement(tx, workspaceId, row.id)!])[0]!, changed }),
      },
    ],
  });
}

/** POST /api/placements and the form: records a placement and moves its application to Placed, in one transaction. */
export function createPlacement(deps: Deps, me: Member, input: CreatePlacement, actor: Actor): Placement {
  requirePermission(me, "placements.write");
  const workspaceId = me.workspaceId;
  const app = applicationForPlacement(deps, deps.db, workspaceId, input.applicationId);
  const job = getJob(deps, workspaceId, app.jobId);
  const rule = feeRule(input.feeType, input.feePercent, input.feeAmount);
  const splits = checkSplits(deps, workspaceId, input.splits, app.ownerUserId ?? me.id);
  const now = deps.clock.now();
  const row = deps.db.transaction((tx) => {
    if (repo.findByApplication(tx, workspaceId, app.id)) throw conflict("This application already has a placement: edit it instead");
    if (!app.placed) moveToPlaced(deps, tx, workspaceId, actor, app.id);
    const row = repo.insertPlacement(tx, {
      workspaceId,
      applicationId: app.id,
      participantId: app.participantId,
      jobId: app.jobId,
      clientId: job.clientId,
      startDate: input.startDate,
      salaryCents: input.salary,
      currency: input.currency,
      salaryPeriod: input.salaryPeriod,
      feeType: rule.type,
      feeBasisPoints: rule.type === "percent" ? rule.basisPoints : null,
      feeCents: feeCents(input.salary, input.salaryPeriod, rule),
      invoiceDate: input.invoiceDate ?? input.startDate,
      guaranteeDays: input.guaranteeDays,
      createdBy: me.id,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw conflict("This application already has a placement: edit it instead");
    repo.replaceSplits(tx, workspaceId, row.id, splits);
    placementEvent(deps, tx, workspaceId, actor, row, "placement.created", []);
    return row;
  });
  return toPlacements(deps, workspaceId, [row])[0]!;
}

function findVisible(deps: Deps, me: Member, id: number): repo.PlacementRow {
  const row = repo.findPlacement(deps.db, me.workspaceId, id);
  if (!row) throw notFound("Placement not found");
  if (!seesAll(me) && row.createdBy !== me.id && !repo.splitsOf(deps.db, me.workspaceId, [id]).some((s) => s.userId === me.id)) throw notFound("Placement not found");
  return row;
}

export function getPlacement(deps: Deps, me: Member, id: number): Placement {
  return toPlacements(deps, me.workspaceId, [findVisible(deps, me, id)])[0]!;
}

/** The placement of an application, if it has one and the member may see it. */
export function placementOfApplication(deps: Deps, me: Member, applicationId: number): Placement | null {
  const row = repo.findByApplication(deps.db, me.workspaceId, applicationId);
  if (!row) return null;
  try {
    return getPlacement(deps, me, row.id);
  } catch {
    return null;
  }
}

const LIST_LIMIT = 500;

/** GET /api/placements: newest start first; a recruiter gets the placements they share. */
export function listPlacements(deps: Deps, me: Member, f: PlacementsFilter): Placement[] {
  const memberId = recruiterFilter(me, f.recruiterId);
  return toPlacements(deps, me.workspaceId, repo.listPlacements(deps.db, me.workspaceId, { ...f, memberId }, LIST_LIMIT));
}

/** PATCH /api/placements/{id} and the forms: the fields, and invoiced, paid or fallen through (within the guarantee). */
export function updatePlacement(deps: Deps, me: Member, id: number, input: UpdatePlacement, actor: Actor): Placement {
  requirePermission(me, "placements.write");
  const workspaceId = me.workspaceId;
  const old = findVisible(deps, me, id);
  const changed = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  const salaryCents = input.salary ?? old.salaryCents;
  const salaryPeriod: SalaryPeriod = input.salaryPeriod ?? old.salaryPeriod;
  const feeType = input.feeType ?? old.feeType;
  const rule = feeRule(feeType, input.feePercent ?? (feeType === old.feeType ? old.feeBasisPoints : null), input.feeAmount ?? (old.feeType === "fixed" && feeType === "fixed" ? old.feeCents : null));
  const fee = feeCents(salaryCents, salaryPeriod, rule);
  const startDate = input.startDate ?? old.startDate;
  const guaranteeDays = input.guaranteeDays ?? old.guaranteeDays;
  let invoicedOn = input.invoicedOn === undefined ? old.invoicedOn : input.invoicedOn;
  const paidOn = input.paidOn === undefined ? old.paidOn : input.paidOn;
  // A placement paid is invoiced, on the day it was paid when no day was given.
  if (paidOn && !invoicedOn) invoicedOn = paidOn;
  if (paidOn && invoicedOn && paidOn < invoicedOn) throw badRequest("Paid on cannot be before invoiced on", { paidOn: "Paid on cannot be before invoiced on" });
  const fellThroughOn = input.fellThroughOn === undefined ? old.fellThroughOn : input.fellThroughOn;
  let refundBp = input.refundPercent ?? old.refundBasisPoints;
  if (fellThroughOn) {
    const until = addDays(startDate, guaranteeDays);
    if (fellThroughOn < startDate || fellThroughOn > until) {
      const msg = `A placement falls through only within its guarantee: from the start date ${startDate} to ${until}`;
      throw badRequest(msg, { fellThroughOn: msg });
    }
    if (refundBp == null) throw badRequest("Enter the share of the fee refunded (0 to 100%)", { refundPercent: "Enter the share of the fee refunded (0 to 100%)" });
  } else refundBp = null;
  const splits = input.splits ? checkSplits(deps, workspaceId, input.splits, me.id) : null;
  const row = deps.db.transaction((tx) => {
    const row = repo.updatePlacement(tx, workspaceId, id, {
      startDate,
      salaryCents,
      currency: input.currency ?? old.currency,
      salaryPeriod,
      feeType: rule.type,
      feeBasisPoints: rule.type === "percent" ? rule.basisPoints : null,
      feeCents: fee,
      invoiceDate: input.invoiceDate ?? (input.startDate && old.invoiceDate === old.startDate ? startDate : old.invoiceDate),
      guaranteeDays,
      invoicedOn,
      paidOn,
      fellThroughOn,
      refundBasisPoints: refundBp,
      refundCents: fellThroughOn && refundBp != null ? refundCents(fee, refundBp) : 0,
      updatedAt: deps.clock.now(),
    });
    if (!row) throw notFound("Placement not found");
    if (splits) repo.replaceSplits(tx, workspaceId, id, splits);
    placementEvent(deps, tx, workspaceId, actor, row, "placement.updated", changed);
    return row;
  });
  return toPlacements(deps, workspaceId, [row])[0]!;
}

/** This month's placements and fees (net of refunds) by currency, for the dashboard. */
export function monthPlacements(deps: Deps, me: Member) {
  const now = deps.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const rows = repo.placedBetween(deps.db, me.workspaceId, from, to, seesAll(me) ? undefined : me.id);
  return { count: rows.reduce((n, r) => n + r.n, 0), fees: rows.map((r) => ({ currency: r.currency, cents: r.fees })), filledJobIds: repo.filledJobIds(deps.db, me.workspaceId) };
}
