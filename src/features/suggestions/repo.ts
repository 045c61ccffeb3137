import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { assistantSettings, suggestions } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Reader = DB | Tx;
export type SuggestionRow = typeof suggestions.$inferSelect;
export type NewSuggestion = Omit<typeof suggestions.$inferInsert, "id">;
export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;

export function insertSuggestions(tx: Tx, rows: NewSuggestion[]): void {
  if (rows.length) tx.insert(suggestions).values(rows).run();
}

/** The input hashes already on record for this subject, per candidate and maker (`id|hash|madeBy`). */
export function hashesOf(db: Reader, workspaceId: number, feature: string, subject: string, participantIds: number[]): Set<string> {
  if (!participantIds.length) return new Set();
  const rows = db
    .select({ p: suggestions.participantId, h: suggestions.inputHash, m: suggestions.madeBy })
    .from(suggestions)
    .where(inWorkspace(suggestions, workspaceId, eq(suggestions.feature, feature), eq(suggestions.subject, subject), inArray(suggestions.participantId, participantIds)))
    .all();
  return new Set(rows.map((r) => `${r.p}|${r.h}|${r.m}`));
}

/** Records the decision on the newest suggestion of this subject for the candidate; false when there is none. */
export function decideLatest(
  tx: Tx,
  workspaceId: number,
  feature: string,
  subject: string,
  participantId: number,
  d: { decision: string; reason: string | null; userId: number | null; at: Date },
): boolean {
  const latest = tx
    .select({ id: suggestions.id })
    .from(suggestions)
    .where(inWorkspace(suggestions, workspaceId, eq(suggestions.feature, feature), eq(suggestions.subject, subject), eq(suggestions.participantId, participantId)))
    .orderBy(desc(suggestions.id))
    .limit(1)
    .get();
  if (!latest) return false;
  tx.update(suggestions)
    .set({ decision: d.decision, reason: d.reason, decidedBy: d.userId, decidedAt: d.at })
    .where(inWorkspace(suggestions, workspaceId, eq(suggestions.id, latest.id)))
    .run();
  return true;
}

export function suggestionsOf(db: Reader, workspaceId: number, participantId: number): SuggestionRow[] {
  return db
    .select()
    .from(suggestions)
    .where(inWorkspace(suggestions, workspaceId, eq(suggestions.participantId, participantId)))
    .orderBy(desc(suggestions.id))
    .limit(1000)
    .all();
}

/** Removes the workspace's suggestions made before the cut-off; returns how many. */
export function deleteOlderThan(tx: Tx, workspaceId: number, cutoff: Date): number {
  return tx
    .delete(suggestions)
    .where(and(eq(suggestions.workspaceId, workspaceId), lt(suggestions.createdAt, cutoff)))
    .returning({ id: suggestions.id })
    .all().length;
}

export function workspacesWithSuggestions(db: Reader): number[] {
  return db.all<{ w: number }>(sql`select distinct workspace_id as w from suggestions`).map((r) => r.w);
}

export function findSettings(db: Reader, workspaceId: number): AssistantSettingsRow | undefined {
  return db.select().from(assistantSettings).where(eq(assistantSettings.workspaceId, workspaceId)).get();
}

export function saveSettings(tx: Tx, workspaceId: number, v: Omit<AssistantSettingsRow, "workspaceId">): void {
  tx.insert(assistantSettings)
    .values({ workspaceId, ...v })
    .onConflictDoUpdate({ target: assistantSettings.workspaceId, set: v })
    .run();
}
