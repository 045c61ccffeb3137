import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { participants, participantsBackup, syncRuns } from "../../db/schema";
import { addParticipants } from "../candidates/service";
import { describeCron } from "./cron-text";

const t = makeTestApp();
const fresh = makeTestApp({ SYNC_CRON: "*/15 * * * *" });
// The app's own sync runner: a test's run and a request's run share its lock.
const sync = t.app.features.monitor.api.sync;
const freshSync = fresh.app.features.monitor.api.sync;

const people = (n: number, prefix = "p") =>
  Array.from({ length: n }, (_, i) => ({
    uniqueId: `${prefix}-${i}-${Math.random()}`,
    name: `Person ${prefix}${i}`,
    emailAddress: `${prefix}${i}@example.com`,
    roleApplied: "Designer",
    city: "Sydney",
  }));

function ids(table: typeof participants | typeof participantsBackup, ws: number, column: "id" | "participantId") {
  const col = column === "id" ? (table as typeof participants).id : (table as typeof participantsBackup).participantId;
  return t.deps.db
    .select({ id: col })
    .from(table)
    .where(eq(table.workspaceId, ws))
    .all()
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

function duplicates(ws: number): number {
  return t.deps.db.all<{ n: number }>(sql`select count(*) as n from (select participant_id from participants_backup where workspace_id = ${ws} group by participant_id having count(*) > 1)`)[0]!.n;
}

function runsOf(ws: number) {
  return t.deps.db.select().from(syncRuns).where(eq(syncRuns.workspaceId, ws)).all();
}

describe("participants sync", () => {
  test("while another thread writes participants: every row copied, none twice", async () => {
    const u = await t.signUp();
    addParticipants(t.deps, u.workspaceId, people(1500));
    const before = ids(participants, u.workspaceId, "id");

    const writer = new Worker(new URL("../../../test/kits/participant-writer.worker.ts", import.meta.url));
    const done = new Promise<{ written: number }>((resolve) => (writer.onmessage = (e) => resolve(e.data)));
    writer.postMessage({ path: t.deps.config.DATABASE_PATH, workspaceId: u.workspaceId, perWrite: 5 });
    // Let the writer get going, then sync in small batches so the two interleave.
    while (ids(participants, u.workspaceId, "id").length === before.length) await Bun.sleep(2);
    let batches = 0;
    const first = await sync.run(u.workspaceId, { batchSize: 100, onBatch: () => void batches++ });
    writer.postMessage("stop");
    const { written } = await done;
    writer.terminate();

    expect(first.success).toBe(true);
    expect(written).toBeGreaterThan(0);
    expect(batches).toBeGreaterThan(10);
    const copied = ids(participantsBackup, u.workspaceId, "participantId");
    // Every row that existed when the run started is in the backup, and nothing twice.
    expect(before.every((id) => copied.includes(id))).toBe(true);
    expect(duplicates(u.workspaceId)).toBe(0);
    expect(copied.length).toBe(first.recordCount);
    expect(first.recordCount).toBeGreaterThanOrEqual(before.length);

    // The next run catches the rows written after the first one's last batch: exact copy.
    const second = await sync.run(u.workspaceId);
    expect(second.success).toBe(true);
    expect(ids(participantsBackup, u.workspaceId, "participantId")).toEqual(ids(participants, u.workspaceId, "id"));
    expect(second.recordCount).toBe(before.length + written);
    expect(duplicates(u.workspaceId)).toBe(0);
  });

  test("two triggers at once run once; a later trigger runs again", async () => {
    const u = await t.signUp();
    // More than one batch: the run yields to the event loop between batches, so the
    // second request surely arrives while the first run is in flight.
    addParticipants(t.deps, u.workspaceId, people(1200));
    const [a, b] = await Promise.all([
      t.request("/api/participants/sync/trigger", { method: "POST", cookie: u.cookie }),
      t.request("/api/participants/sync/trigger", { method: "POST", cookie: u.cookie }),
    ]);
    const ra = await a.json();
    const rb = await b.json();
    expect(ra).toEqual(rb);
    expect(ra.success).toBe(true);
    expect(ra.recordCount).toBe(1200);
    expect(ra.message).toBe(`Synchronized 1200 records in ${ra.duration}ms`);
    expect(Object.keys(ra).sort()).toEqual(["duration", "message", "recordCount", "success"]);
    expect(runsOf(u.workspaceId)).toHaveLength(1);

    await t.request("/api/participants/sync/trigger", { method: "POST", cookie: u.cookie });
    expect(runsOf(u.workspaceId)).toHaveLength(2);
    expect(t.deps.db.select().from(participantsBackup).where(eq(participantsBackup.workspaceId, u.workspaceId)).all()).toHaveLength(1200);

    // Called directly, the second trigger gets the very same run.
    const p1 = sync.run(u.workspaceId);
    const p2 = sync.run(u.workspaceId);
    expect((await p1).runId).toBe((await p2).runId);
    expect(runsOf(u.workspaceId)).toHaveLength(3);
  });

  test("runs of different workspaces never overlap", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    addParticipants(t.deps, a.workspaceId, people(50, "a"));
    addParticipants(t.deps, b.workspaceId, people(50, "b"));
    let active = 0;
    let maxActive = 0;
    const hook = async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await Bun.sleep(2);
      active--;
    };
    const [ra, rb] = await Promise.all([sync.run(a.workspaceId, { batchSize: 10, onBatch: hook }), sync.run(b.workspaceId, { batchSize: 10, onBatch: hook })]);
    expect(ra.recordCount).toBe(50);
    expect(rb.recordCount).toBe(50);
    expect(maxActive).toBe(1);
    const [runA] = runsOf(a.workspaceId);
    const [runB] = runsOf(b.workspaceId);
    expect(runB!.id).toBeGreaterThan(runA!.id);
    // Each workspace's backup holds only its own participants.
    expect(
      t.deps.db
        .select()
        .from(participantsBackup)
        .where(eq(participantsBackup.workspaceId, b.workspaceId))
        .all()
        .every((r) => r.email!.startsWith("b")),
    ).toBe(true);
  });

  test("a failed run is recorded, not lost; the next run succeeds", async () => {
    const u = await t.signUp();
    addParticipants(t.deps, u.workspaceId, people(25));
    const r = await sync.run(u.workspaceId, {
      batchSize: 10,
      onBatch: (n) => {
        if (n >= 20) throw new Error("disk full (simulated)");
      },
    });
    expect(r).toMatchObject({ success: false, recordCount: 20, message: "Sync failed" });
    const [run] = runsOf(u.workspaceId);
    expect(run).toMatchObject({ status: "failed", recordCount: 20, error: "disk full (simulated)" });
    expect(run!.finishedAt).toBeInstanceOf(Date);
    let s = sync.status(u.workspaceId);
    expect(s.lastSync).toBeNull();
    expect(s.lastRun).toMatchObject({ status: "failed", error: "disk full (simulated)" });

    const ok = await sync.run(u.workspaceId);
    expect(ok).toMatchObject({ success: true, recordCount: 25 });
    s = sync.status(u.workspaceId);
    expect(s.lastSync).not.toBeNull();
    expect(s.backupCount).toBe(25);
  });

  test("a participant deleted at the source stays in the backup, marked deleted", async () => {
    const u = await t.signUp();
    addParticipants(t.deps, u.workspaceId, people(3));
    await sync.run(u.workspaceId);
    const [gone] = ids(participants, u.workspaceId, "id");
    t.deps.db.delete(participants).where(eq(participants.id, gone!)).run();
    const r = await sync.run(u.workspaceId);
    expect(r.recordCount).toBe(2);
    const rows = t.deps.db.select().from(participantsBackup).where(eq(participantsBackup.workspaceId, u.workspaceId)).all();
    expect(rows).toHaveLength(3);
    expect(rows.find((x) => x.participantId === gone)!.syncStatus).toBe("deleted");
    expect(rows.filter((x) => x.syncStatus === "synced")).toHaveLength(2);
    // The backup keeps the whole source row.
    expect(JSON.parse(rows[1]!.data)).toMatchObject({ roleApplied: "Designer", city: "Sydney" });
  });
});

