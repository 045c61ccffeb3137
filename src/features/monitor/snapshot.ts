import type { Database } from "bun:sqlite";
import { closeSync, openSync, renameSync, rmSync } from "node:fs";

/** SQL string literal for VACUUM INTO (it takes an expression, not a bound parameter in every version). */
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Writes a consistent copy of the database behind `sqlite` to `target` (which must not exist)
 * with VACUUM INTO. The copy is written under a temporary name and renamed, so a crash never
 * leaves a half-written file that looks like a backup, and it is created 0600 (VACUUM INTO
 * fills an existing empty file and keeps its mode): a backup holds every secret the database does.
 */
export function snapshotTo(sqlite: Database, target: string) {
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, "wx", 0o600));
  try {
    sqlite.exec(`VACUUM INTO ${quote(partial)}`);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}
