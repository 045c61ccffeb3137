import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import { recordActivity } from "../team/activity";
import { ensureStages, rejectReasons, stagesOf, type Stage } from "./stages";
import * as repo from "./repo";

type Member = { id: number; role: string; workspaceId: number };

export interface Pipeline {
  stages: (Stage & { applications: number })[];
  rejectReasons: string[];
}

/** Settings → Pipeline: the stages in order (Rejected last) with how many applications each holds. */
export function getPipeline(deps: Deps, workspaceId: number): Pipeline {
  const stages = stagesOf(deps, workspaceId);
  return { stages: stages.map((s) => ({ ...s, applications: repo.countInStage(deps.db, workspaceId, s.id) })), rejectReasons: rejectReasons(deps, workspaceId) };
}

const sameName = (stages: Stage[], name: string, except?: number) => stages.some((s) => s.id !== except && s.name.toLowerCase() === name.toLowerCase());

/** Writes positions 0… in the given order, Rejected always last. */
function renumber(deps: Deps, tx: Parameters<typeof ensureStages>[1], workspaceId: number, ordered: Stage[]) {
  const open = ordered.filter((s) => s.kind === "open");
  const closing = ordered.filter((s) => s.kind !== "open");
  [...open, ...closing].forEach((s, position) => {
    if (s.position !== position) repo.updateStage(tx, workspaceId, s.id, { position });
  });
}

function logged(deps: Deps, tx: Tx, me: Member, summary: string) {
  recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "settings.changed", objectType: "pipeline", summary });
}

/** Adds an open stage, at `position` among the open ones (default: after the last). */
export function addStage(deps: Deps, me: Member, input: { name: string; position?: number }): Pipeline {
  requirePermission(me, "pipeline.manage");
  deps.db.transaction((tx) => {
    const stages = ensureStages(deps, tx, me.workspaceId);
    if (sameName(stages, input.name)) throw conflict(`There is already a stage named ${input.name}`);
    if (stages.length >= 20) throw badRequest("A pipeline has at most 20 stages");
    const open = stages.filter((s) => s.kind === "open");
    const at = Math.min(Math.max(input.position ?? open.length, 0), open.length);
    repo.insertStages(tx, [{ workspaceId: me.workspaceId, name: input.name, position: at, kind: "open" }]);
    const added = repo.stagesOf(tx, me.workspaceId).find((s) => s.name === input.name)!;
    const order = [...open.slice(0, at), { ...added, kind: "open" as const }, ...open.slice(at), ...stages.filter((s) => s.kind !== "open")];
    renumber(
      deps,
      tx,
      me.workspaceId,
      order.map((s) => ({ ...s, position: -1 })),
    );
    logged(deps, tx, me, `Added pipeline stage ${input.name}`);
  });
  return getPipeline(deps, me.workspaceId);
}

/** Renames a stage (its applications stay in it) or moves it among the open stages. */
export function changeStage(deps: Deps, me: Member, id: number, input: { name?: string; position?: number }): Pipeline {
  requirePermission(me, "pipeline.manage");
  let summary = "";
  deps.db.transaction((tx) => {
    const stages = ensureStages(deps, tx, me.workspaceId);
    const stage = stages.find((s) => s.id === id);
    if (!stage) throw notFound("Stage not found");
    if (input.name !== undefined && input.name !== stage.name) {
      if (sameName(stages, input.name, id)) throw conflict(`There is already a stage named ${input.name}`);
      repo.updateStage(tx, me.workspaceId, id, { name: input.name });
      summary = `Renamed pipeline stage ${stage.name} to ${input.name}`;
    }
    if (input.position !== undefined && stage.kind === "open") {
      const open = stages.filter((s) => s.kind === "open" && s.id !== id);
      const at = Math.min(Math.max(input.position, 0), open.length);
      const order = [...open.slice(0, at), stage, ...open.slice(at), ...stages.filter((s) => s.kind !== "open")];
      renumber(
        deps,
        tx,
        me.workspaceId,
        order.map((s) => ({ ...s, position: -1 })),
      );
      summary ||= `Moved pipeline stage ${stage.name}`;
    }
    if (summary) logged(deps, tx, me, summary);
  });
  return getPipeline(deps, me.workspaceId);
}

/**
 * Removes an open stage. One that holds applications needs `moveTo`, the stage they go to
 * (their move is recorded); without it the answer says how many and asks where.
 */
export function removeStage(deps: Deps, me: Member, id: number, moveTo?: number): Pipeline {
  requirePermission(me, "pipeline.manage");
  let name = "";
  deps.db.transaction((tx) => {
    const stages = ensureStages(deps, tx, me.workspaceId);
    const stage = stages.find((s) => s.id === id);
    if (!stage) throw notFound("Stage not found");
    name = stage.name;
    if (stage.kind !== "open") throw badRequest(`${stage.name} is the closing stage and cannot be removed`);
    if (stages.filter((s) => s.kind === "open").length <= 1) throw badRequest("A pipeline needs at least one stage");
    const held = repo.countInStage(tx, me.workspaceId, id);
    if (held > 0) {
      const target = stages.find((s) => s.id === moveTo && s.id !== id && s.kind === "open");
      if (!target) {
        throw conflict(`${stage.name} holds ${held} application${held === 1 ? "" : "s"}: choose the stage to move ${held === 1 ? "it" : "them"} to`);
      }
      const now = deps.clock.now();
      for (const appId of repo.reassignStage(tx, me.workspaceId, id, target.id, now)) {
        repo.insertMove(tx, { workspaceId: me.workspaceId, applicationId: appId, fromStageId: id, toStageId: target.id, userId: me.id, at: now });
      }
    }
    repo.deleteStage(tx, me.workspaceId, id);
    renumber(
      deps,
      tx,
      me.workspaceId,
      repo.stagesOf(tx, me.workspaceId).map((s) => ({ id: s.id, name: s.name, position: s.position, kind: s.kind })),
    );
    logged(deps, tx, me, `Removed pipeline stage ${name}`);
  });
  return getPipeline(deps, me.workspaceId);
}

/** The reasons offered for Rejected: one per line in the form, a list in the API; duplicates dropped. */
export function setRejectReasons(deps: Deps, me: Member, reasons: string[]): Pipeline {
  requirePermission(me, "pipeline.manage");
  const seen = new Set<string>();
  const list = reasons.map((r) => r.trim()).filter((r) => r && !seen.has(r.toLowerCase()) && seen.add(r.toLowerCase()));
  if (!list.length) throw badRequest("Give at least one reason", { reasons: "Give at least one reason" });
  if (list.length > 30 || list.some((r) => r.length > 100)) throw badRequest("At most 30 reasons of up to 100 characters", { reasons: "At most 30 reasons of up to 100 characters" });
  deps.db.transaction((tx) => {
    repo.setRejectReasons(tx, me.workspaceId, JSON.stringify(list));
    logged(deps, tx, me, "Changed the reasons for Rejected");
  });
  return getPipeline(deps, me.workspaceId);
}
