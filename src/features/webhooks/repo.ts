import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { tasks, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { Tx } from "../../db/tx";
import type { Writer } from "../../lib/mail";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
/** A delivery with the task that holds its state (null once pruned). */
export interface DeliveryWithTask {
  delivery: DeliveryRow;
  task: TaskRow | null;
}
/** One try, as the delivery log shows it. */
export interface Attempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
}

/** The workspace's live endpoints with their event lists: the one query an event costs when nobody listens. */
export function activeEndpoints(db: Writer, workspaceId: number): Pick<EndpointRow, "id" | "events">[] {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)))
    .all();
}

export function insertEndpoint(db: Writer, v: { workspaceId: number; url: string; events: string[]; secretSealed: string; createdAt: Date }): EndpointRow {
  return db
    .insert(webhookEndpoints)
    .values({ ...v, events: JSON.stringify(v.events) })
    .returning()
    .get();
}

export function listEndpoints(db: DB, workspaceId: number): EndpointRow[] {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId)).orderBy(webhookEndpoints.id).all();
}

export function findEndpoint(db: Writer, workspaceId: number, id: number): EndpointRow | undefined {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .get();
}

/** Deletes the endpoint and (by cascade) its deliveries; their tasks then find nothing to do. */
export function deleteEndpoint(db: DB | Tx, workspaceId: number, id: number): boolean {
  return (
    db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id })
      .all().length > 0
  );
}

export function disableEndpoint(db: Writer, id: number, at: Date): void {
  db.update(webhookEndpoints)
    .set({ disabledAt: at })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .run();
}

export function insertDelivery(db: Writer, v: { workspaceId: number; endpointId: number; webhookId: string; type: string; payload: string; candidateId: number | null; createdAt: Date }): DeliveryRow {
  return db.insert(webhookDeliveries).values(v).returning().get();
}

export function setTask(db: Tx, deliveryId: number, taskId: number): void {
  db.update(webhookDeliveries).set({ taskId }).where(eq(webhookDeliveries.id, deliveryId)).run();
}

const withTask = (db: Writer) => db.select({ delivery: webhookDeliveries, task: tasks }).from(webhookDeliveries).leftJoin(tasks, eq(tasks.id, webhookDeliveries.taskId));

export function listDeliveries(db: DB, workspaceId: number, endpointId: number, limit: number): DeliveryWithTask[] {
  return withTask(db)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .all();
}

export function findDelivery(db: Writer, workspaceId: number, endpointId: number, id: number): DeliveryWithTask | undefined {
  return withTask(db)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
    .get();
}

/** A delivery with its endpoint, for the worker (no workspace: the task names the row). */
export function deliveryToSend(db: DB, id: number): { delivery: DeliveryRow; endpoint: EndpointRow } | undefined {
  const row = db.select().from(webhookDeliveries).innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId)).where(eq(webhookDeliveries.id, id)).get();
  return row ? { delivery: row.webhook_deliveries, endpoint: row.webhook_endpoints } : undefined;
}

/** Adds one try to the delivery's log (in the try's fenced transaction). */
export function appendAttempt(db: Tx, id: number, attempt: Attempt): void {
  db.update(webhookDeliveries)
    .set({ attemptLog: sql`json_insert(${webhookDeliveries.attemptLog}, '$[#]', json(${JSON.stringify(attempt)}))` })
    .where(eq(webhookDeliveries.id, id))
    .run();
}

export function deleteDeliveriesAbout(db: Writer, workspaceId: number, candidateIds: number[]): number {
  if (!candidateIds.length) return 0;
  return db
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), inArray(webhookDeliveries.candidateId, candidateIds)))
    .returning({ id: webhookDeliveries.id })
    .all().length;
}

/** Deliveries older than `before` whose task is finished (or already pruned). */
export function deleteFinishedBefore(db: DB, before: Date): number {
  const unfinished = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, webhookDeliveries.taskId), inArray(tasks.status, ["pending", "retrying", "held"])));
  return db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), sql`not exists ${unfinished}`))
    .returning({ id: webhookDeliveries.id })
    .all().length;
}
