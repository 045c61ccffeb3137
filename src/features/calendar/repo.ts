import { and, eq, gt, lt } from "drizzle-orm";
import type { DB } from "../../db/client";
import { calendarConnectionNotices, calendarFeeds, calendarOauthStates, users } from "../../db/schema";

/**
 * The calendar's SQL: the Google columns of users (written only here), OAuth states,
 * feed tokens and connection notices. Tokens arrive here already sealed.
 */
export interface CalendarAccount {
  userId: number;
  workspaceId: number;
  email: string | null;
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  primaryCalendarId: string | null;
  connected: boolean;
}

export function findAccount(db: DB, userId: number): CalendarAccount | undefined {
  return db
    .select({
      userId: users.id,
      workspaceId: users.workspaceId,
      email: users.googleCalendarEmail,
      accessTokenSealed: users.googleCalendarAccessToken,
      refreshTokenSealed: users.googleCalendarRefreshToken,
      primaryCalendarId: users.primaryCalendarId,
      connected: users.calendarConnected,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/** Users whose calendar is connected (for the background sync). */
export function connectedUserIds(db: DB): number[] {
  return db.select({ id: users.id }).from(users).where(eq(users.calendarConnected, true)).all().map((r) => r.id);
}

export function saveConnection(db: DB, userId: number, v: { email: string; accessTokenSealed: string | null; refreshTokenSealed: string }) {
  db.transaction((tx) => {
    const before = tx.select({ email: users.googleCalendarEmail, primary: users.primaryCalendarId }).from(users).where(eq(users.id, userId)).get();
    tx.update(users)
      .set({
        googleCalendarEmail: v.email,
        googleCalendarAccessToken: v.accessTokenSealed,
        googleCalendarRefreshToken: v.refreshTokenSealed,
        // The chosen primary calendar belongs to the account it was chosen in.
        primaryCalendarId: before?.email === v.email ? before.primary : null,
        calendarConnected: true,
      })
      .where(eq(users.id, userId))
      .run();
    tx.delete(calendarConnectionNotices).where(eq(calendarConnectionNotices.userId, userId)).run();
  });
}

export function saveAccessToken(db: DB, userId: number, accessTokenSealed: string) {
  db.update(users).set({ googleCalendarAccessToken: accessTokenSealed }).where(and(eq(users.id, userId), eq(users.calendarConnected, true))).run();
}

export function setPrimaryCalendar(db: DB, userId: number, calendarId: string) {
  db.update(users).set({ primaryCalendarId: calendarId }).where(eq(users.id, userId)).run();
}

/** Forgets the connection. With a notice, the manager explains why it is gone. */
export function clearConnection(db: DB, userId: number, notice?: { reason: string; email: string | null }) {
  db.transaction((tx) => {
    tx.update(users)
      .set({ googleCalendarEmail: null, googleCalendarAccessToken: null, googleCalendarRefreshToken: null, primaryCalendarId: null, calendarConnected: false })
      .where(eq(users.id, userId))
      .run();
    tx.delete(calendarConnectionNotices).where(eq(calendarConnectionNotices.userId, userId)).run();
    if (notice) tx.insert(calendarConnectionNotices).values({ userId, reason: notice.reason, email: notice.email }).run();
  });
}

export function findNotice(db: DB, userId: number) {
  return db.select().from(calendarConnectionNotices).where(eq(calendarConnectionNotices.userId, userId)).get();
}

// OAuth states

export function insertOauthState(db: DB, v: { stateHash: string; userId: number; sessionId: number; returnTo: string; expiresAt: Date; now: Date }) {
  db.transaction((tx) => {
    tx.delete(calendarOauthStates).where(lt(calendarOauthStates.expiresAt, v.now)).run();
    tx.insert(calendarOauthStates).values({ stateHash: v.stateHash, userId: v.userId, sessionId: v.sessionId, returnTo: v.returnTo, expiresAt: v.expiresAt }).run();
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
