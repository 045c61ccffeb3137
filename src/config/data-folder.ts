import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, resolve } from "node:path";

/**
 * Checks, before anything is opened, that the database file can be created and written by the
 * user the process runs as, so a wrong volume owner reads as one plain sentence naming the path
 * instead of SQLite's "unable to open database file".
 */
export function databasePathProblem(databasePath: string): string | null {
  if (databasePath === ":memory:") return null;
  const file = resolve(databasePath);
  const folder = dirname(file);
  const who = `user ${currentUser()}`;
  const prefix = `Cannot open the database at ${databasePath}`;
  if (existsSync(file)) {
    if (statSync(file).isDirectory()) return `${prefix}: it is a folder, not a file`;
    if (!can(file, constants.R_OK | constants.W_OK)) return `${prefix}: the file is not readable and writable by ${who}`;
  }
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) return `${prefix}: ${folder} is not a folder`;
    // SQLite writes its -wal and -shm files beside the database, so the folder must be writable.
    if (!can(folder, constants.W_OK | constants.X_OK)) return `${prefix}: the folder is not writable by ${who}`;
    return null;
  }
  let parent = dirname(folder);
  while (!existsSync(parent) && parent !== dirname(parent)) parent = dirname(parent);
  if (!can(parent, constants.W_OK | constants.X_OK)) {
    return `${prefix}: the folder ${folder} does not exist and ${parent} is not writable by ${who}`;
  }
  return null;
}

function can(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** The name of the user the process runs as (from /etc/passwd: Bun's userInfo() reads $USER). */
function currentUser(): string {
  const uid = process.getuid?.();
  if (uid === undefined) return userInfo().username;
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const [name, , id] = line.split(":");
      if (name && Number(id) === uid) return name;
    }
  } catch {
    // No passwd file: the id says who it is.
  }
  // A container may run with a numeric id that has no name.
  return `with id ${uid}`;
}
