import { count } from "drizzle-orm";
import type { DB } from "../db/client";
import { outbox } from "../db/schema";

/** Outbox messages by delivery state (pending, sent, failed, skipped): the mail queue's depth and failures. */
export function outboxCounts(db: DB): Array<{ status: string; count: number }> {
  return db.select({ status: outbox.status, count: count() }).from(outbox).groupBy(outbox.status).all();
}
