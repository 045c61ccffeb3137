import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { guestRows, insertGuests } from "./repo-guests";

export interface Guest {
  email: string;
  name: string | null;
}

/** The guests of a session (client contacts and others who are not members), in the order given. */
export function guestsOf(db: DB | Tx, sessionId: number): Guest[] {
  return guestRows(db, sessionId);
}

export function addGuests(tx: Tx, workspaceId: number, sessionId: number, guests: Guest[]): void {
  const seen = new Set<string>();
  const rows = guests.filter((g) => !seen.has(g.email) && seen.add(g.email)).map((g) => ({ workspaceId, sessionId, email: g.email, name: g.name }));
  if (rows.length) insertGuests(tx, rows);
}
