import type { Tx } from "../../db/tx";
import { eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { param, preparedQuery } from "../../db/prepared";
import { candidateSettings, participants } from "../../db/schema";

export type SettingsRow = typeof candidateSettings.$inferSelect;

// Read by every list, filter and stats request (the workspace's buckets).
const settingsOf = preparedQuery((db) =>
  db
    .select()
    .from(candidateSettings)
    .where(eq(candidateSettings.workspaceId, param("workspaceId")))
    .prepare(),
);

export function findSettings(db: DB, workspaceId: number): SettingsRow | undefined {
  return settingsOf(db).get({ workspaceId });
}

export function saveSettings(db: DB | Tx, workspaceId: number, v: Partial<Omit<SettingsRow, "workspaceId">>) {
  db.insert(candidateSettings)
    .values({ workspaceId, ...v })
    .onConflictDoUpdate({ target: candidateSettings.workspaceId, set: v })
    .run();
}

/** Workspaces with a retention period set. */
export function retentionSettings(db: DB): { workspaceId: number; months: number }[] {
  return db
    .select({ workspaceId: candidateSettings.workspaceId, months: candidateSettings.retentionMonths })
    .from(candidateSettings)
    .where(sql`${candidateSettings.retentionMonths} is not null and ${candidateSettings.retentionMonths} > 0`)
    .all() as { workspaceId: number; months: number }[];
}

/** A batch of the workspace's rows for re-bucketing, by id. */
export function bucketBatch(db: DB, workspaceId: number, afterId: number, limit: number) {
  return db
    .select({
      id: participants.id,
      roleApplied: participants.roleApplied,
      jobTitle: participants.jobTitle,
      city: participants.city,
      roleCategory: participants.roleCategory,
      locationCategory: participants.locationCategory,
    })
    .from(participants)
    .where(sql`${participants.workspaceId} = ${workspaceId} and ${participants.erased} = 0 and ${participants.id} > ${afterId}`)
    .orderBy(participants.id)
    .limit(limit)
    .all();
}

export function setBuckets(db: Pick<DB, "update">, workspaceId: number, id: number, v: { roleCategory: string; locationCategory: string }) {
  db.update(participants)
    .set(v)
    .where(sql`${participants.workspaceId} = ${workspaceId} and ${participants.id} = ${id}`)
    .run();
}
