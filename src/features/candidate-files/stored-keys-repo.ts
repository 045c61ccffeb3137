// The files a database names, read with a plain SQLite connection: the backup thread has no
// drizzle and reads a snapshot file, and the restore command reads a backup before it is live.
import type { Database } from "bun:sqlite";

export interface StoredKey {
  workspaceId: number;
  key: string;
  size: number;
}

/**
 * Every stored file's workspace, storage key and size: the candidates' files and the CVs still
 * waiting as drafts (candidate-drafts' table, read here as plain SQL because a backup reads a
 * snapshot file, not the app). A confirmed draft's file keeps its key, so each key comes once.
 * A database from before either table: none of it.
 */
export function storedKeysIn(db: Database): StoredKey[] {
  const tables = new Set(
    db
      .query<{ name: string }, []>("select name from sqlite_master where type = 'table' and name in ('participant_files', 'participant_drafts')")
      .all()
      .map((r) => r.name),
  );
  const parts = [
    tables.has("participant_files") ? "select workspace_id, storage_key, size from participant_files" : null,
    tables.has("participant_drafts") ? "select workspace_id, storage_key, file_size as size from participant_drafts" : null,
  ].filter(Boolean);
  if (!parts.length) return [];
  return db
    .query<StoredKey, []>(
      `select workspace_id as workspaceId, storage_key as key, max(size) as size from (${parts.join(" union all ")}) group by workspace_id, storage_key order by workspace_id, storage_key`,
    )
    .all();
}
