import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * The participants backup (part2 §3, monitor view): one row per participant of a
 * workspace, refreshed by every sync run. `data` holds the whole source row as JSON, so
 * the backup keeps every field; the other columns are the monitor's view of it.
 * A participant that disappeared from the source keeps its row with sync_status 'deleted'.
 */
export const participantsBackup = sqliteTable(
  "participants_backup",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // The participants.id it copies (no foreign key: the backup must outlive the source row).
    participantId: integer("participant_id").notNull(),
    name: text("name"),
    email: text("email"),
    position: text("position"),
    department: text("department"),
    status: text("status"),
    data: text("data").notNull(),
    syncTimestamp: integer("sync_timestamp", { mode: "timestamp_ms" }).notNull(),
    // 'synced' or 'deleted' (gone from the source at the last run).
    syncStatus: text("sync_status").notNull().default("synced"),
    // Which run wrote the row last: rows not touched by a finished run were deleted at the source.
    runId: integer("run_id").notNull(),
  },
  (t) => [uniqueIndex("participants_backup_source_idx").on(t.workspaceId, t.participantId), index("participants_backup_recent_idx").on(t.workspaceId, t.syncTimestamp)],
);

/** The sync runs log: every run, including failed ones, with its outcome. */
export const syncRuns = sqliteTable(
  "sync_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // 'schedule' or 'manual'
    trigger: text("trigger").notNull(),
    // 'running', 'success' or 'failed'
    status: text("status").notNull(),
    recordCount: integer("record_count").notNull().default(0),
    durationMs: integer("duration_ms"),
    error: text("error"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull().default(now),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sync_runs_workspace_idx").on(t.workspaceId, t.id)],
);
