import type { Deps } from "../../deps";
import type { ClientsDeps } from "./needs";
import { AppError, notFound } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import { recordPipelineEvent } from "../pipeline-events/record";
import * as repo from "./repo";
import type { Client, Contact, ContactFields, CreateClient, UpdateClient, UpdateContact } from "./model";

export type { Client, Contact } from "./model";

type Member = { id: number; role: string; workspaceId: number };

/**
 * What clients need to know of jobs (how many a client has, which), answered by the jobs
 * feature, handed over by app.ts: jobs import clients (a job's client), so clients cannot import jobs.
 */
export interface ClientJobs {
  jobsOf(workspaceId: number, clientId: number | null): { id: number; title: string; location: string | null; clientId: number | null }[];
  /** A new job for the client (the client page's form). */
  create?(workspaceId: number, clientId: number, input: { title: string; location: string | null }): { id: number };
}

const toContact = (r: repo.ContactRow): Contact => ({ id: r.id, clientId: r.clientId, name: r.name, email: r.email, phone: r.phone, role: r.role, createdAt: r.createdAt.toISOString() });

function toClients(deps: ClientsDeps, workspaceId: number, rows: repo.ClientRow[]): Client[] {
  const contacts = repo.contactsOf(
    deps.db,
    workspaceId,
    rows.map((r) => r.id),
  );
  const counts = new Map<number, number>();
  for (const j of deps.clientJobs.jobsOf(workspaceId, null)) if (j.clientId) counts.set(j.clientId, (counts.get(j.clientId) ?? 0) + 1);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    website: r.website,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
    jobCount: counts.get(r.id) ?? 0,
    contacts: contacts.filter((c) => c.clientId === r.id).map(toContact),
  }));
}

export function listClients(deps: ClientsDeps, workspaceId: number): Client[] {
  return toClients(deps, workspaceId, repo.listClients(deps.db, workspaceId));
}

export function getClient(deps: ClientsDeps, workspaceId: number, id: number): Client {
  const row = repo.findClient(deps.db, workspaceId, id);
  if (!row) throw notFound("Client not found");
  return toClients(deps, workspaceId, [row])[0]!;
}

/** Names of the workspace's clients by id (lists that show each job's client). */
export function clientNames(deps: Deps, workspaceId: number): Map<number, string> {
  return new Map(repo.listClients(deps.db, workspaceId).map((c) => [c.id, c.name]));
}

/** The demo workspace's clients (src/demo-workspace-seed.ts): added by nobody, so the event names the system. */
export function seedDemoClient(deps: Deps, workspaceId: number, input: CreateClient): number {
  return deps.db.transaction((tx) => {
    const row = repo.insertClient(tx, { ...input, workspaceId, createdAt: deps.clock.now() });
    recordPipelineEvent(deps, tx, { workspaceId, actor: "system", subject: { type: "client", id: row.id }, kind: "client.created", summary: `Added client ${row.name}` });
    return row.id;
  });
}

export function createClient(deps: ClientsDeps, me: Member, input: CreateClient): Client {
  requirePermission(me, "clients.write");
  const row = deps.db.transaction((tx) => {
    const row = repo.insertClient(tx, { ...input, workspaceId: me.workspaceId, createdAt: deps.clock.now() });
    recordPipelineEvent(deps, tx, { workspaceId: me.workspaceId, actor: { userId: me.id }, subject: { type: "client", id: row.id }, kind: "client.created", summary: `Added client ${row.name}` });
    return row;
  });
  return getClient(deps, me.workspaceId, row.id);
}

export function updateClient(deps: ClientsDeps, me: Member, id: number, input: UpdateClient): Client {
  requirePermission(me, "clients.write");
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  deps.db.transaction((tx) => {
    const row = repo.updateClient(tx, me.workspaceId, id, set);
    if (!row) throw notFound("Client not found");
    recordPipelineEvent(deps, tx, { workspaceId: me.workspaceId, actor: { userId: me.id }, subject: { type: "client", id }, kind: "client.updated", summary: `Edited client ${row.name}` });
  });
  return getClient(deps, me.workspaceId, id);
}

