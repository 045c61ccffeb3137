import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { tmpdir } from "node:os";
import { afterAll } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { frankCommand } from "../../../test/kits/frank-command";

const frank = await frankCommand();
import { addParticipants } from "../candidates/service";
import { backupFolder, backupPattern, databaseStem, listBackups } from "./db-backup";
import { inspectFrankDatabase, restoreDatabase, RestoreRefused } from "./db-restore";

const t = makeTestApp({ BACKUP_KEEP: "3" });
// The app's backups, one after the other as the scheduled job's are.
const backupDatabase = t.app.features.monitor.api.backup;
const scratch = mkdtempSync(join(tmpdir(), "frank-restore-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const TABLES = ["workspaces", "users", "sessions", "participants", "participants_backup", "sync_runs"];

function counts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(TABLES.map((name) => [name, db.query<{ n: number }, []>(`select count(*) as n from ${name}`).get()!.n]));
  } finally {
    db.close();
  }
}

function liveCounts(): Record<string, number> {
  return Object.fromEntries(TABLES.map((name) => [name, t.deps.db.$client.query<{ n: number }, []>(`select count(*) as n from ${name}`).get()!.n]));
}

describe("database backups", () => {
  test("a backup restored into a new file holds every row", async () => {
    const u = await t.signUp();
    addParticipants(
      t.deps,
      u.workspaceId,
      Array.from({ length: 300 }, (_, i) => ({ uniqueId: `r-${i}`, name: `Restore ${i}`, prequalifier: "Hello ".repeat(50) })),
    );
    await t.app.features.monitor.api.sync.run(u.workspaceId);
    const before = liveCounts();
    expect(before.participants).toBeGreaterThanOrEqual(300);

    const b = await backupDatabase();
    expect(b.file.startsWith(backupFolder(t.deps.config.dataDir))).toBe(true);
    expect(basename(b.file)).toMatch(/^test-\d{8}-\d{6}-\d{3}\.db$/);
    expect(basename(b.file)).toMatch(backupPattern(databaseStem(t.deps.config.DATABASE_PATH)));
    expect(b.bytes).toBeGreaterThan(0);

    const target = join(scratch, "new", "restored.db");
    const r = restoreDatabase(b.file, target);
    expect(r.safetyCopy).toBeNull();
    expect(counts(target)).toEqual(before);
    // The same rows, not only the same number.
    const restored = new Database(target, { readonly: true });
    const names = restored
      .query<{ name: string }, []>("select name from participants order by id")
      .all()
      .map((x) => x.name);
    restored.close();
    expect(names).toEqual(
      t.deps.db.$client
        .query<{ name: string }, []>("select name from participants order by id")
        .all()
        .map((x) => x.name),
    );
  });

  test("keeps the newest BACKUP_KEEP backups", async () => {
    const made: string[] = [];
    // Another database's backup in the same folder is not this database's to prune.
    const other = join(backupFolder(t.deps.config.dataDir), "other-20200101-000000-000.db");
    writeFileSync(other, "x");
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60_000);
      made.push((await backupDatabase()).file);
    }
    const kept = listBackups(backupFolder(t.deps.config.dataDir), "test");
    expect(kept).toEqual(made.slice(-3).reverse());
    expect(existsSync(other)).toBe(true);
    expect(readdirSync(backupFolder(t.deps.config.dataDir)).some((f) => f.endsWith(".partial"))).toBe(false);
  });

  test("a backup runs off the event loop: timers and requests go on while it is written", async () => {
    // Enough data for VACUUM INTO to take a while (about 40 MB).
    const u = await t.signUp();
    const insert = t.deps.db.$client.prepare("insert into participants_backup (workspace_id, participant_id, data, sync_timestamp, run_id) values (?, ?, ?, 0, 0)");
    t.deps.db.$client.transaction(() => {
      for (let i = 0; i < 10_000; i++) insert.run(u.workspaceId, 50_000_000 + i, `${i}`.padEnd(4000, "filler "));
    })();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    const answered: number[] = [];
    const started = performance.now();
    const backup = backupDatabase();
    while (!Bun.peek.status(backup) || Bun.peek.status(backup) === "pending") {
      const r = await t.request("/healthz");
      if (r.status === 200) answered.push(performance.now() - started);
      await Bun.sleep(5);
    }
    clearInterval(timer);
    const b = await backup;
    expect(b.bytes).toBeGreaterThan(30_000_000);
    // On the event loop (the old VACUUM INTO) nothing at all would run until it finished.
    expect(ticks).toBeGreaterThan(5);
    expect(answered.length).toBeGreaterThan(3);
    t.deps.db.$client.run("delete from participants_backup where participant_id >= 50000000");
  });

  test("backups asked for at once are all written, one after the other", async () => {
    const files = await Promise.all([backupDatabase(), backupDatabase(), backupDatabase()]);
    expect(new Set(files.map((f) => f.file)).size).toBe(3);
    for (const f of files) expect(existsSync(f.file)).toBe(true);
  });
});

