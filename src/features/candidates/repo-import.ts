import { sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participants } from "../../db/schema";
import type { ParticipantInsert } from "./repo";
import { insertParticipantRows } from "./repo-bulk";
import type { Writer } from "./repo-identity";

/** Every live candidate's e-mail (lower case) → id, oldest record first (the one an import updates). */
export function emailIndex(db: DB, workspaceId: number): Map<string, number> {
  const out = new Map<string, number>();
  const rows = db.all<{ id: number; e: string }>(
    sql`select id, lower(trim(email_address)) as e from participants where workspace_id = ${workspaceId} and erased = 0 and email_address is not null order by id`,
  );
  for (const r of rows) if (r.e && !out.has(r.e)) out.set(r.e, r.id);
  return out;
}

/**
 * New candidates through the bulk path the seed and the benchmarks use (repo-bulk.ts: one
 * compiled INSERT, and for a chunk of 1,000 or more the search index, stats and change counter
 * filled once for the chunk); returns their ids in order. `_tx` is the chunk's transaction:
 * the rows go in on its connection, as a savepoint of it, and roll back with it.
 */
export function insertMany(_tx: Writer, db: DB, workspaceId: number, rows: ParticipantInsert[]): number[] {
  return insertParticipantRows(db, workspaceId, rows);
}

export function updateOne(tx: Writer, workspaceId: number, id: number, values: Partial<ParticipantInsert>) {
  tx.update(participants)
    .set(values)
    .where(sql`${participants.workspaceId} = ${workspaceId} and ${participants.id} = ${id}`)
    .run();
}
