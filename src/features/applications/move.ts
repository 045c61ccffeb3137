import type { Deps } from "../../deps";
import { requirePermission } from "../auth/permissions";
import { moveIn, type Moved } from "./service";
import { sendStageEmail, templateForStage } from "./templates";
import * as repo from "./repo";
import { notFound } from "../../lib/errors";
import type { Move } from "./model";

type Member = { id: number; role: string; workspaceId: number; name?: string | null; email?: string };

/**
 * A move from the board or the API: the stage change and, when asked and the stage has a
 * template, its e-mail, in one transaction (an e-mail is never sent for a move that did not
 * commit, nor a move made without its e-mail). `jobId` checks that a board's form names its job.
 */
export function moveWithEmail(deps: Deps, me: Member, id: number, input: Move, jobId?: number): Moved & { emailed: string | null } {
  requirePermission(me, "applications.write");
  return deps.db.transaction((tx) => {
    if (jobId !== undefined && repo.findApplication(tx, me.workspaceId, id)?.jobId !== jobId) throw notFound("Application not found");
    const moved = moveIn(deps, tx, me.workspaceId, { userId: me.id }, id, input);
    let emailed: string | null = null;
    if (moved.changed && input.sendEmail) {
      const t = templateForStage(deps, me.workspaceId, moved.to.id, tx);
      const a = repo.findApplication(tx, me.workspaceId, id)!;
      if (t && sendStageEmail(deps, tx, me.workspaceId, { userId: me.id }, me, t, a)) emailed = t.name;
    }
    return { ...moved, emailed };
  });
}

/** How many cards a move may hold before its e-mail is no longer ticked by default. */
const BULK_EMAIL_LIMIT = 20;

/**
 * POST /api/jobs/{id}/applications/move: several cards of one job to one stage, in one
 * transaction (one refused card refuses them all). The stage's e-mail goes by default only
 * for up to 20 cards.
 */
export function moveMany(deps: Deps, me: Member, jobId: number, input: { applicationIds: number[]; stage: string | number; rejectedReason: string | null; sendEmail?: boolean }) {
  requirePermission(me, "applications.write");
  const sendEmail = input.sendEmail ?? input.applicationIds.length <= BULK_EMAIL_LIMIT;
  return deps.db.transaction((tx) => {
    let emailed = 0;
    const applications = [...new Set(input.applicationIds)].map((id) => {
      if (repo.findApplication(tx, me.workspaceId, id)?.jobId !== jobId) throw notFound("Application not found");
      const moved = moveIn(deps, tx, me.workspaceId, { userId: me.id }, id, { stage: input.stage, rejectedReason: input.rejectedReason });
      if (moved.changed && sendEmail) {
        const t = templateForStage(deps, me.workspaceId, moved.to.id, tx);
        if (t && sendStageEmail(deps, tx, me.workspaceId, { userId: me.id }, me, t, repo.findApplication(tx, me.workspaceId, id)!)) emailed++;
      }
      return moved.application;
    });
    return { applications, emailed };
  });
}