describe("scheduled sync", () => {
  test("a run left 'running' by a stopped process is recorded as failed", async () => {
    const u = await fresh.signUp();
    fresh.deps.db.insert(syncRuns).values({ workspaceId: u.workspaceId, trigger: "schedule", status: "running", startedAt: new Date() }).run();
    addParticipants(fresh.deps, u.workspaceId, people(4));
    const results = await freshSync.runAll();
    expect(results.map((r) => r.recordCount)).toEqual([4]);
    const runs = fresh.deps.db.select().from(syncRuns).where(eq(syncRuns.workspaceId, u.workspaceId)).all();
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ["schedule", "failed"],
      ["schedule", "success"],
    ]);
    expect(runs[0]!.error).toMatch(/Interrupted/);
  });

  test("the sync is registered on SYNC_CRON, the backup on BACKUP_CRON, and the status shows it", async () => {
    const u = await fresh.signUp();
    expect(freshSync.status(u.workspaceId)).toMatchObject({ cronActive: false, cronSchedule: "Every 15 minutes", lastSync: null, isInitialized: true });
    const jobs = fresh.app.features.monitor.scheduled!;
    expect(jobs.map((j) => [j.name, j.pattern])).toEqual([
      ["participants-sync", "*/15 * * * *"],
      ["database-backup", "0 3 * * *"],
    ]);
    freshSync.markScheduled();
    expect(freshSync.status(u.workspaceId).cronActive).toBe(true);
  });

  test("schedule texts", () => {
    expect(describeCron("0 * * * *")).toBe("Hourly");
    expect(describeCron("15 * * * *")).toBe("Hourly");
    expect(describeCron("*/5 * * * *")).toBe("Every 5 minutes");
    expect(describeCron("0 */6 * * *")).toBe("Every 6 hours");
    expect(describeCron("30 3 * * *")).toBe("Daily at 03:30");
    expect(describeCron("0 9 * * 1")).toBe("0 9 * * 1");
  });
});
