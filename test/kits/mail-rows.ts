// One e-mail as tests look at it: its stored message and its task's delivery state, in mail's words.
import { eq } from "drizzle-orm";
import type { DB } from "../../src/db/client";
import { mailMessages, tasks } from "../../src/db/schema";
import { mailStatusOf } from "../../src/lib/mail-records";

export function mailRow(db: DB, id: number) {
  const r = db.select({ m: mailMessages, t: tasks }).from(mailMessages).innerJoin(tasks, eq(tasks.id, mailMessages.taskId)).where(eq(mailMessages.id, id)).get()!;
  return { ...r.m, status: mailStatusOf(r.t.status), attempts: r.t.attempts, lastError: r.t.lastError, nextAttemptAt: r.t.runAt, leaseUntil: r.t.leaseUntil, leaseToken: r.t.leaseToken };
}
