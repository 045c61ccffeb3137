// The standby copy (decision 0043): REPLICA_URL's forms, the configuration Litestream gets, and a
// real Litestream beside a database: it ships, it is started again when it dies, the erasure
// clean-up's truncating checkpoint runs with it paused, and the replica restores.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadConfig, ConfigError } from "../../config/env";
import { describeReplica, replicaUrlProblem, resolveReplica } from "../../config/replica";
import { openDatabase } from "../../db/client";
import { createDeps } from "../../bootstrap";
import { forgetFreedPages } from "../../db/residue";
import { createLogger } from "../../lib/log";
import { litestreamBinary, litestreamConfig, restoreFromReplica } from "./litestream";
import { countsOf, LagClock, startShipper } from "./replica-shipper";
import { S3_KEY, S3_SECRET, startFakeS3 } from "../../../test/fakes/s3";

const dir = mkdtempSync(join(tmpdir(), "frank-replica-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { APP_SECRET: "x".repeat(40), DATABASE_PATH: join(dir, "cfg.db") };

const autocheckpoint = (db: { query: Database["query"] }) => db.query<{ wal_autocheckpoint: number }, []>("PRAGMA wal_autocheckpoint").get()!.wal_autocheckpoint;

describe("REPLICA_URL", () => {
  test("with a replica, Frank's connections leave checkpoints to Litestream", () => {
    const withReplica = createDeps(loadConfig({ ...base, DATABASE_PATH: join(dir, "deps-a.db"), REPLICA_URL: "file:///mnt/standby" }), { quiet: true });
    const without = createDeps(loadConfig({ ...base, DATABASE_PATH: join(dir, "deps-b.db") }), { quiet: true });
    try {
      expect(autocheckpoint(withReplica.db.$client)).toBe(0);
      expect(autocheckpoint(without.db.$client)).toBe(1000);
    } finally {
      withReplica.db.$client.close();
      without.db.$client.close();
    }
  });

  test("a folder, an s3:// location with the S3_* credentials, or an https:// one with its own", () => {
    expect(loadConfig({ ...base, REPLICA_URL: "file:///mnt/standby" }).replica).toEqual({ kind: "file", folder: "/mnt/standby" });
    const s3 = loadConfig({ ...base, REPLICA_URL: "s3://frank-standby/db", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK" }).replica;
    expect(s3).toMatchObject({ kind: "s3", bucket: "frank-standby", prefix: "db", accessKeyId: "AK", endpoint: null });
    const https = resolveReplica("https://K:S@minio.local:9000/frank/standby", {});
    expect(https).toMatchObject({ kind: "s3", bucket: "frank", prefix: "standby", endpoint: "https://minio.local:9000", secretAccessKey: "S" });
    expect(describeReplica(https!)).toBe("s3://frank/standby at https://minio.local:9000");
    expect(loadConfig(base).replica).toBeNull();
  });

  test("a relative folder, a bad URL or missing credentials stop the start, without echoing a secret", () => {
    expect(replicaUrlProblem("file:relative")).toContain("absolute");
    expect(() => loadConfig({ ...base, REPLICA_URL: "ftp://user:hunter2@host/x" })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, REPLICA_URL: "ftp://user:hunter2@host/x" });
    } catch (e) {
      expect((e as Error).message).toStartWith("REPLICA_URL");
      expect((e as Error).message).not.toContain("hunter2");
    }
    expect(() => loadConfig({ ...base, REPLICA_URL: "s3://frank-standby/db" })).toThrow("S3_ACCESS_KEY_ID");
  });

  test("Litestream's configuration names the store but holds no credential", () => {
    const r = resolveReplica("https://KEYID:SECRETKEY@minio.local:9000/frank/standby", {})!;
    const text = litestreamConfig("/data/frank.db", r, "127.0.0.1:9999");
    expect(JSON.parse(text)).toMatchObject({
      addr: "127.0.0.1:9999",
      dbs: [{ path: "/data/frank.db", replicas: [{ type: "s3", bucket: "frank", path: "standby", endpoint: "https://minio.local:9000", "force-path-style": true, "sync-interval": "1s" }] }],
    });
    expect(text).not.toContain("KEYID");
    expect(text).not.toContain("SECRETKEY");
  });

  test("the lag is read from Litestream's byte counts: WAL bytes copied against WAL bytes the replica wrote", () => {
    const text = 'litestream_total_wal_bytes{db="/d"} 4120\nlitestream_replica_wal_bytes{db="/d",name="file"} 4152\nlitestream_replica_wal_index{db="/d",name="file"} 0\n';
    expect(countsOf(text)).toEqual({ copied: 4120, shipped: 4152, index: 0 });
    expect(countsOf('litestream_total_wal_bytes{db="/d"} 10\n')).toEqual({ copied: 10, shipped: null, index: null });
    expect(countsOf("")).toBeNull();
  });

  test("the lag is the age of the oldest change not yet shipped, not the time since the replica was idle", () => {
    const frame = 4120;
    const lag = new LagClock(0);
    expect(lag.seconds(2000)).toBe(2); // not yet heard from Litestream
    // A write every second, each shipped a second later: the replica is never idle, the lag stays at a second.
    for (let t = 1; t <= 60; t++) lag.seen(t * frame, (t - 1) * frame, t * 1000);
    expect(lag.seconds(60_000)).toBe(0);
    expect(lag.seconds(60_500)).toBe(0.5);
    lag.seen(61 * frame, 60 * frame, 61_000);
    lag.seen(62 * frame, 60 * frame, 62_000);
    expect(lag.seconds(62_000)).toBe(1);
    // Shipped, give or take a few header bytes.
    lag.seen(62 * frame, 62 * frame - 32, 63_000);
    expect(lag.seconds(63_000)).toBe(0);
    // Stopped answering: the lag counts from then.
    lag.lost(64_000);
    expect(lag.seconds(70_000)).toBe(6);
    // Litestream started again: its counts start over, and nothing is lost from the lag.
    const again = new LagClock(0);
    again.seen(9 * frame, 8 * frame, 1000);
    again.seen(frame, null, 2000);
    expect(again.seconds(5000)).toBe(4);
    again.seen(frame, frame, 6000);
    expect(again.seconds(6000)).toBe(0);
  });
});

const generations = (folder: string) => (existsSync(join(folder, "generations")) ? readdirSync(join(folder, "generations")) : []);
async function until(what: string, ok: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}
const rows = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.query<{ n: number }, []>("select count(*) as n from notes").get()!.n;
  } finally {
    db.close();
  }
};

