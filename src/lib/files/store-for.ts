import type { Config } from "../../config/env";
import { diskStore } from "./disk-store";
import { s3Store } from "./s3-store";
import type { FileStore } from "./storage";

/** The file store a configuration names: the bucket of FILES_S3_URL when set, else the data folder. */
export function fileStoreOf(config: Config): FileStore {
  return config.filesS3 ? s3Store(config.filesS3) : diskStore(config.dataDir);
}
