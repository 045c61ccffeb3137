import type { Tx } from "../../db/tx";
import { and, asc, desc, eq, gt, lt, min, ne } from "drizzle-orm";
import type { DB } from "../../db/client";
import { inWorkspace } from "../../db/scope";
import { param, preparedQuery } from "../../db/prepared";
import { introCallBookings, visitorConversations, visitorJobQuestions, visitors, visitorSettings, workspaces } from "../../db/schema";

export type ConversationRow = typeof visitorConversations.$inferSelect;
export type SettingsRow = typeof visitorSettings.$inferSelect;
export type BookingRow = typeof introCallBookings.$inferSelect;

// The candidate pages are public and busy: the queries every page view runs are prepared once
// (see db/prepared.ts). Timestamps go in as milliseconds (timestamp_ms columns).
const WS = param("workspaceId");

// ---- visitors (not workspace data: a visitor may apply to several workspaces) --------

const visitorById = preparedQuery((db) =>
  db
    .select()
    .from(visitors)
    .where(eq(visitors.id, param<string>("id")))
    .prepare(),
);
export function findVisitor(db: DB, id: string) {
  return visitorById(db).get({ id });
}

/** Records the visitor's id with its key unless the id is taken; returns the stored row. */
export function claimVisitor(db: DB, id: string, keyHash: string) {
  db.insert(visitors).values({ id, keyHash }).onConflictDoNothing().run();
  return findVisitor(db, id)!;
}

/** The workspace a visitor without a campaign code belongs to: the install's first one. */
const firstWorkspace = preparedQuery((db) =>
  db
    .select({ id: min(workspaces.id) })
    .from(workspaces)
    .prepare(),
);
export function firstWorkspaceId(db: DB): number | null {
  return firstWorkspace(db).get()?.id ?? null;
}

// ---- conversations -------------------------------------------------------------------

const conversationOf = preparedQuery((db) =>
  db
    .select()
    .from(visitorConversations)
    .where(inWorkspace(visitorConversations, WS, eq(visitorConversations.visitorId, param<string>("visitorId")), eq(visitorConversations.kind, param<string>("kind"))))
    .prepare(),
);
export function findConversation(db: DB, workspaceId: number, visitorId: string, kind: string) {
  return conversationOf(db).get({ workspaceId, visitorId, kind });
}

// Latest first; among equal times the later row, as the former ascending read's last row was.
const latestConversation = preparedQuery((db) =>
  db
    .select()
    .from(visitorConversations)
    .where(eq(visitorConversations.visitorId, param<string>("visitorId")))
    .orderBy(desc(visitorConversations.updatedAt), desc(visitorConversations.id))
    .limit(1)
    .prepare(),
);
/** The visitor's latest conversation anywhere, to bring a returning visitor back to their workspace. */
export function latestConversationOfVisitor(db: DB, visitorId: string) {
  return latestConversation(db).get({ visitorId });
}

export function insertConversation(
  db: DB,
  v: { workspaceId: number; visitorId: string; kind: string; jobId: number | null; campaignId: number | null; questions: string; now: Date },
): ConversationRow {
  db.insert(visitorConversations)
    .values({ ...v, answers: "[]", createdAt: v.now, updatedAt: v.now })
    .onConflictDoNothing()
    .run();
  return findConversation(db, v.workspaceId, v.visitorId, v.kind)!;
}

/**
 * Compare-and-set on the answers JSON: succeeds only when nobody changed it since it was
 * read, so a double-submitted form (two tabs, a retry) cannot record the same step twice.
 */
export function replaceAnswers(db: DB, workspaceId: number, id: number, before: string, after: string, now: Date): boolean {
  const row = db
    .update(visitorConversations)
    .set({ answers: after, updatedAt: now })
    .where(inWorkspace(visitorConversations, workspaceId, eq(visitorConversations.id, id), eq(visitorConversations.answers, before)))
    .returning({ id: visitorConversations.id })
    .get();
  return !!row;
}

export function updateConversation(
  db: DB,
  workspaceId: number,
  id: number,
  set: Partial<Pick<ConversationRow, "jobId" | "campaignId" | "completedAt" | "participantId" | "questions" | "answers" | "updatedAt">>,
) {
  db.update(visitorConversations)
    .set(set)
    .where(inWorkspace(visitorConversations, workspaceId, eq(visitorConversations.id, id)))
    .run();
}

// ---- settings ------------------------------------------------------------------------

const settingsOf = preparedQuery((db) => db.select().from(visitorSettings).where(eq(visitorSettings.workspaceId, WS)).prepare());
export function findSettings(db: DB, workspaceId: number): SettingsRow | undefined {
  return settingsOf(db).get({ workspaceId });
}

export function upsertSettings(db: DB | Tx, workspaceId: number, set: Partial<Omit<SettingsRow, "workspaceId">>) {
  db.insert(visitorSettings)
    .values({ workspaceId, ...set })
    .onConflictDoUpdate({ target: visitorSettings.workspaceId, set })
    .run();
}

