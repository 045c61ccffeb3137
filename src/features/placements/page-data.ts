// The loaders of the placements pages: each page gets its data as props from one of these.
import type { Deps } from "../../deps";
import { workspaceMembers } from "../auth/members";
import { getJob } from "../jobs/service";
import { getParticipant } from "../candidates/service";
import { applicationForPlacement } from "../applications/placed";
import { stagesOf, successStage } from "../applications/stages";
import { seesAll, getPlacement, listPlacements, placementOfApplication, type Member } from "./service";
import { splitsFromForm, type PlacementsFilter } from "./model";
import type { FieldValues } from "./pages/placement-fields";
import * as repo from "./repo";

const nameOf = (deps: Deps, workspaceId: number, participantId: number) => {
  try {
    return getParticipant(deps, workspaceId, participantId).name ?? `Candidate #${participantId}`;
  } catch {
    return `Candidate #${participantId}`;
  }
};

const membersOf = (deps: Deps, workspaceId: number) => workspaceMembers(deps, workspaceId).map((m) => ({ id: m.id, name: m.name || m.email }));

/** Applications in Placed waiting for their placement's details (at most 20). */
function toRecord(deps: Deps, workspaceId: number) {
  const placed = successStage(stagesOf(deps, workspaceId));
  if (!placed) return [];
  return repo
    .placedWithoutPlacement(deps.db, workspaceId, placed.id, 20)
    .map((a) => ({ id: a.id, candidateName: nameOf(deps, workspaceId, a.participantId), jobTitle: getJob(deps, workspaceId, a.jobId).title }));
}

export function placementsPageData(deps: Deps, me: Member, filter: PlacementsFilter) {
  return { placements: listPlacements(deps, me, filter), toRecord: toRecord(deps, me.workspaceId), seesAll: seesAll(me), members: seesAll(me) ? membersOf(deps, me.workspaceId) : [], filter };
}
export type PlacementsPageData = ReturnType<typeof placementsPageData>;

/** The form of a new placement: its application (or the ones waiting), the members and the defaults. */
export function formDefaults(deps: Deps, me: Member, applicationId: number | undefined) {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const members = membersOf(deps, me.workspaceId);
  if (!applicationId) return { application: null, existing: null, members, toRecord: toRecord(deps, me.workspaceId), defaults: null };
  const app = applicationForPlacement(deps, deps.db, me.workspaceId, applicationId);
  const job = getJob(deps, me.workspaceId, app.jobId);
  const owner = members.find((m) => m.id === app.ownerUserId)?.id ?? me.id;
  return {
    application: {
      id: app.id,
      candidateName: nameOf(deps, me.workspaceId, app.participantId),
      jobTitle: job.title,
      clientName: job.client?.name ?? null,
      placed: app.placed,
      placedStage: app.placedStage,
    },
    existing: placementOfApplication(deps, me, app.id)?.id ?? null,
    members,
    toRecord: [],
    defaults: { startDate: today, currency: "EUR", salaryPeriod: "year", feeType: "percent", feePercent: "20", guaranteeDays: "90", splits: [{ userId: owner, percent: "100" }] },
  };
}
export type NewPlacementData = Omit<ReturnType<typeof formDefaults>, "defaults"> & { defaults: FieldValues | null; error?: { message: string; fields?: Record<string, string> } };

/** The form as it was posted (a refused placement is shown again with what was typed). */
export function postedValues(body: Record<string, unknown>, fallback: FieldValues): FieldValues {
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string).slice(0, 200) : undefined);
  const splits = (splitsFromForm(body) ?? []).map((s) => ({ userId: Number(s.userId) || 0, percent: typeof s.percent === "string" ? s.percent.slice(0, 20) : "" }));
  return {
    startDate: text("startDate") ?? fallback.startDate,
    salary: text("salary"),
    currency: text("currency") ?? fallback.currency,
    salaryPeriod: text("salaryPeriod") ?? fallback.salaryPeriod,
    feeType: text("feeType") ?? fallback.feeType,
    feePercent: text("feePercent"),
    feeAmount: text("feeAmount"),
    invoiceDate: text("invoiceDate"),
    guaranteeDays: text("guaranteeDays") ?? fallback.guaranteeDays,
    splits,
  };
}

export function placementPageData(deps: Deps, me: Member, id: number) {
  return { placement: getPlacement(deps, me, id), members: membersOf(deps, me.workspaceId), today: deps.clock.now().toISOString().slice(0, 10) };
}
export type PlacementPageData = ReturnType<typeof placementPageData>;
