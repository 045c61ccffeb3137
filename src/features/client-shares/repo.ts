import { and, asc, eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { clientContacts, clients, shortlistAnswers, shortlistShares } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Reader = DB | Tx;
export type ShareRow = typeof shortlistShares.$inferSelect;

export function insertShare(tx: Tx, v: Omit<typeof shortlistShares.$inferInsert, "id">): ShareRow {
  return tx.insert(shortlistShares).values(v).returning().get();
}

export function sharesOf(db: Reader, workspaceId: number, shortlistId: number): ShareRow[] {
  return db
    .select()
    .from(shortlistShares)
    .where(inWorkspace(shortlistShares, workspaceId, eq(shortlistShares.shortlistId, shortlistId)))
    .orderBy(asc(shortlistShares.id))
    .all();
}

export function findShare(db: Reader, workspaceId: number, id: number): ShareRow | undefined {
  return db
    .select()
    .from(shortlistShares)
    .where(inWorkspace(shortlistShares, workspaceId, eq(shortlistShares.id, id)))
    .get();
}

/** By the token's hash: the one lookup of the client's page, across workspaces (the token says which). */
export function findByTokenHash(db: Reader, tokenHash: string): ShareRow | undefined {
  return db.select().from(shortlistShares).where(eq(shortlistShares.tokenHash, tokenHash)).get();
}

export function revoke(tx: Tx, workspaceId: number, id: number, at: Date): ShareRow | undefined {
  return tx
    .update(shortlistShares)
    .set({ revokedAt: at })
    .where(inWorkspace(shortlistShares, workspaceId, and(eq(shortlistShares.id, id), sql`${shortlistShares.revokedAt} is null`)))
    .returning()
    .get();
}

/** A view of the client's page: the first one stays, the last one moves. */
export function markViewed(db: DB, id: number, at: Date): void {
  db.update(shortlistShares)
    .set({ firstViewedAt: sql`coalesce(${shortlistShares.firstViewedAt}, ${at.getTime()})`, lastViewedAt: at })
    .where(eq(shortlistShares.id, id))
    .run();
}

export type AnswerRecord = typeof shortlistAnswers.$inferSelect;

/** The contact's answer about one candidate: given parts replace, others stay. */
export function saveAnswer(
  tx: Tx,
  v: { workspaceId: number; shareId: number; participantId: number; verdict?: string | null; comment?: string | null; interviewRequestedAt?: Date | null; answeredAt: Date },
): AnswerRecord {
  const existing = tx
    .select()
    .from(shortlistAnswers)
    .where(and(eq(shortlistAnswers.shareId, v.shareId), eq(shortlistAnswers.participantId, v.participantId)))
    .get();
  const row = {
    workspaceId: v.workspaceId,
    shareId: v.shareId,
    participantId: v.participantId,
    verdict: v.verdict !== undefined ? v.verdict : (existing?.verdict ?? null),
    comment: v.comment !== undefined ? v.comment : (existing?.comment ?? null),
    interviewRequestedAt: v.interviewRequestedAt !== undefined ? v.interviewRequestedAt : (existing?.interviewRequestedAt ?? null),
    answeredAt: v.answeredAt,
  };
  if (existing) return tx.update(shortlistAnswers).set(row).where(eq(shortlistAnswers.id, existing.id)).returning().get();
  return tx.insert(shortlistAnswers).values(row).returning().get();
}

export function answersOfShare(db: Reader, shareId: number): AnswerRecord[] {
  return db.select().from(shortlistAnswers).where(eq(shortlistAnswers.shareId, shareId)).all();
}

/** Every answer on a shortlist's shares, with the contact and client who gave it, newest first. */
export function answersOfShortlist(db: Reader, workspaceId: number, shortlistId: number) {
  return db
    .select({
      shareId: shortlistAnswers.shareId,
      participantId: shortlistAnswers.participantId,
      verdict: shortlistAnswers.verdict,
      comment: shortlistAnswers.comment,
      interviewRequestedAt: shortlistAnswers.interviewRequestedAt,
      pickedTimes: shortlistAnswers.pickedTimes,
      pickedTimeZone: shortlistAnswers.pickedTimeZone,
      offeredSessionId: shortlistAnswers.offeredSessionId,
      answeredAt: shortlistAnswers.answeredAt,
      contactName: clientContacts.name,
      clientName: clients.name,
    })
    .from(shortlistAnswers)
    .innerJoin(shortlistShares, eq(shortlistShares.id, shortlistAnswers.shareId))
    .innerJoin(clientContacts, eq(clientContacts.id, shortlistShares.contactId))
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .where(and(eq(shortlistShares.workspaceId, workspaceId), eq(shortlistShares.shortlistId, shortlistId)))
    .orderBy(sql`${shortlistAnswers.answeredAt} desc`)
    .all();
}

export function findAnswer(db: Reader, shareId: number, participantId: number): AnswerRecord | undefined {
  return db
    .select()
    .from(shortlistAnswers)
    .where(and(eq(shortlistAnswers.shareId, shareId), eq(shortlistAnswers.participantId, participantId)))
    .get();
}

/** The contact's picked interview times (they also ask for the interview, if they had not). */
export function savePicks(tx: Tx, v: { workspaceId: number; shareId: number; participantId: number; times: { start: string; end: string }[]; timeZone: string; at: Date }): AnswerRecord {
  const existing = findAnswer(tx, v.shareId, v.participantId);
  const picks = { pickedTimes: JSON.stringify(v.times), pickedTimeZone: v.timeZone, pickedAt: v.at, offeredSessionId: null, offeredAt: null, answeredAt: v.at };
  if (existing)
    return tx
      .update(shortlistAnswers)
      .set({ ...picks, interviewRequestedAt: existing.interviewRequestedAt ?? v.at })
      .where(eq(shortlistAnswers.id, existing.id))
      .returning()
      .get();
  return tx
    .insert(shortlistAnswers)
    .values({ workspaceId: v.workspaceId, shareId: v.shareId, participantId: v.participantId, interviewRequestedAt: v.at, ...picks })
    .returning()
    .get();
}

/** The picked times went to the candidate as this session: only once (false when another offer came first). */
export function markOffered(tx: Tx, answerId: number, sessionId: number, at: Date): boolean {
  return !!tx
    .update(shortlistAnswers)
    .set({ offeredSessionId: sessionId, offeredAt: at })
    .where(and(eq(shortlistAnswers.id, answerId), sql`${shortlistAnswers.offeredSessionId} is null`))
    .returning({ id: shortlistAnswers.id })
    .get();
}

/**
 * A merge: the duplicates' answers become the kept record's. Where a contact answered about both
 * records on the same link, the kept record's answer stays and the duplicate's goes with it.
 */
export function moveAnswers(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  tx.run(sql`update or ignore shortlist_answers set participant_id = ${toId} where workspace_id = ${workspaceId} and participant_id in ${fromIds}`);
}
