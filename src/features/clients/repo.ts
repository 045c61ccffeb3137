import { and, asc, eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { clientContacts, clients } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

export type ClientRow = typeof clients.$inferSelect;
export type ContactRow = typeof clientContacts.$inferSelect;
type Reader = DB | Tx;

export function listClients(db: Reader, workspaceId: number): ClientRow[] {
  return db.select().from(clients).where(inWorkspace(clients, workspaceId)).orderBy(asc(clients.name), asc(clients.id)).all();
}

export function findClient(db: Reader, workspaceId: number, id: number): ClientRow | undefined {
  return db
    .select()
    .from(clients)
    .where(inWorkspace(clients, workspaceId, eq(clients.id, id)))
    .get();
}

export function insertClient(db: Reader, v: Omit<typeof clients.$inferInsert, "id">): ClientRow {
  return db.insert(clients).values(v).returning().get();
}

export function updateClient(db: Reader, workspaceId: number, id: number, set: Partial<Pick<ClientRow, "name" | "website" | "notes">>): ClientRow | undefined {
  if (!Object.keys(set).length) return findClient(db, workspaceId, id);
  return db
    .update(clients)
    .set(set)
    .where(inWorkspace(clients, workspaceId, eq(clients.id, id)))
    .returning()
    .get();
}

export function deleteClient(db: Reader, workspaceId: number, id: number): boolean {
  return (
    db
      .delete(clients)
      .where(inWorkspace(clients, workspaceId, eq(clients.id, id)))
      .returning({ id: clients.id })
      .all().length > 0
  );
}

export function contactsOf(db: Reader, workspaceId: number, clientIds: number[]): ContactRow[] {
  if (!clientIds.length) return [];
  return db
    .select()
    .from(clientContacts)
    .where(inWorkspace(clientContacts, workspaceId, inArray(clientContacts.clientId, clientIds)))
    .orderBy(asc(clientContacts.id))
    .all();
}

export function findContact(db: Reader, workspaceId: number, clientId: number, id: number): ContactRow | undefined {
  return db
    .select()
    .from(clientContacts)
    .where(inWorkspace(clientContacts, workspaceId, and(eq(clientContacts.clientId, clientId), eq(clientContacts.id, id))))
    .get();
}

/** Every contact's e-mail in the workspace (stored lower-cased). */
export function contactEmails(db: Reader, workspaceId: number): string[] {
  return db
    .select({ email: clientContacts.email })
    .from(clientContacts)
    .where(inWorkspace(clientContacts, workspaceId))
    .all()
    .flatMap((r) => (r.email ? [r.email.toLowerCase()] : []));
}

export function findContactByEmail(db: Reader, workspaceId: number, email: string): ContactRow | undefined {
  return db
    .select()
    .from(clientContacts)
    .where(inWorkspace(clientContacts, workspaceId, eq(clientContacts.email, email.toLowerCase())))
    .get();
}

export function insertContact(db: Reader, v: Omit<typeof clientContacts.$inferInsert, "id">): ContactRow {
  return db.insert(clientContacts).values(v).returning().get();
}

export function updateContact(db: Reader, workspaceId: number, id: number, set: Partial<Pick<ContactRow, "name" | "email" | "phone" | "role">>): ContactRow | undefined {
  return db
    .update(clientContacts)
    .set(set)
    .where(inWorkspace(clientContacts, workspaceId, eq(clientContacts.id, id)))
    .returning()
    .get();
}

export function deleteContact(db: Reader, workspaceId: number, id: number): boolean {
  return (
    db
      .delete(clientContacts)
      .where(inWorkspace(clientContacts, workspaceId, eq(clientContacts.id, id)))
      .returning({ id: clientContacts.id })
      .all().length > 0
  );
}

export function contactsByIds(db: Reader, workspaceId: number, ids: number[]): ContactRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(clientContacts)
    .where(inWorkspace(clientContacts, workspaceId, inArray(clientContacts.id, ids)))
    .orderBy(asc(clientContacts.id))
    .all();
}
