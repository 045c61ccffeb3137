import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantBucketCounts, participantStats, participants } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { live, type ParticipantInsert } from "./repo";

/** The database or an open transaction. */
export type Writer = Pick<DB, "insert" | "update" | "select" | "delete" | "run" | "get" | "all">;

export function insertOne(db: Writer, workspaceId: number, values: ParticipantInsert): number {
  return db
    .insert(participants)
    .values({ ...values, workspaceId })
    .returning({ id: participants.id })
    .get().id;
}

/** The live candidate with this e-mail (compared without case), oldest first when there are several. */
export function findByEmail(db: DB, workspaceId: number, email: string) {
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live, sql`lower(${participants.emailAddress}) = ${email.trim().toLowerCase()}`))
    .orderBy(asc(participants.id))
    .get();
}

/** Every live candidate's e-mail, lower-cased (a mailbox's sync checks headers against them before any lookup). */
export function liveEmails(db: DB, workspaceId: number): string[] {
  return db
    .select({ email: sql<string>`lower(trim(${participants.emailAddress}))` })
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live, sql`${participants.emailAddress} is not null`))
    .all()
    .map((r) => r.email);
}

/** E-mails held by more than one live candidate, with their ids (oldest first). */
export function duplicateGroups(db: DB, workspaceId: number, limit: number): { email: string; ids: number[] }[] {
  const rows = db.all<{ email: string; ids: string }>(sql`
    select lower(trim(email_address)) as email, group_concat(id) as ids from (
      select id, email_address from participants
      where workspace_id = ${workspaceId} and erased = 0 and email_address is not null and trim(email_address) <> ''
      order by id
    ) group by lower(trim(email_address)) having count(*) > 1 order by min(id) limit ${limit}`);
  return rows.map((r) => ({ email: r.email, ids: r.ids.split(",").map(Number) }));
}

/** Rows by id (whole rows, for merge and export). */
export function rowsById(db: DB, workspaceId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live, inArray(participants.id, ids)))
    .all();
}

export function rowsByIdIn(db: Writer, workspaceId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live, inArray(participants.id, ids)))
    .all();
}

export function setFields(db: Writer, workspaceId: number, id: number, values: Partial<ParticipantInsert>) {
  db.update(participants)
    .set(values)
    .where(inWorkspace(participants, workspaceId, eq(participants.id, id)))
    .run();
}

export function deleteRows(db: Writer, workspaceId: number, ids: number[]) {
  if (!ids.length) return;
  db.delete(participants)
    .where(and(eq(participants.workspaceId, workspaceId), eq(participants.erased, false), inArray(participants.id, ids)))
    .run();
}

/**
 * The workspace's stand-in for erased candidates (made on first use): it carries their
 * interviews so the recruiter's records keep them, holds no personal data, and is taken
 * out of the search index and the counts the triggers keep.
 */
export function erasedStandIn(db: Writer, workspaceId: number, at: Date): number {
  const found = db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.workspaceId, workspaceId), eq(participants.erased, true)))
    .get();
  if (found) return found.id;
  const row = db
    .insert(participants)
    .values({ workspaceId, uniqueId: "~erased", name: "Erased candidate", erased: true, stages: 1, createdAt: at, lastUpdated: at })
    .returning({ id: participants.id, createdAt: participants.createdAt })
    .get();
  db.run(sql`delete from participants_fts where rowid = ${row.id}`);
  const day = Math.floor(row.createdAt.getTime() / 86_400_000);
  db.update(participantStats)
    .set({ n: sql`${participantStats.n} - 1` })
    .where(and(eq(participantStats.workspaceId, workspaceId), eq(participantStats.day, day), eq(participantStats.roleCategory, "Other"), eq(participantStats.locationCategory, "Other")))
    .run();
  db.update(participantBucketCounts)
    .set({ n: sql`${participantBucketCounts.n} - 1` })
    .where(and(eq(participantBucketCounts.workspaceId, workspaceId), eq(participantBucketCounts.roleCategory, "Other"), eq(participantBucketCounts.locationCategory, "Other")))
    .run();
  return row.id;
}

/** Test data of the workspace (seed, test pages): ids, for removal in one action. */
export function testDataIds(db: DB, workspaceId: number): number[] {
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live, eq(participants.isTest, true)))
    .all()
    .map((r) => r.id);
}

/** Candidates whose last change is older than `before` (retention), at most `limit`. */
export function idleIds(db: DB, workspaceId: number, before: Date, afterId: number, limit: number): number[] {
  return db
    .select({ id: participants.id })
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live, sql`${participants.lastUpdated} < ${before.getTime()} and ${participants.id} > ${afterId}`))
    .orderBy(asc(participants.id))
    .limit(limit)
    .all()
    .map((r) => r.id);
}

/**
 * One step of merging every segment of the search index into one (FTS5 'merge' with a negative
 * page budget: segments of any level, 64 pages of work): repeated until it changes nothing, the
 * entries of deleted rows have left the file.
 */
export const MERGE_SEARCH_INDEX_STEP = "insert into participants_fts(participants_fts, rank) values ('merge', -64)";
