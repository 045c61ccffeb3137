// session_guests: who a session invites besides members (guests.ts holds the rules).
import { asc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { sessionGuests } from "../../db/schema";

/** The guests of a session, in the order given. */
export function guestRows(db: DB | Tx, sessionId: number): { email: string; name: string | null }[] {
  return db.select({ email: sessionGuests.email, name: sessionGuests.name }).from(sessionGuests).where(eq(sessionGuests.sessionId, sessionId)).orderBy(asc(sessionGuests.id)).all();
}

export function insertGuests(tx: Tx, rows: { workspaceId: number; sessionId: number; email: string; name: string | null }[]): void {
  tx.insert(sessionGuests).values(rows).run();
}
