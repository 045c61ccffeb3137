import type { Deps } from "../../deps";
import { diskStore, type FileStore } from "./storage";

const stores = new WeakMap<Deps, FileStore>();
/** The file store of this app (the data folder of its configuration). */
export function fileStore(deps: Deps): FileStore {
  let s = stores.get(deps);
  if (!s) stores.set(deps, (s = diskStore(deps.config.dataDir)));
  return s;
}
