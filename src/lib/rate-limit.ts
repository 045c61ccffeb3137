import { oncePerRequest } from "../db/busy";

/** The most windows a limiter keeps: past it the oldest are dropped (memory stays bounded under a flood). */
export const MAX_LIMITER_KEYS = 20_000;

/**
 * A fixed-window counter per key, in memory (one process serves everything).
 * hit() counts an attempt; check() only reads. Both answer how long to wait when over.
 * A request run again after SQLITE_BUSY is counted once (its hits replay the first answers).
 * Windows sit in the map in the order they opened, which (one window length) is the order they
 * end: expired ones are dropped from the front, and past `maxKeys` the oldest go, each in O(1),
 * so a flood of new keys never makes a request scan the map.
 */
export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = MAX_LIMITER_KEYS,
  ) {}

  /** How many windows are kept (tests). */
  get size(): number {
    return this.windows.size;
  }

  check(key: string): { ok: boolean; retryAfter: number } {
    const w = this.current(key);
    if (w && w.count >= this.limit) return { ok: false, retryAfter: Math.ceil((w.resetAt - this.now()) / 1000) };
    return { ok: true, retryAfter: 0 };
  }

  hit(key: string): { ok: boolean; retryAfter: number } {
    return oncePerRequest(this, key, () => this.count(key));
  }

  private count(key: string): { ok: boolean; retryAfter: number } {
    const state = this.check(key);
    if (!state.ok) return state;
    let w = this.current(key);
    if (!w) {
      w = { count: 0, resetAt: this.now() + this.windowMs };
      this.windows.set(key, w);
      this.trim();
    }
    w.count++;
    return { ok: true, retryAfter: 0 };
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private trim() {
    const t = this.now();
    for (const [k, w] of this.windows) {
      if (w.resetAt > t && this.windows.size <= this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}

/**
 * Failures per key answered with a growing delay instead of a lock: the first `free`
 * failures cost nothing, then each further attempt must wait 1 s, 2 s, 4 s ... (capped)
 * after the previous one. An attempt is counted when it starts (hit), so concurrent
 * attempts cannot all pass the check; a success calls reset(). Counts fade after `windowMs`
 * without attempts.
 */
export class BackoffLimiter {
  private state = new Map<string, { failures: number; lastAt: number }>();
  constructor(
    private readonly free: number,
    private readonly maxDelayMs: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): { ok: boolean; retryAfter: number } {
    const s = this.current(key);
    if (!s || s.failures < this.free) return { ok: true, retryAfter: 0 };
    const delay = Math.min(1000 * 2 ** (s.failures - this.free), this.maxDelayMs);
    const wait = s.lastAt + delay - this.now();
    return wait > 0 ? { ok: false, retryAfter: Math.ceil(wait / 1000) } : { ok: true, retryAfter: 0 };
  }

  hit(key: string): { ok: boolean; retryAfter: number } {
    const c = this.check(key);
    if (!c.ok) return c;
    const s = this.current(key) ?? { failures: 0, lastAt: 0 };
    s.failures++;
    s.lastAt = this.now();
    this.state.set(key, s);
    if (this.state.size > 50_000) this.sweep();
    return c;
  }

  reset(key: string) {
    this.state.delete(key);
  }

  private current(key: string) {
    const s = this.state.get(key);
    if (s && s.lastAt + this.windowMs <= this.now()) {
      this.state.delete(key);
      return undefined;
    }
    return s;
  }

  private sweep() {
    const t = this.now();
    for (const [k, s] of this.state) if (s.lastAt + this.windowMs <= t) this.state.delete(k);
  }
}
