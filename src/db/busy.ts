import type { Database } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "../lib/errors";

/**
 * Waiting for SQLite's write lock without stopping the event loop (decision record 14).
 *
 * The server's connection has busy_timeout = 0: a write that finds the lock taken by another
 * process fails at once with SQLITE_BUSY instead of sleeping inside SQLite, which would stop
 * every request, reads included. The wait happens here, asynchronously: the HTTP layer runs
 * a request again once the lock looks free (its synchronous transactions were rolled back), and
 * code that has already done something outside the database (a model call, a Stripe object)
 * retries only its own write with retryOnBusy().
 */

/** How long a write waits for the lock before the request answers 503. */
export const BUSY_WAIT_MS = 10_000;
/** The server's busy_timeout: SQLite never sleeps on the event loop. */
export const SERVE_BUSY_TIMEOUT_MS = 0;

interface SqliteErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The SQLite result code of an error (drizzle wraps bun:sqlite's errors in `cause`). */
export function sqliteCode(e: unknown): string | null {
  for (let x = e as SqliteErrorLike | undefined, depth = 0; x && depth < 5; x = x.cause as SqliteErrorLike | undefined, depth++) {
    if (typeof x.code === "string" && x.code.startsWith("SQLITE_")) return x.code;
  }
  return null;
}

/** Another connection holds the write lock (or this connection's snapshot went stale). */
export const isBusyError = (e: unknown) => sqliteCode(e)?.startsWith("SQLITE_BUSY") ?? false;
/** The disk (or the database's max_page_count, or a quota) is full: SQLite's own, or a file write's ENOSPC. */
export const isDiskFullError = (e: unknown) => sqliteCode(e) === "SQLITE_FULL" || ["ENOSPC", "EDQUOT"].includes((e as { code?: string } | null)?.code ?? "");

export const databaseBusy = () => new AppError("database_busy", 503, "The server is busy, please try again", undefined, { "retry-after": "1" });
export const diskFull = () => new AppError("disk_full", 507, "The server is out of disk space");

// SQLite's own busy handler sleeps these steps (ms): a lock held for a moment is won at once,
// a long one costs a few wake-ups a second.
const STEPS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];

/** The pause before retry number `attempt` (1, 2, …), with jitter so waiting requests spread out. */
export function busyDelay(attempt: number): number {
  const base = STEPS[Math.min(STEPS.length, Math.max(1, attempt)) - 1]!;
  return base * (0.5 + Math.random());
}

const probes = new WeakMap<Database, Promise<void>>();

/**
 * Resolves when the write lock looks free: one probe (BEGIN IMMEDIATE; ROLLBACK) per step of
 * busyDelay, however many requests wait, so a long lock costs a few probes a second rather
 * than every waiting request run again and again.
 */
function lockReleased(sqlite: Database): Promise<void> {
  let p = probes.get(sqlite);
  if (!p) {
    p = (async () => {
      for (let attempt = 1; ; attempt++) {
        await Bun.sleep(busyDelay(attempt));
        try {
          sqlite.exec("BEGIN IMMEDIATE");
          sqlite.exec("ROLLBACK");
          return;
        } catch (e) {
          if (!isBusyError(e)) return; // closed, or anything else: let the retry meet it
        }
      }
    })().finally(() => probes.delete(sqlite));
    probes.set(sqlite, p);
  }
  return p;
}

/** Waits for the lock to look free, or until `deadline` (performance.now()); false when the time ran out. */
export async function waitForWriteLock(sqlite: Database, deadline: number): Promise<boolean> {
  const left = deadline - performance.now();
  if (left <= 0) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const out = await Promise.race([lockReleased(sqlite).then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), left)))]);
  clearTimeout(timer);
  return out;
}

/**
 * Runs a synchronous database write, and when the lock is taken waits (asynchronously) and
 * runs it again, for up to `waitMs`; then a 503. `fn` must be safe to run again: one
 * transaction, or statements that each change nothing when they fail.
 */
export async function retryOnBusy<T>(sqlite: Database, fn: () => T, opts: { waitMs?: number } = {}): Promise<T> {
  const deadline = performance.now() + (opts.waitMs ?? BUSY_WAIT_MS);
  for (;;) {
    try {
      return fn();
    } catch (e) {
      if (!isBusyError(e)) throw e;
      if (!(await waitForWriteLock(sqlite, deadline))) throw databaseBusy();
    }
  }
}

/**
 * A housekeeping write that may be skipped (extending a session's idle timer, say): runs `fn`
 * once and returns false instead of failing the request when the lock is taken or the disk
 * is full, so a read never waits or fails because of it.
 */
export function tryWrite(fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (isBusyError(e) || isDiskFullError(e)) return false;
    throw e;
  }
}

/** A write a page view makes on the side (a click count): skipped on a full disk, so the page is still served. */
export function unlessDiskFull(fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (isDiskFullError(e)) return false;
    throw e;
  }
}

// ---- the request being served ---------------------------------------------------------

/** What the HTTP layer knows about the request being served, across its attempts. */
export interface RequestScope {
  /** 0 for the first run of the request, then 1, 2… for each retry after SQLITE_BUSY. */
  attempt: number;
  /** When the first attempt started (performance.now()). */
  startedAt: number;
  /** The connection's total_changes() when this attempt started. */
  changesAtStart: number;
  /** Something outside the database was changed (a model answered, a Stripe object was made): never run it again. */
  outsideEffect: boolean;
  /** Results kept from earlier attempts (rate-limit counts), replayed by retries. */
  memo: Map<object, Map<string, unknown>>;
  /** How often each (owner, key) was asked in this attempt, so the n-th call replays the n-th result. */
  calls: Map<object, Map<string, number>>;
}

const scopes = new AsyncLocalStorage<RequestScope | undefined>();

export function newRequestScope(changes: number): RequestScope {
  return { attempt: 0, startedAt: performance.now(), changesAtStart: changes, outsideEffect: false, memo: new Map(), calls: new Map() };
}

/** Runs a request's work (the whole Elysia handler) inside its scope. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** Marks the current request as having changed something outside the database: it is never run again. */
export function markOutsideEffect(): void {
  const s = scopes.getStore();
  if (s) s.outsideEffect = true;
}

/**
 * The result of `fn` for (owner, key), computed once per request: a retried request gets the
 * first attempt's answer again (a rate limit counts a request once, however often it is retried).
 */
export function oncePerRequest<T>(owner: object, key: string, fn: () => T): T {
  const s = scopes.getStore();
  // Past the wait no retry can come (and a websocket's messages may outlive their upgrade's scope).
  if (!s || performance.now() - s.startedAt > BUSY_WAIT_MS) return fn();
  let calls = s.calls.get(owner);
  if (!calls) s.calls.set(owner, (calls = new Map()));
  const n = (calls.get(key) ?? 0) + 1;
  calls.set(key, n);
  let byKey = s.memo.get(owner);
  if (!byKey) s.memo.set(owner, (byKey = new Map()));
  const slot = `${n}:${key}`;
  if (byKey.has(slot)) return byKey.get(slot) as T;
  const value = fn();
  byKey.set(slot, value);
  return value;
}