describe.skipIf(!litestreamBinary())("Litestream beside a database", () => {
  test("ships, reports its lag, comes back when killed, pauses around the truncating checkpoint, restores", async () => {
    const path = join(dir, "live.db");
    const folder = join(dir, "standby");
    const db = openDatabase(path, { busyTimeoutMs: 0 });
    db.$client.exec("PRAGMA wal_autocheckpoint = 0; create table notes (id integer primary key, body text)");
    const shipper = await startShipper({ databasePath: path, replica: { kind: "file", folder }, log: createLogger({ level: "silent" }), pollMs: 100 });
    try {
      const insert = db.$client.prepare("insert into notes (body) values (?)");
      for (let i = 0; i < 200; i++) insert.run(`note ${i}`.padEnd(500, "."));
      await until("the replica to catch up", () => shipper.state().up && shipper.state().lagSeconds === 0 && generations(folder).length === 1);
      expect(shipper.state()).toMatchObject({ up: true, lagBytes: 0, restarts: 0, where: folder });

      // Litestream dies: it is started again, and what was written meanwhile is shipped.
      const guard = shipper.pid()!;
      const litestream = Number((await Bun.$`ps -o pid= --ppid ${guard}`.text()).trim().split(/\s+/)[0]);
      process.kill(litestream, "SIGKILL");
      for (let i = 0; i < 50; i++) insert.run(`after the kill ${i}`);
      await until("the shipper to be started again", () => shipper.state().restarts === 1 && shipper.state().up, 30_000);
      await until("the replica to catch up again", () => shipper.state().lagSeconds === 0);

      // The erasure clean-up empties the -wal with Litestream paused; Litestream then starts a new
      // generation from the file (without the old -wal's pages).
      db.$client.exec("delete from notes where id <= 100");
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
      const before = generations(folder).length;
      await forgetFreedPages(db);
      expect(statSync(`${path}-wal`).size).toBe(0);
      insert.run("after the clean-up");
      await until("a new generation", () => generations(folder).length === before + 1);
      await until("the replica to catch up after the clean-up", () => shipper.state().up && shipper.state().lagSeconds === 0);
    } finally {
      await shipper.stop();
    }
    expect(shipper.pid()).toBeNull();
    const expected = rows(path);
    db.$client.close();

    const out = join(dir, "restored.db");
    await restoreFromReplica(path, { kind: "file", folder }, out, null);
    expect(rows(out)).toBe(expected);
    expect(expected).toBe(151);
  }, 120_000);
});

