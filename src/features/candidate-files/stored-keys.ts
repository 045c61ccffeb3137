// The files a database names, read with a plain SQLite connection: the backup thread has no
// drizzle and reads a snapshot file, and the restore command reads a backup before it is live.
import type { Database } from "bun:sqlite";
import type { Config } from "../../config/env";
import { diskStore } from "./disk-store";
import { s3Store } from "./s3-store";
import type { FileStore } from "./storage";

export interface StoredKey {
  workspaceId: number;
  key: string;
  size: number;
}

/** Every file row's workspace, storage key and size (a database from before files: none). */
export function storedKeysIn(db: Database): StoredKey[] {
  const has = db.query<{ n: number }, []>("select count(*) as n from sqlite_master where type = 'table' and name = 'participant_files'").get()!.n;
  if (!has) return [];
  return db.query<StoredKey, []>("select workspace_id as workspaceId, storage_key as key, size from participant_files order by id").all();
}

/** The file store a configuration names (the command line has no running app). */
export function fileStoreOf(config: Config): FileStore {
  return config.filesS3 ? s3Store(config.filesS3) : diskStore(config.dataDir);
}