/** A client with jobs stays: the jobs would lose who they are for. */
export function deleteClient(deps: ClientsDeps, me: Member, id: number): void {
  requirePermission(me, "clients.delete");
  const client = getClient(deps, me.workspaceId, id);
  if (client.jobCount > 0) {
    const n = client.jobCount;
    throw new AppError("conflict", 409, `${client.name} has ${n} job${n === 1 ? "" : "s"}: move or delete ${n === 1 ? "it" : "them"} before deleting the client.`);
  }
  deps.db.transaction((tx) => {
    repo.deleteClient(tx, me.workspaceId, id);
    recordPipelineEvent(deps, tx, { workspaceId: me.workspaceId, actor: { userId: me.id }, subject: { type: "client", id }, kind: "client.deleted", summary: `Deleted client ${client.name}` });
  });
}

export function addContact(deps: ClientsDeps, me: Member, clientId: number, input: ContactFields): Contact {
  requirePermission(me, "clients.write");
  const client = getClient(deps, me.workspaceId, clientId);
  return deps.db.transaction((tx) => {
    const row = repo.insertContact(tx, { ...input, clientId, workspaceId: me.workspaceId, createdAt: deps.clock.now() });
    recordPipelineEvent(deps, tx, {
      workspaceId: me.workspaceId,
      actor: { userId: me.id },
      subject: { type: "client", id: clientId },
      kind: "client.contact_added",
      summary: `Added contact ${row.name} to ${client.name}`,
    });
    return toContact(row);
  });
}

export function updateContact(deps: Deps, me: Member, clientId: number, contactId: number, input: UpdateContact): Contact {
  requirePermission(me, "clients.write");
  if (!repo.findContact(deps.db, me.workspaceId, clientId, contactId)) throw notFound("Contact not found");
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = Object.keys(set).length ? repo.updateContact(deps.db, me.workspaceId, contactId, set) : repo.findContact(deps.db, me.workspaceId, clientId, contactId);
  return toContact(row!);
}

export function deleteContact(deps: Deps, me: Member, clientId: number, contactId: number): void {
  requirePermission(me, "clients.write");
  if (!repo.findContact(deps.db, me.workspaceId, clientId, contactId)) throw notFound("Contact not found");
  repo.deleteContact(deps.db, me.workspaceId, contactId);
}

/** A contact of the workspace's clients by e-mail (an interviewer who is not a member), or null. */
/** Every contact's e-mail (lower case), for a mailbox's matching (issue 55). */
export function contactEmails(deps: Deps, workspaceId: number): string[] {
  return repo.contactEmails(deps.db, workspaceId);
}

export function contactByEmail(deps: Deps, workspaceId: number, email: string): (Contact & { clientName: string }) | null {
  const row = repo.findContactByEmail(deps.db, workspaceId, email);
  if (!row) return null;
  return { ...toContact(row), clientName: repo.findClient(deps.db, workspaceId, row.clientId)?.name ?? "" };
}

/** The jobs of one client (its page). */
export function jobsOfClient(deps: ClientsDeps, workspaceId: number, clientId: number) {
  return deps.clientJobs.jobsOf(workspaceId, clientId);
}

/** "Add a job for this client" on the client's page. */
export function addJobForClient(deps: ClientsDeps, me: Member, clientId: number, input: { title: string; location: string | null }): { id: number } {
  requirePermission(me, "jobs.write");
  getClient(deps, me.workspaceId, clientId);
  const create = deps.clientJobs.create;
  if (!create) throw new AppError("unavailable", 503, "Jobs cannot be created here");
  return create(me.workspaceId, clientId, input);
}

/** Contacts by id with their client's name (a shortlist's share); another workspace's are not found. */
export function contactsWithClient(deps: Deps, workspaceId: number, ids: number[]): (Contact & { clientName: string })[] {
  const rows = repo.contactsByIds(deps.db, workspaceId, ids);
  const names = new Map(repo.listClients(deps.db, workspaceId).map((c) => [c.id, c.name]));
  return rows.map((r) => ({ ...toContact(r), clientName: names.get(r.clientId) ?? "" }));
}
