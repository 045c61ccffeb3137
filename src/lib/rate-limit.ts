import { oncePerRequest } from "../db/busy";

/**
 * A fixed-window counter per key, in memory (one process serves everything).
 * hit() counts an attempt; check() only reads. Both answer how long to wait when over.
 * A request run again after SQLITE_BUSY is counted once (its hits replay the first answers).
 */
export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

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
    const w = this.current(key) ?? { count: 0, resetAt: this.now() + this.windowMs };
    w.count++;
    this.windows.set(key, w);
    if (this.windows.size > 50_000) this.sweep();
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

  private sweep() {
    const t = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }
}
