import { sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participants } from "../../db/schema";
import type { ParticipantInsert } from "./repo";
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

/** New candidates in one statement per 200 rows; returns their ids in order. */
export function insertMany(tx: Writer, workspaceId: number, rows: ParticipantInsert[]): number[] {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200).map((r) => ({ ...r, workspaceId }));
    for (const r of tx.insert(participants).values(batch).returning({ id: participants.id }).all()) ids.push(r.id);
  }
  return ids;
}

export function updateOne(tx: Writer, workspaceId: number, id: number, values: Partial<ParticipantInsert>) {
  tx.update(participants).set(values).where(sql`${participants.workspaceId} = ${workspaceId} and ${participants.id} = ${id}`).run();
}
