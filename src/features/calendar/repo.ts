import { and, eq, gt, lt } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ProviderKind } from "./providers/provider";
import { calendarConnectionNotices, calendarConnections, calendarFeeds, calendarOauthStates, users } from "../../db/schema";

/**
 * The calendar's SQL: Google connections (calendar_connections, written only here), OAuth
 * states, feed tokens and connection notices. Tokens arrive here already sealed.
 */
export interface CalendarAccount {
  userId: number;
  workspaceId: number;
  email: string | null;
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  primaryCalendarId: string | null;
  connected: boolean;
  /** google | microsoft (decision 34); google when not connected. */
  provider: ProviderKind;
  /** Microsoft: whether the account can make Teams meetings. */
  teamsCapable: boolean;
}

/** The user's connection (connected: false when there is none); undefined for an unknown user. */
export function findAccount(db: DB, userId: number): CalendarAccount | undefined {
  const row = db
    .select({
      userId: users.id,
      workspaceId: users.workspaceId,
      connectedUser: calendarConnections.userId,
      email: calendarConnections.googleEmail,
      accessTokenSealed: calendarConnections.accessTokenSealed,
      refreshTokenSealed: calendarConnections.refreshTokenSealed,
      primaryCalendarId: calendarConnections.primaryCalendarId,
      provider: calendarConnections.provider,
      teamsCapable: calendarConnections.teamsCapable,
    })
    .from(users)
    .leftJoin(calendarConnections, eq(calendarConnections.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return undefined;
  const { connectedUser, provider, teamsCapable, ...account } = row;
  return { ...account, connected: connectedUser !== null, provider: provider === "microsoft" ? "microsoft" : "google", teamsCapable: !!teamsCapable };
}

/** Users whose calendar is connected (for the background sync). */
export function connectedUserIds(db: DB): number[] {
  return db
    .select({ id: calendarConnections.userId })
    .from(calendarConnections)
    .all()
    .map((r) => r.id);
}

/** Stores a connection; one per member, so connecting the other provider replaces the first. */
export function saveConnection(
  db: DB | Tx,
  userId: number,
  v: { provider?: ProviderKind; email: string; accessTokenSealed: string | null; refreshTokenSealed: string; teamsCapable?: boolean | null },
) {
  const provider = v.provider ?? "google";
  db.transaction((tx) => {
    const before = tx
      .select({ email: calendarConnections.googleEmail, primary: calendarConnections.primaryCalendarId, provider: calendarConnections.provider })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, userId))
      .get();
    const set = {
      provider,
      teamsCapable: v.teamsCapable ?? null,
      googleEmail: v.email,
      accessTokenSealed: v.accessTokenSealed,
      refreshTokenSealed: v.refreshTokenSealed,
      // The chosen primary calendar belongs to the account it was chosen in.
      primaryCalendarId: before?.email === v.email && before.provider === provider ? before.primary : null,
    };
    tx.insert(calendarConnections)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: calendarConnections.userId, set })
      .run();
    tx.delete(calendarConnectionNotices).where(eq(calendarConnectionNotices.userId, userId)).run();
  });
}

/** A refreshed access token; nothing when the connection is gone meanwhile. */
export function saveAccessToken(db: DB, userId: number, accessTokenSealed: string) {
  db.update(calendarConnections).set({ accessTokenSealed }).where(eq(calendarConnections.userId, userId)).run();
}

/** Whether the Microsoft account can make Teams meetings, as its calendar list last said. */
export function setTeamsCapable(db: DB, userId: number, teamsCapable: boolean) {
  db.update(calendarConnections)
    .set({ teamsCapable })
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.provider, "microsoft")))
    .run();
}

/** Microsoft rotates refresh tokens: the newest one is kept. */
export function saveRefreshToken(db: DB, userId: number, refreshTokenSealed: string) {
  db.update(calendarConnections).set({ refreshTokenSealed }).where(eq(calendarConnections.userId, userId)).run();
}

export function setPrimaryCalendar(db: DB | Tx, userId: number, calendarId: string) {
  db.update(calendarConnections).set({ primaryCalendarId: calendarId }).where(eq(calendarConnections.userId, userId)).run();
}

/** Forgets the connection. With a notice, the manager explains why it is gone. */
export function clearConnection(db: DB, userId: number, notice?: { reason: string; email: string | null; provider?: ProviderKind }) {
  db.transaction((tx) => {
    tx.delete(calendarConnections).where(eq(calendarConnections.userId, userId)).run();
    tx.delete(calendarConnectionNotices).where(eq(calendarConnectionNotices.userId, userId)).run();
    if (notice)
      tx.insert(calendarConnectionNotices)
        .values({ userId, reason: notice.reason, email: notice.email, provider: notice.provider ?? "google" })
        .run();
  });
}

export function findNotice(db: DB, userId: number) {
  return db.select().from(calendarConnectionNotices).where(eq(calendarConnectionNotices.userId, userId)).get();
}

// OAuth states

export function insertOauthState(
  db: DB,
  v: { stateHash: string; userId: number; sessionId: number; returnTo: string; expiresAt: Date; now: Date; provider?: ProviderKind; verifierSealed?: string | null },
) {
  db.transaction((tx) => {
    tx.delete(calendarOauthStates).where(lt(calendarOauthStates.expiresAt, v.now)).run();
    tx.insert(calendarOauthStates)
      .values({
        stateHash: v.stateHash,
        userId: v.userId,
        sessionId: v.sessionId,
        returnTo: v.returnTo,
        expiresAt: v.expiresAt,
        provider: v.provider ?? "google",
        verifierSealed: v.verifierSealed ?? null,
      })
      .run();
  });
}

/** Takes a state once: it is deleted whatever the outcome, and returned only if unexpired. */
export function takeOauthState(db: DB, stateHash: string, now: Date) {
  return db
    .delete(calendarOauthStates)
    .where(and(eq(calendarOauthStates.stateHash, stateHash), gt(calendarOauthStates.expiresAt, now)))
    .returning()
    .get();
}

// Feeds

export function findFeedByUser(db: DB, userId: number) {
  return db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).get();
}

/** A member left: their feed address stops working (joining again needs a new one). */
export function deleteFeed(db: Pick<DB, "delete">, userId: number) {
  db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run();
}

export function findFeedByHash(db: DB, tokenHash: string) {
  return db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)).get();
}

/** Creates the user's feed or replaces its token (the old URL stops working at once). */
export function upsertFeed(db: DB, v: { userId: number; workspaceId: number; tokenHash: string; tokenSealed: string }) {
  db.insert(calendarFeeds)
    .values(v)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: v.tokenHash, tokenSealed: v.tokenSealed } })
    .run();
}

/** How many members' connections were dropped by Google (for /metrics). */
export function noticeCount(db: DB): number {
  return db.select({ userId: calendarConnectionNotices.userId }).from(calendarConnectionNotices).all().length;
}
