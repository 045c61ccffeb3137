// A scheduled job runs once per tick however many processes fire it: two servers' connections
// (as a web in one process and a worker in another, or two workers) on one database.
import { expect, test } from "bun:test";
import { makeTestApp } from "../test/helpers";
import { createDeps } from "./bootstrap";
import { runScheduled, startJobs } from "./scheduled-tasks";
import { scheduledOf } from "./app";
import type { ScheduledJob } from "./scheduled-job";

const t = makeTestApp();
const other = createDeps(t.deps.config, { clock: t.clock, quiet: true });

test("each tick runs the job in one process only, and a run under way holds the next tick everywhere", async () => {
  let runs = 0;
  const gate = Promise.withResolvers<void>();
  let wait = false;
  const job: ScheduledJob = {
    name: "test-job",
    pattern: "* * * * *",
    run: async () => {
      runs++;
      if (wait) await gate.promise;
    },
  };
  t.clock.set(new Date("2031-01-01T10:00:00.300Z"));
  expect(await Promise.all([runScheduled(t.deps, job), runScheduled(other, job)])).toEqual([true, false]);
  expect(runs).toBe(1);
  t.clock.advance(60_000);
  expect(await runScheduled(other, job)).toBe(true);
  expect(await runScheduled(t.deps, job)).toBe(false);
  expect(runs).toBe(2);
  // A long run: the next tick finds it under way, in the other process too.
  t.clock.advance(60_000);
  wait = true;
  const long = runScheduled(t.deps, job);
  t.clock.advance(60_000);
  expect(await runScheduled(other, job)).toBe(false);
  gate.resolve();
  await long;
  t.clock.advance(60_000);
  expect(await runScheduled(other, job)).toBe(true);
  expect(runs).toBe(4);
});

test("the features hand over their scheduled tasks and background loops; startJobs starts each loop and stop() ends it", () => {
  const parts = scheduledOf(t.app.features);
  expect(parts.scheduled.map((j) => j.name).sort()).toEqual([
    "calendar-sync",
    "candidate-retention",
    "database-backup",
    "interview-reminders",
    "orphan-files",
    "participants-sync",
    "suggestions-retention",
    "webhook-deliveries-retention",
  ]);
  // The calendar's poll, the mailboxes' poll and their IDLE watcher.
  expect(parts.background).toHaveLength(3);
  const seen: string[] = [];
  const loop = (name: string) => () => (seen.push(`start ${name}`), { stop: () => void seen.push(`stop ${name}`) });
  const started = startJobs(t.deps, { scheduled: [], background: [loop("a"), loop("b")] });
  expect(seen).toEqual(["start a", "start b"]);
  started.stop();
  expect(seen).toEqual(["start a", "start b", "stop a", "stop b"]);
});
