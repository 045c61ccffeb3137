import { oncePerRequest } from "../db/busy";
import { memoryLimitStore, type LimitStore } from "./limit-store";

type Answer = { ok: boolean; retryAfter: number };
const OK: Answer = { ok: true, retryAfter: 0 };

/**
 * Where a limiter keeps its counts: a space of a store (several web processes share one, see
 * limit-store.ts). Without one a limiter keeps its own, in memory.
 */
export interface LimitSpace {
  store: LimitStore;
  name: string;
}

/** The space `name` of the app's limit store. */
export const limitSpace = (deps: { limitStore: LimitStore }, name: string): LimitSpace => ({ store: deps.limitStore, name });

/** The most windows a limiter of its own keeps: past it the oldest are dropped (memory stays bounded under a flood). */
export const MAX_LIMITER_KEYS = 20_000;

const ownSpace = (): LimitSpace => ({ store: memoryLimitStore(MAX_LIMITER_KEYS), name: "" });

/**
 * A fixed-window counter per key. hit() counts an attempt; check() only reads. Both answer how
 * long to wait when over. A request run again after SQLITE_BUSY is counted once (its hits replay
 * the first answers).
 */
export class RateLimiter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly space: LimitSpace = ownSpace(),
  ) {}

  /** How many windows its store keeps (tests). */
  get size(): number {
    return this.space.store.size();
  }

  check(key: string): Answer {
    const t = this.now();
    return this.over(this.space.store.get(this.space.name, key, t), t) ?? OK;
  }

  hit(key: string): Answer {
    return oncePerRequest(this, key, () => this.count(key));
  }

  private over(w: { n: number; expiresAt: number } | undefined, t: number): Answer | null {
    return w && w.n >= this.limit ? { ok: false, retryAfter: Math.ceil((w.expiresAt - t) / 1000) } : null;
  }

  private count(key: string): Answer {
    const t = this.now();
    let answer = OK;
    // Checked and counted in one change: two processes cannot both take the last attempt.
    this.space.store.change(this.space.name, key, t, (w) => {
      const over = this.over(w, t);
      if (over) {
        answer = over;
        return w!;
      }
      return { n: (w?.n ?? 0) + 1, at: t, expiresAt: w?.expiresAt ?? t + this.windowMs };
    });
    return answer;
  }

  reset(key: string) {
    this.space.store.delete(this.space.name, key);
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
  constructor(
    private readonly free: number,
    private readonly maxDelayMs: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly space: LimitSpace = ownSpace(),
  ) {}

  check(key: string): Answer {
    const t = this.now();
    return this.wait(this.space.store.get(this.space.name, key, t), t);
  }

  private wait(s: { n: number; at: number } | undefined, t: number): Answer {
    if (!s || s.n < this.free) return OK;
    const delay = Math.min(1000 * 2 ** (s.n - this.free), this.maxDelayMs);
    const wait = s.at + delay - t;
    return wait > 0 ? { ok: false, retryAfter: Math.ceil(wait / 1000) } : OK;
  }

  hit(key: string): Answer {
    const t = this.now();
    let answer = OK;
    this.space.store.change(this.space.name, key, t, (s) => {
      answer = this.wait(s, t);
      if (!answer.ok) return s!;
      return { n: (s?.n ?? 0) + 1, at: t, expiresAt: t + this.windowMs };
    });
    return answer;
  }

  reset(key: string) {
    this.space.store.delete(this.space.name, key);
  }
}
