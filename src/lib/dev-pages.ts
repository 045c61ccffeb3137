import { notFound, tooManyRequests } from "./errors";
import { RateLimiter } from "./rate-limit";

/**
 * Developer pages and seed endpoints (/dev/mailbox, /shortlist-test, /database-debug, the
 * debug APIs, test-candidate seeding) exist only when DEV_PAGES is on (it is in demo mode),
 * and even then each user may call them a limited number of times a minute: they write test
 * data and read whole tables.
 */
export const DEV_LIMIT_PER_MINUTE = 30;

export function devLimiter(now: () => number) {
  const limiter = new RateLimiter(DEV_LIMIT_PER_MINUTE, 60_000, now);
  return (key: string | number) => {
    const r = limiter.hit(String(key));
    if (!r.ok) throw tooManyRequests(r.retryAfter);
  };
}

/** For a route that always exists: 404 while developer pages are off, else the per-user limit. */
export function devGuard(enabled: boolean, now: () => number) {
  const limit = devLimiter(now);
  return (key: string | number) => {
    if (!enabled) throw notFound();
    limit(key);
  };
}
