import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { Writer } from "../../lib/mail";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const UNFINISHED = ["pending", "retrying"] as const;

/** The workspace's live endpoints with their event lists: the one query an event costs when nobody listens. */
export function activeEndpoints(db: Writer, workspaceId: number): Pick<EndpointRow, "id" | "events">[] {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)))
    .all();
}

export function insertEndpoint(db: Writer, v: { workspaceId: number; url: string; events: string[]; secretSealed: string; createdAt: Date }): EndpointRow {
  return db.insert(webhookEndpoints).values({ ...v, events: JSON.stringify(v.events) }).returning().get();
}

export function listEndpoints(db: DB, workspaceId: number): EndpointRow[] {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId)).orderBy(webhookEndpoints.id).all();
}

export function findEndpoint(db: Writer, workspaceId: number, id: number): EndpointRow | undefined {
  return db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id))).get();
}

/** Deletes the endpoint and (by cascade) its deliveries; their work items then find nothing to do. */
export function deleteEndpoint(db: Writer, workspaceId: number, id: number): boolean {
  return db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id))).returning({ id: webhookEndpoints.id }).all().length > 0;
}

export function disableEndpoint(db: Writer, id: number, at: Date): void {
  db.update(webhookEndpoints).set({ disabledAt: at }).where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt))).run();
}

export function insertDelivery(db: Writer, v: { workspaceId: number; endpointId: number; webhookId: string; type: string; payload: string; candidateId: number | null; createdAt: Date }): DeliveryRow {
  return db.insert(webhookDeliveries).values({ ...v, status: "pending" }).returning().get();
}

export function setWorkItem(db: Writer, deliveryId: number, workItemId: number): void {
  db.update(webhookDeliveries).set({ workItemId }).where(eq(webhookDeliveries.id, deliveryId)).run();
}

export function listDeliveries(db: DB, workspaceId: number, endpointId: number, limit: number): DeliveryRow[] {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .all();
}

export function findDelivery(db: Writer, workspaceId: number, endpointId: number, id: number): DeliveryRow | undefined {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
    .get();
}

/** A delivery with its endpoint, for the worker (no workspace: the work item names the row). */
export function deliveryToSend(db: DB, id: number): { delivery: DeliveryRow; endpoint: EndpointRow } | undefined {
  const row = db.select().from(webhookDeliveries).innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId)).where(eq(webhookDeliveries.id, id)).get();
  return row ? { delivery: row.webhook_deliveries, endpoint: row.webhook_endpoints } : undefined;
}

/** The oldest unfinished delivery of the endpoint before this one: this one waits for it. */
export function earlierUnfinished(db: DB, endpointId: number, id: number): DeliveryRow | undefined {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, [...UNFINISHED]), lt(webhookDeliveries.id, id)))
    .orderBy(webhookDeliveries.id)
    .limit(1)
    .get();
}

/** The next unfinished delivery of the endpoint after this one (woken when this one is done). */
export function nextUnfinished(db: Writer, endpointId: number, id: number): DeliveryRow | undefined {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, [...UNFINISHED]), gt(webhookDeliveries.id, id)))
    .orderBy(webhookDeliveries.id)
    .limit(1)
    .get();
}

export function updateDelivery(db: Writer, id: number, v: Partial<Pick<DeliveryRow, "status" | "attempts" | "statusCode" | "lastError" | "nextAttemptAt" | "deliveredAt" | "workItemId">>): void {
  db.update(webhookDeliveries).set(v).where(eq(webhookDeliveries.id, id)).run();
}

/** Counts a try on the row (before its outcome is known, so a crash mid-call still shows it). */
export function countAttempt(db: Writer, id: number, v: { statusCode: number | null; lastError: string | null }): void {
  db.update(webhookDeliveries).set({ ...v, attempts: sql`${webhookDeliveries.attempts} + 1` }).where(eq(webhookDeliveries.id, id)).run();
}

export function deleteDeliveriesAbout(db: Writer, workspaceId: number, candidateIds: number[]): number {
  if (!candidateIds.length) return 0;
  return db
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), inArray(webhookDeliveries.candidateId, candidateIds)))
    .returning({ id: webhookDeliveries.id })
    .all().length;
}

export function deleteFinishedBefore(db: DB, before: Date): number {
  return db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ["delivered", "failed"]), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id })
    .all().length;
}