describe("restore", () => {
  test("replaces an existing database, keeps a safety copy and drops its stale WAL", async () => {
    const b = await backupDatabase();
    const target = join(scratch, "existing", "frank.db");
    restoreDatabase(b.file, target);
    // Change the target so it differs from the backup, and leave a WAL behind as a crashed
    // server would: a WAL that must not be replayed onto the restored file.
    const db = new Database(target);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA wal_autocheckpoint = 0");
    db.exec("insert into workspaces (name) values ('only in the old file')");
    const wal = readFileSync(target + "-wal");
    db.close();
    writeFileSync(target + "-wal", wal);

    const r = restoreDatabase(b.file, target);
    expect(r.safetyCopy).not.toBeNull();
    expect(existsSync(target + "-wal")).toBe(false);
    expect(counts(r.safetyCopy!).workspaces).toBe(counts(target).workspaces + 1);
    expect(counts(target)).toEqual(counts(b.file));
  });

  test("refuses while the database is open (a running server)", async () => {
    const b = await backupDatabase();
    expect(() => restoreDatabase(b.file, t.deps.config.DATABASE_PATH)).toThrow(/in use/);
    // Nothing was touched.
    expect(t.deps.db.$client.query("select 1 as x").get()).toEqual({ x: 1 });
  });

  test("refuses files that are not a valid Frank database", () => {
    const missing = join(scratch, "nope.db");
    expect(() => restoreDatabase(missing, join(scratch, "x.db"))).toThrow(RestoreRefused);

    const text = join(scratch, "text.db");
    writeFileSync(text, "just some text, not a database ".repeat(20));
    expect(() => inspectFrankDatabase(text)).toThrow(/not an SQLite database/);

    const other = join(scratch, "other.db");
    const o = new Database(other);
    o.exec("create table notes (x)");
    o.close();
    expect(() => inspectFrankDatabase(other)).toThrow(/not a Frank database/);

    const truncated = join(scratch, "truncated.db");
    const full = Bun.file(listBackups(backupFolder(t.deps.config.dataDir), "test")[0]!);
    return full.arrayBuffer().then((buf) => {
      writeFileSync(truncated, new Uint8Array(buf).slice(0, 8192));
      expect(() => inspectFrankDatabase(truncated)).toThrow(RestoreRefused);
      // A refused restore leaves the target alone.
      const target = join(scratch, "untouched.db");
      writeFileSync(target, "keep me");
      expect(() => restoreDatabase(truncated, target)).toThrow(RestoreRefused);
      expect(readFileSync(target, "utf8")).toBe("keep me");
    });
  });

  test("refuses a backup with triggers or views that Frank's migrations did not create (issue 15 item 10)", async () => {
    const b = await backupDatabase();
    // Frank's own triggers pass.
    expect(inspectFrankDatabase(b.file).migrations).toBeGreaterThan(0);
    const cases = {
      "trigger.db": "create trigger steal after insert on sessions begin update users set password = 'x'; end",
      "view.db": "create view every_user as select * from users",
      // Same name as one of Frank's triggers, different body.
      "lookalike.db": "drop trigger participants_fts_ad; create trigger participants_fts_ad after delete on participants begin delete from users; end",
    };
    for (const [name, sql] of Object.entries(cases)) {
      const file = join(scratch, name);
      const src = new Database(b.file, { readonly: true });
      src.exec(`VACUUM INTO '${file}'`);
      src.close();
      const db = new Database(file);
      db.exec(sql);
      db.close();
      expect(() => inspectFrankDatabase(file)).toThrow(/did not create/);
      const target = join(scratch, `target-${name}`);
      expect(() => restoreDatabase(file, target)).toThrow(RestoreRefused);
      expect(existsSync(target)).toBe(false);
    }
  });

  test("refuses a backup made by a newer version", async () => {
    const b = await backupDatabase();
    const newer = join(scratch, "newer.db");
    const db = new Database(b.file, { readonly: true });
    db.exec(`VACUUM INTO '${newer}'`);
    db.close();
    const n = new Database(newer);
    n.exec(`insert into __drizzle_migrations (hash, created_at) values ('future', ${Date.now() + 10 * 365 * 86_400_000})`);
    n.close();
    expect(() => inspectFrankDatabase(newer)).toThrow(/newer version/);
  });
});

describe("command line", () => {
  const run = (args: string[], dbPath: string) => Bun.spawnSync([...frank, ...args], { env: { ...process.env, DATABASE_PATH: dbPath, APP_SECRET: "cli-secret-cli-secret-cli-secret-0123" } });

  test("frank backup writes a backup; frank restore FILE puts it back", async () => {
    const dir = join(scratch, "cli");
    const dbPath = join(dir, "frank.db");
    restoreDatabase((await backupDatabase()).file, dbPath);
    const users = counts(dbPath).users;
    const backup = run(["backup"], dbPath);
    expect(backup.exitCode).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.stdout.toString())![1]!;
    expect(existsSync(file)).toBe(true);

    const db = new Database(dbPath);
    db.exec("delete from users");
    db.close();
    const restore = run(["restore", file], dbPath);
    expect(restore.exitCode).toBe(0);
    expect(restore.stdout.toString()).toMatch(/Restored .* into /);
    expect(counts(dbPath).users).toBe(users);

    const bad = run(["restore", join(dir, "missing.db")], dbPath);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr.toString()).toMatch(/Restore refused: .*no such file/);
    expect(run(["restore"], dbPath).exitCode).toBe(2);
  });
});
