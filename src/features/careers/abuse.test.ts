import { describe, expect, test } from "bun:test";
import { ApplyGuard, FORM_EXPIRED, MIN_FILL_MS, PER_ADDRESS, PER_JOB, ROBOT, TOO_FAST } from "./abuse";

const SECRET = "guard-secret-guard-secret-guard-secret-01";

function guard() {
  let now = 1_800_000_000_000;
  const g = new ApplyGuard(SECRET, () => now);
  return { g, advance: (ms: number) => (now += ms) };
}

describe("the apply form's guard (issue 56 item 6)", () => {
  test("a filled hidden field, a form sent too soon, one kept past a day, or one shown for another job is refused", () => {
    const { g, advance } = guard();
    const started = g.started(7);
    expect(g.check({ jobId: 7, address: "a", honeypot: "x", started })?.message).toBe(ROBOT);
    advance(MIN_FILL_MS - 1);
    expect(g.check({ jobId: 7, address: "a", honeypot: "", started })?.message).toBe(TOO_FAST);
    advance(1);
    expect(g.check({ jobId: 8, address: "a", honeypot: "", started })?.message).toBe(TOO_FAST);
    expect(g.check({ jobId: 7, address: "a", honeypot: "", started })).toBeNull();
    advance(24 * 3_600_000);
    expect(g.check({ jobId: 7, address: "a", honeypot: "", started })?.message).toBe(FORM_EXPIRED);
    // Another server's secret cannot have sealed it.
    expect(new ApplyGuard(`${SECRET}x`, () => 0).check({ jobId: 7, address: "a", honeypot: "", started })?.message).toBe(TOO_FAST);
  });

  test("limits per address and per job answer 429 with how long to wait", () => {
    const { g, advance } = guard();
    const started = g.started(1);
    advance(MIN_FILL_MS);
    for (let i = 0; i < PER_ADDRESS.limit; i++) expect(g.check({ jobId: 1, address: "one", honeypot: "", started })).toBeNull();
    const refused = g.check({ jobId: 1, address: "one", honeypot: "", started })!;
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.message).toContain("Please try again in 10 minutes");
    // The job's own limit, across addresses.
    for (let i = PER_ADDRESS.limit; i < PER_JOB.limit; i++) expect(g.check({ jobId: 1, address: `a${i}`, honeypot: "", started })).toBeNull();
    const busy = g.check({ jobId: 1, address: "fresh", honeypot: "", started })!;
    expect(busy.status).toBe(429);
    expect(busy.message).toContain("This job is receiving many applications");
    expect(g.check({ jobId: 2, address: "fresh2", honeypot: "", started: g.started(2) })?.message).toBe(TOO_FAST);
    // An hour later both windows are over.
    advance(PER_JOB.windowMs);
    const again = g.started(1);
    advance(MIN_FILL_MS);
    expect(g.check({ jobId: 1, address: "one", honeypot: "", started: again })).toBeNull();
  });
});
