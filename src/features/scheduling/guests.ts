import { asc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { sessionGuests } from "../../db/schema";

export interface Guest {
  email: string;
  name: string | null;
}

/** The guests of a session (client contacts and others who are not members), in the order given. */
export function guestsOf(db: DB | Tx, sessionId: number): Guest[] {
  return db.select({ email: sessionGuests.email, name: sessionGuests.name }).from(sessionGuests).where(eq(sessionGuests.sessionId, sessionId)).orderBy(asc(sessionGuests.id)).all();
}

export function addGuests(tx: Tx, workspaceId: number, sessionId: number, guests: Guest[]): void {
  const seen = new Set<string>();
  const rows = guests.filter((g) => !seen.has(g.email) && seen.add(g.email)).map((g) => ({ workspaceId, sessionId, email: g.email, name: g.name }));
  if (rows.length) tx.insert(sessionGuests).values(rows).run();
}
