// The files a database names (its SQL is stored-keys-repo.ts's), and the store that holds them.
import type { Config } from "../../config/env";
import { diskStore } from "./disk-store";
import { s3Store } from "./s3-store";
import type { FileStore } from "./storage";
export { storedKeysIn } from "./stored-keys-repo";

/** The file store a configuration names (the command line has no running app). */
export function fileStoreOf(config: Config): FileStore {
  return config.filesS3 ? s3Store(config.filesS3) : diskStore(config.dataDir);
}
