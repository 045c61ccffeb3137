import type { DB } from "../../db/client";
import type { Deps } from "../../deps";
import { diskStore } from "./disk-store";
import { s3Store } from "./s3-store";
import type { FileStore } from "./storage";

const stores = new WeakMap<DB, FileStore>();

/** This app's file store is the one given (the composition root's replacement: a test's full disk). */
export function useFileStore(deps: Deps, store: FileStore): void {
  stores.set(deps.db, store);
}

/** The file store of this app: the bucket of FILES_S3_URL when set, else its data folder. */
export function fileStore(deps: Deps): FileStore {
  let s = stores.get(deps.db);
  if (!s) stores.set(deps.db, (s = deps.config.filesS3 ? s3Store(deps.config.filesS3) : diskStore(deps.config.dataDir)));
  return s;
}
