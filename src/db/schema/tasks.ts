import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Every piece of outside work (e-mail, calendar writes, webhook deliveries, later file work):
 * written in the transaction of the change that causes it, done after the commit by a worker
 * (src/lib/jobs.ts, its SQL in src/lib/task-claims.ts). Named `tasks` because `jobs` are job
 * postings. A claim sets a fresh `lease_token`; every write that ends or reschedules a task
 * matches it (decision 0028).
 * A task with a `serial_key` waits for every older unfinished task with the same key.
 */
export const tasks = sqliteTable(
  "tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    serialKey: text("serial_key"),
    // JSON, checked by the kind's zod schema when run.
    payload: text("payload").notNull(),
    // pending | retrying | done | failed | skipped (e-mail while mail is off) | held (after a restore)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: integer("run_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`0`),
    leaseToken: text("lease_token"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    // The boot (one start of one worker process) that holds the lease: a restarted worker takes
    // back at once the leases of a boot that is no longer alive (src/lib/worker-boot.ts).
    leaseBoot: text("lease_boot"),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("tasks_due_idx").on(t.status, t.runAt), index("tasks_serial_idx").on(t.serialKey, t.id)],
);
