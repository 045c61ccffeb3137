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
export function snapshotTo<R = void>(sqlite: Database, target: string, fill?: (partial: string) => R): R | undefined {
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, "wx", 0o600));
  try {
    sqlite.exec(`VACUUM INTO ${quote(partial)}`);
    // What else the backup carries (the candidates' files) goes in before the name says "backup".
    const filled = fill?.(partial);
    renameSync(partial, target);
    return filled;
  } finally {
    rmSync(partial, { force: true });
  }
}