const jobQuestionsOf = preparedQuery((db) =>
  db
    .select()
    .from(visitorJobQuestions)
    .where(inWorkspace(visitorJobQuestions, WS, eq(visitorJobQuestions.jobId, param("jobId"))))
    .prepare(),
);
export function findJobQuestions(db: DB, workspaceId: number, jobId: number) {
  return jobQuestionsOf(db).get({ workspaceId, jobId });
}

export function listJobQuestions(db: DB, workspaceId: number) {
  return db.select().from(visitorJobQuestions).where(inWorkspace(visitorJobQuestions, workspaceId)).all();
}

export function saveJobQuestions(db: DB | Tx, workspaceId: number, jobId: number, questions: string | null, now: Date) {
  if (questions === null) {
    db.delete(visitorJobQuestions)
      .where(inWorkspace(visitorJobQuestions, workspaceId, eq(visitorJobQuestions.jobId, jobId)))
      .run();
    return;
  }
  db.insert(visitorJobQuestions)
    .values({ workspaceId, jobId, questions, updatedAt: now })
    .onConflictDoUpdate({ target: [visitorJobQuestions.workspaceId, visitorJobQuestions.jobId], set: { questions, updatedAt: now } })
    .run();
}

// ---- intro-call bookings -------------------------------------------------------------

const hostBookings = preparedQuery((db) =>
  db
    .select()
    .from(introCallBookings)
    .where(
      inWorkspace(introCallBookings, WS, eq(introCallBookings.hostUserId, param("hostUserId")), lt(introCallBookings.startTime, param<Date>("to")), gt(introCallBookings.endTime, param<Date>("from"))),
    )
    .prepare(),
);
export function bookingsBetween(db: DB, workspaceId: number, hostUserId: number, from: Date, to: Date): BookingRow[] {
  return hostBookings(db).all({ workspaceId, hostUserId, from: from.getTime(), to: to.getTime() });
}

const visitorBooking = preparedQuery((db) =>
  db
    .select()
    .from(introCallBookings)
    .where(inWorkspace(introCallBookings, WS, eq(introCallBookings.visitorId, param<string>("visitorId")), gt(introCallBookings.endTime, param<Date>("after"))))
    .orderBy(asc(introCallBookings.startTime))
    .limit(1)
    .prepare(),
);
export function bookingOfVisitor(db: DB, workspaceId: number, visitorId: string, after: Date) {
  return visitorBooking(db).get({ workspaceId, visitorId, after: after.getTime() });
}

/**
 * Claims a slot for the host in one synchronous transaction: refused (null) when any
 * booking of the host overlaps it. The unique index backs this up across processes.
 */
export function claimSlot(db: DB, v: { workspaceId: number; hostUserId: number; visitorId: string; startTime: Date; endTime: Date }): BookingRow | null {
  try {
    return db.transaction((tx) => {
      const clash = tx
        .select({ id: introCallBookings.id })
        .from(introCallBookings)
        .where(and(eq(introCallBookings.hostUserId, v.hostUserId), lt(introCallBookings.startTime, v.endTime), gt(introCallBookings.endTime, v.startTime)))
        .get();
      if (clash) return null;
      return tx.insert(introCallBookings).values(v).returning().get();
    });
  } catch (e) {
    if (String((e as Error).message).includes("UNIQUE")) return null;
    throw e;
  }
}

/**
 * Moves a booked call to a new time in the caller's transaction (the meeting's move): false when
 * another booking of the host overlaps it. The unique index backs this up across processes.
 */
export function moveBooking(tx: Tx, workspaceId: number, id: number, v: { hostUserId: number; startTime: Date; endTime: Date }): boolean {
  const clash = tx
    .select({ id: introCallBookings.id })
    .from(introCallBookings)
    .where(and(eq(introCallBookings.hostUserId, v.hostUserId), ne(introCallBookings.id, id), lt(introCallBookings.startTime, v.endTime), gt(introCallBookings.endTime, v.startTime)))
    .get();
  if (clash) return false;
  const moved = tx
    .update(introCallBookings)
    .set({ startTime: v.startTime, endTime: v.endTime })
    .where(inWorkspace(introCallBookings, workspaceId, eq(introCallBookings.id, id)))
    .returning({ id: introCallBookings.id })
    .get();
  return !!moved;
}

export function releaseSlot(db: DB, workspaceId: number, id: number) {
  db.delete(introCallBookings)
    .where(inWorkspace(introCallBookings, workspaceId, eq(introCallBookings.id, id)))
    .run();
}

export function completeBooking(db: DB, workspaceId: number, id: number, set: { participantId: number; schedulingSessionId: number | null }) {
  db.update(introCallBookings)
    .set(set)
    .where(inWorkspace(introCallBookings, workspaceId, eq(introCallBookings.id, id)))
    .run();
}

/** Every intro call of the workspace that has not ended yet (few: one per candidate). */
export function openBookings(db: DB, workspaceId: number, after: Date): BookingRow[] {
  return db
    .select()
    .from(introCallBookings)
    .where(inWorkspace(introCallBookings, workspaceId, gt(introCallBookings.endTime, after)))
    .all();
}