// s3rver cannot list "folders" below a prefix (its walk skips the directories under a common
// prefix), so Litestream finds no generation to restore there: the bucket test checks the
// shipping, the folder test the restore at a time.
describe.skipIf(!litestreamBinary())("Litestream to an S3-compatible store", () => {
  test("ships the snapshot and the WAL to the bucket under the prefix", async () => {
    const s3 = await startFakeS3("frank-standby");
    const path = join(dir, "s3.db");
    const replica = { kind: "s3" as const, bucket: "frank-standby", prefix: "site-a/db", endpoint: s3.endpoint, region: "us-east-1", accessKeyId: S3_KEY, secretAccessKey: S3_SECRET };
    const db = openDatabase(path, { busyTimeoutMs: 0 });
    db.$client.exec("PRAGMA wal_autocheckpoint = 0; create table notes (id integer primary key, body text)");
    const shipper = await startShipper({ databasePath: path, replica, log: createLogger({ level: "silent" }), pollMs: 100 });
    try {
      for (let i = 0; i < 20; i++) db.$client.run("insert into notes (body) values ('x')");
      await until("the replica to catch up", () => shipper.state().up && shipper.state().lagSeconds === 0, 30_000);
      const keys = await s3.keys("site-a/db/generations/");
      expect(keys.some((k) => /\/snapshots\/\w+\.snapshot\.lz4$/.test(k))).toBe(true);
      expect(keys.some((k) => /\/wal\/\w+\.wal\.lz4$/.test(k))).toBe(true);
    } finally {
      await shipper.stop();
      db.$client.close();
      await s3.stop();
    }
  }, 120_000);
});

describe.skipIf(!litestreamBinary())("restore at a time", () => {
  test("brings back the state the database had then", async () => {
    const path = join(dir, "at.db");
    const replica = { kind: "file" as const, folder: join(dir, "standby-at") };
    const db = openDatabase(path, { busyTimeoutMs: 0 });
    db.$client.exec("PRAGMA wal_autocheckpoint = 0; create table notes (id integer primary key, body text)");
    const shipper = await startShipper({ databasePath: path, replica, log: createLogger({ level: "silent" }), pollMs: 100 });
    let between: Date;
    try {
      const insert = db.$client.prepare("insert into notes (body) values (?)");
      for (let i = 0; i < 20; i++) insert.run(`first ${i}`);
      await until("the replica to catch up", () => shipper.state().up && shipper.state().lagSeconds === 0, 30_000);
      await Bun.sleep(1500);
      between = new Date();
      await Bun.sleep(1500);
      for (let i = 0; i < 30; i++) insert.run(`second ${i}`);
      await Bun.sleep(300);
      await until("the replica to catch up again", () => shipper.state().lagSeconds === 0, 30_000);
    } finally {
      await shipper.stop();
      db.$client.close();
    }
    const latest = join(dir, "at-latest.db");
    await restoreFromReplica(path, replica, latest, null);
    expect(rows(latest)).toBe(50);
    const earlier = join(dir, "at-earlier.db");
    await restoreFromReplica(path, replica, earlier, between);
    expect(rows(earlier)).toBe(20);
  }, 120_000);
});
