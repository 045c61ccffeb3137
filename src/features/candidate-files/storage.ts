// The bytes of candidates' files in the data folder: files/<workspace>/<random key>, readable by
// the server's user only (0600; the folders 0700). The key is random, never the uploaded name.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomToken } from "../../lib/crypto";

export interface FileStore {
  put(workspaceId: number, bytes: Uint8Array): string;
  get(workspaceId: number, key: string): Uint8Array;
  remove(workspaceId: number, key: string): void;
  pathOf(workspaceId: number, key: string): string;
}

export function diskStore(dataDir: string): FileStore {
  const folder = (workspaceId: number) => join(dataDir, "files", String(workspaceId));
  const pathOf = (workspaceId: number, key: string) => {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) throw new Error("bad storage key");
    return join(folder(workspaceId), key);
  };
  return {
    pathOf,
    put(workspaceId, bytes) {
      mkdirSync(folder(workspaceId), { recursive: true, mode: 0o700 });
      const key = randomToken(18);
      writeFileSync(pathOf(workspaceId, key), bytes, { mode: 0o600, flag: "wx" });
      return key;
    },
    get(workspaceId, key) {
      return readFileSync(pathOf(workspaceId, key));
    },
    remove(workspaceId, key) {
      try {
        unlinkSync(pathOf(workspaceId, key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      }
    },
  };
}
