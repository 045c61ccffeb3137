import { desc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { outbox } from "../../db/schema";

export function latestMail(db: DB, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit).all();
}

export function mailById(db: DB, id: number) {
  return db.select().from(outbox).where(eq(outbox.id, id)).get();
}
