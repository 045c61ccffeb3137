// scheduling_workspace_settings: the workspace's limits on candidates' own changes (change-limits.ts).
import { eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { schedulingWorkspaceSettings } from "../../db/schema";

export function changeLimitsRow(db: DB, workspaceId: number) {
  return db.select().from(schedulingWorkspaceSettings).where(eq(schedulingWorkspaceSettings.workspaceId, workspaceId)).get();
}

export function saveChangeLimits(tx: Tx, workspaceId: number, values: { candidateChangeCutoffMinutes: number; maxCandidateMoves: number }): void {
  tx.insert(schedulingWorkspaceSettings)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: schedulingWorkspaceSettings.workspaceId, set: values })
    .run();
}
