// The bytes of candidates' files in the data folder: files/<workspace>/<random key>, readable by
// the server's user only (0600; the folders 0700). Synchronous inside, so a removal right after
// a commit is done when the call returns.
import { mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { diskFull } from "../../db/busy";
import { join } from "node:path";
import { randomToken } from "../crypto";
import { checkKey, fileMissing, isOutOfSpace, type FileStore } from "./storage";

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Not written at all, or the disk refuses even this: nothing more to do here.
  }
}

export interface DiskStore extends FileStore {
  readonly kind: "disk";
  /** The file's path (tests and the backup read it). */
  pathOf(workspaceId: number, key: string): string;
}

/** The folder of the files of a data folder. */
export const filesFolder = (dataDir: string) => join(dataDir, "files");

/** How the store writes a file (the file system's own; a test's can fail part-way, as a full disk does). */
export type WriteFile = (path: string, bytes: Uint8Array, opts: { mode: number; flag: "wx" | "w" }) => void;

export function diskStore(dataDir: string, writeFile: WriteFile = writeFileSync): DiskStore {
  const folder = (workspaceId: number) => join(filesFolder(dataDir), String(Math.trunc(workspaceId)));
  const pathOf = (workspaceId: number, key: string) => join(folder(workspaceId), checkKey(key));
  const write = (workspaceId: number, key: string, bytes: Uint8Array, flag: "wx" | "w") => {
    const path = pathOf(workspaceId, key);
    try {
      mkdirSync(folder(workspaceId), { recursive: true, mode: 0o700 });
      writeFile(path, bytes, { mode: 0o600, flag });
    } catch (e) {
      // A failed write removes what it wrote (an empty or partial file), and a full disk is a 507.
      // (An existing file's failed overwrite ("w", a restore) is removed too: it is no longer whole.)
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") removeQuietly(path);
      if (isOutOfSpace(e)) throw diskFull();
      throw e;
    }
  };
  return {
    kind: "disk",
    where: `the data folder (${filesFolder(dataDir)})`,
    pathOf,
    async put(workspaceId, bytes) {
      const key = randomToken(18);
      write(workspaceId, key, bytes, "wx");
      return key;
    },
    async putAt(workspaceId, key, bytes) {
      write(workspaceId, key, bytes, "w");
    },
    async get(workspaceId, key) {
      try {
        return readFileSync(pathOf(workspaceId, key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") throw fileMissing();
        throw e;
      }
    },
    async remove(workspaceId, key) {
      try {
        unlinkSync(pathOf(workspaceId, key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      }
    },
    async *list() {
      const entries = (path: string) => {
        try {
          return readdirSync(path);
        } catch {
          return [];
        }
      };
      for (const ws of entries(filesFolder(dataDir))) {
        if (!/^\d+$/.test(ws)) continue;
        for (const key of entries(join(filesFolder(dataDir), ws))) {
          if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) continue;
          const at = statSync(join(filesFolder(dataDir), ws, key), { throwIfNoEntry: false });
          if (at?.isFile()) yield { workspaceId: Number(ws), key, writtenAt: at.mtime };
        }
      }
    },
  };
}
