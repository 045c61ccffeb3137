import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per scheduled job (src/scheduled-tasks.ts): which cron tick it last ran for and which
 * boot runs it now. Every process that runs scheduled jobs fires the same ticks; the one whose
 * UPDATE takes the tick runs it, so a job runs once however many processes there are.
 */
export const scheduledRuns = sqliteTable("scheduled_runs", {
  name: text("name").primaryKey(),
  // The tick (ms, the minute the cron fired for) last taken.
  tick: integer("tick").notNull(),
  // While a run is under way: its boot and when its lease ends (a run never overlaps the previous one).
  boot: text("boot"),
  leaseUntil: integer("lease_until"),
});
