import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { memoryLimitStore, sqliteLimitStore } from "./limit-store";
import { RateLimiter } from "./rate-limit";

const dir = mkdtempSync(join(tmpdir(), "frank-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("two processes' limiters on one shared file let through the limit between them, not each", () => {
  const file = join(dir, "shared.limits");
  const [a, b] = [sqliteLimitStore(file), sqliteLimitStore(file)];
  let now = 1_000;
  const one = new RateLimiter(5, 60_000, () => now, { store: a, name: "sign-in.ip" });
  const two = new RateLimiter(5, 60_000, () => now, { store: b, name: "sign-in.ip" });
  const answers = Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).hit("127.0.0.1").ok);
  expect(answers.filter(Boolean)).toHaveLength(5);
  expect(two.check("127.0.0.1")).toEqual({ ok: false, retryAfter: 60 });
  // Another space of the same file keeps its own counts.
  expect(new RateLimiter(5, 60_000, () => now, { store: b, name: "checkout" }).hit("127.0.0.1").ok).toBe(true);
  now += 60_001;
  expect(one.hit("127.0.0.1").ok).toBe(true);
  a.close();
  b.close();
});

test("the shared file keeps at most its cap of keys however many are sent", () => {
  const store = sqliteLimitStore(join(dir, "capped.limits"), 1_000);
  const limiter = new RateLimiter(3, 60_000, () => 5_000, { store, name: "flood" });
  for (let i = 0; i < 5_000; i++) limiter.hit(`k${i}`);
  expect(store.size()).toBeLessThanOrEqual(1_000);
  store.close();
});

test("in memory, ended windows leave as new ones come", () => {
  const store = memoryLimitStore(100);
  let now = 0;
  const limiter = new RateLimiter(3, 1_000, () => now, { store, name: "" });
  for (let i = 0; i < 50; i++) limiter.hit(`k${i}`);
  now = 1_001;
  limiter.hit("late");
  expect(store.size()).toBe(1);
});
