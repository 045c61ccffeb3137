import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * Every repo query on recruiter data goes through this: it adds `workspace_id = ?`
 * to the conditions, so a row of another workspace is never read or changed.
 * Usage: db.select().from(jobs).where(inWorkspace(jobs, ws, eq(jobs.id, id)))
 */
export function inWorkspace(table: { workspaceId: SQLiteColumn }, workspaceId: number, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.workspaceId, workspaceId), ...conditions) as SQL;
}
