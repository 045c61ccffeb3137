import { Database } from "bun:sqlite";

/**
 * Where rate limits keep their counts. One web process keeps them in memory; several web
 * processes on one port (WEB_PROCESSES) share a small SQLite file beside the database, so a
 * limit counts every request whichever process answers it. Either way the memory or rows
 * are bounded: past `cap` keys the oldest are dropped, so a flood of made-up keys costs a
 * constant amount per request.
 */
interface LimitEntry {
  /** A count (attempts in a window, failures in a row). */
  n: number;
  /** When it last changed (ms). */
  at: number;
  /** When it is forgotten (ms). */
  expiresAt: number;
}

export interface LimitStore {
  get(space: string, key: string, now: number): LimitEntry | undefined;
  /** Reads, changes and writes one key at once (no other process's change in between); null deletes. */
  change(space: string, key: string, now: number, fn: (e: LimitEntry | undefined) => LimitEntry | null): LimitEntry | null;
  delete(space: string, key: string): void;
  /** How many keys are kept, every space counted. */
  size(): number;
  close(): void;
}

const LIMIT_KEYS_CAP = 100_000;

export function memoryLimitStore(cap = LIMIT_KEYS_CAP): LimitStore {
  // The entries, and the order they last changed in as a queue of (key, stamp): an old stamp in the
  // queue is a key changed since, skipped. Dropping the oldest reads from the queue's head, so
  // a change costs O(1), never a walk over a Map's deleted slots from its start (which a flood of
  // made-up keys turned into seconds per 10,000 hits).
  const entries = new Map<string, { e: LimitEntry; stamp: number }>();
  let queue: [key: string, stamp: number][] = [];
  let head = 0;
  let stamp = 0;
  const live = (k: string, now: number) => {
    const x = entries.get(k);
    if (x && x.e.expiresAt <= now) {
      entries.delete(k);
      return undefined;
    }
    return x?.e;
  };
  const compact = () => {
    queue = queue.slice(head).filter(([k, s]) => entries.get(k)?.stamp === s);
    head = 0;
  };
  return {
    get: (space, key, now) => live(`${space}\0${key}`, now),
    change(space, key, now, fn) {
      const k = `${space}\0${key}`;
      const next = fn(live(k, now));
      entries.delete(k);
      if (next) {
        entries.set(k, { e: next, stamp: ++stamp });
        queue.push([k, stamp]);
      }
      // Ended windows and, past the cap, the oldest go from the front.
      while (head < queue.length) {
        const [qk, qs] = queue[head]!;
        const x = entries.get(qk);
        if (x && x.stamp === qs) {
          if (x.e.expiresAt > now && entries.size <= cap) break;
          entries.delete(qk);
        }
        head++;
      }
      // Stale stamps (keys changed again) are dropped once they outnumber the keys.
      if (queue.length - head > 2 * entries.size + 1024) compact();
      else if (head > 4096 && head * 2 > queue.length) compact();
      return next;
    },
    delete: (space, key) => void entries.delete(`${space}\0${key}`),
    size: () => entries.size,
    close: () => {
      entries.clear();
      queue = [];
      head = 0;
    },
  };
}

/** Rows are swept of expired keys (and trimmed to the cap) once every this many changes. */
const SWEEP_EVERY = 1000;

/**
 * The shared store: a SQLite file of its own, not the database, so that counting a request never
 * waits behind a booking's write lock and is never part of a backup or the standby copy. Its
 * transactions are a few microseconds long, so a process that finds it locked waits for it
 * (busy_timeout) instead of answering an error.
 */
export function sqliteLimitStore(file: string, cap = LIMIT_KEYS_CAP): LimitStore {
  const db = new Database(file, { create: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = OFF");
  db.exec("PRAGMA busy_timeout = 2000");
  db.exec("CREATE TABLE IF NOT EXISTS limits (space TEXT NOT NULL, key TEXT NOT NULL, n REAL NOT NULL, at INTEGER NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (space, key)) WITHOUT ROWID");
  db.exec("CREATE INDEX IF NOT EXISTS limits_at ON limits (at)");
  const read = db.prepare<{ n: number; at: number; expires_at: number }, [string, string, number]>("SELECT n, at, expires_at FROM limits WHERE space = ?1 AND key = ?2 AND expires_at > ?3");
  const write = db.prepare<unknown, [string, string, number, number, number]>(
    "INSERT INTO limits (space, key, n, at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (space, key) DO UPDATE SET n = excluded.n, at = excluded.at, expires_at = excluded.expires_at",
  );
  const remove = db.prepare<unknown, [string, string]>("DELETE FROM limits WHERE space = ?1 AND key = ?2");
  const sweep = db.prepare<unknown, [number]>("DELETE FROM limits WHERE expires_at <= ?1");
  const count = db.prepare<{ n: number }, []>("SELECT count(*) AS n FROM limits");
  const trim = db.prepare<unknown, [number]>("DELETE FROM limits WHERE (space, key) IN (SELECT space, key FROM limits ORDER BY at LIMIT ?1)");
  const entryOf = (r: { n: number; at: number; expires_at: number } | null): LimitEntry | undefined => (r ? { n: r.n, at: r.at, expiresAt: r.expires_at } : undefined);
  let changes = 0;
  const change = db.transaction((space: string, key: string, now: number, fn: (e: LimitEntry | undefined) => LimitEntry | null) => {
    const next = fn(entryOf(read.get(space, key, now)));
    if (next) write.run(space, key, next.n, next.at, next.expiresAt);
    else remove.run(space, key);
    if (++changes % SWEEP_EVERY === 0) {
      sweep.run(now);
      const over = count.get()!.n - cap;
      if (over > 0) trim.run(over + Math.floor(cap * 0.1));
    }
    return next;
  });
  return {
    get: (space, key, now) => entryOf(read.get(space, key, now)),
    // IMMEDIATE: the read and the write under one write lock, so two processes never both pass.
    change: (space, key, now, fn) => change.immediate(space, key, now, fn),
    delete: (space, key) => void remove.run(space, key),
    size: () => count.get()!.n,
    close: () => db.close(),
  };
}
