// Start-up refuses what it cannot run safely, with one clear message: a second server on the
// same database file, a folder or file it may not write, a database written by a newer Frank.
// And what it creates is private: the folder 0700, the database, its -wal and -shm and every
// backup 0600.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { availableParallelism, tmpdir } from "node:os";
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { encodeVersion, knownSchema, StartupRefused } from "../src/db/startup";
import { FRANK_VERSION } from "../src/version";
import { backupQueue } from "../src/features/monitor/db-backup";
import { frankCommand } from "./kits/frank-command";
import { freePort } from "./kits/free-port";
import { waitHealthy as answersHealth } from "./kits/wait-healthy";

const SECRET = "startup-secret-startup-secret-startup-00";
const root = mkdtempSync(join(tmpdir(), "frank-startup-"));
chmodSync(root, 0o755); // another user (below) must reach the folders inside
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => {
  const d = join(root, `case-${++n}`);
  mkdirSync(d, { mode: 0o755 });
  chmodSync(d, 0o755);
  return d;
};

// Frank as it is deployed: the single binary (kits/frank-command.ts). Known before the tests are
// collected: whether another user can run it decides which tests run.
const [frank] = (await frankCommand()) as [string];
// Ports the system hands out: a fixed one answered for whatever else listened there.
const PORT = await freePort();

const cli = (args: string[], env: Record<string, string>, opts: { uid?: number; gid?: number } = {}) => {
  const r = spawnSync(frank, args, {
    env: { PATH: process.env.PATH ?? "", HOME: root, APP_SECRET: SECRET, ...env },
    ...opts,
  });
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr), error: r.error };
};

async function waitHealthy(port: number) {
  if (await answersHealth(`http://127.0.0.1:${port}`)) return;
  throw new Error("server did not start");
}

const exited = (p: ReturnType<typeof spawn>) => new Promise<void>((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve() : p.once("exit", () => resolve())));

describe("one server per database file", () => {
  test("a second server on the same file refuses, naming it; a killed server's lock does not block the next start", async () => {
    const db = join(folder(), "frank.db");
    const env = { PATH: process.env.PATH ?? "", HOME: root, APP_SECRET: SECRET, DATABASE_PATH: db, PORT: String(PORT), HOST: "127.0.0.1" };
    const first = spawn(frank, ["serve"], { env, stdio: "ignore" });
    try {
      await waitHealthy(PORT);
      const second = cli(["serve"], { DATABASE_PATH: db, PORT: String(PORT + 1), HOST: "127.0.0.1" });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`Another Frank server is already serving the database ${db}`);
      // CLI verbs still work beside the server.
      expect(cli(["user", "create", "--email", "beside@example.com", "--password", "long-enough-pw"], { DATABASE_PATH: db }).status).toBe(0);
    } finally {
      first.kill("SIGKILL");
      await exited(first);
    }
    expect(existsSync(`${db}.lock`)).toBe(true); // left behind by the killed server, and harmless:
    const third = spawn(frank, ["serve"], { env, stdio: "ignore" });
    try {
      await waitHealthy(PORT);
    } finally {
      third.kill("SIGTERM");
      await exited(third);
    }
  });
});

describe("a folder or database file this user may not write", () => {
  // File modes do not stop root, so as root the refusals are checked as another user (nobody);
  // as any other user, by taking the write permission away.
  const asRoot = process.getuid?.() === 0;
  const nobody = { uid: 65534, gid: 65534 };
  const probe = asRoot ? cli(["--version"], {}, nobody) : null;
  const canDrop = !asRoot || (probe !== null && !probe.error);
  const who = asRoot ? "user nobody" : `(uid ${process.getuid?.()})`;

  test.skipIf(!canDrop)("a read-only folder: refused, naming the folder and the user", () => {
    const dir = folder();
    if (asRoot) chmodSync(dir, 0o755); // root's folder: nobody may not create files in it
    else chmodSync(dir, 0o555);
    const r = cli(["migrate"], { DATABASE_PATH: join(dir, "frank.db") }, asRoot ? nobody : {});
    chmodSync(dir, 0o755);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Cannot open the database at ${dir}/frank.db: the folder is not writable by user `);
    expect(r.stderr).toContain(who);
    expect(existsSync(join(dir, "frank.db"))).toBe(false);
  });

  test.skipIf(!canDrop)("a read-only database file: refused, naming the file and the user", () => {
    const dir = folder();
    const file = join(dir, "frank.db");
    expect(cli(["migrate"], { DATABASE_PATH: file }).status).toBe(0);
    if (asRoot) {
      chownSync(dir, nobody.uid, nobody.gid); // the folder is nobody's, the file still root's
      chmodSync(file, 0o644);
    } else chmodSync(file, 0o444);
    const r = cli(["serve"], { DATABASE_PATH: file, PORT: String(PORT) }, asRoot ? nobody : {});
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Cannot open the database at ${file}: the file is not readable and writable by user `);
    expect(r.stderr).toContain(who);
  });

  if (!canDrop) test.skip("read-only folder and file (running as root with no other user to run as: file modes cannot stop root's writes)", () => {});
});

describe("a database written by a newer Frank", () => {
  test("serve and migrate refuse, naming both versions; the database is left as it was", () => {
    const dir = folder();
    const file = join(dir, "frank.db");
    expect(cli(["migrate"], { DATABASE_PATH: file }).status).toBe(0);
    const db = new Database(file);
    db.run("insert into __drizzle_migrations (hash, created_at) values ('from-the-future', ?)", [knownSchema().newest + 86_400_000]);
    db.exec(`PRAGMA user_version = ${encodeVersion("9.1.0")}`);
    db.close();
    for (const verb of ["migrate", "serve"]) {
      const r = cli([verb], { DATABASE_PATH: file, PORT: String(PORT) });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`The database ${file} was written by Frank 9.1.0 (database schema ${knownSchema().version + 1}); this is Frank ${FRANK_VERSION} (schema ${knownSchema().version})`);
    }
    const after = new Database(file, { readonly: true });
    expect(after.query<{ user_version: number }, []>("pragma user_version").get()!.user_version).toBe(encodeVersion("9.1.0"));
    after.close();
  });

  test("in-process too (createDeps), and a database of this version starts and is stamped with it", () => {
    const file = join(folder(), "frank.db");
    const config = loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: file });
    const deps = createDeps(config, { quiet: true });
    expect(deps.db.$client.query<{ user_version: number }, []>("pragma user_version").get()!.user_version).toBe(encodeVersion(FRANK_VERSION));
    deps.db.$client.run("insert into __drizzle_migrations (hash, created_at) values ('from-the-future', ?)", [knownSchema().newest + 1]);
    deps.db.$client.close();
    expect(() => createDeps(config, { quiet: true })).toThrow(StartupRefused);
  });
});

describe("files are private", () => {
  const mode = (p: string) => statSync(p).mode & 0o777;

  test("a new data folder is 0700; the database, its -wal and -shm and every backup 0600", async () => {
    const dir = join(folder(), "data");
    const file = join(dir, "frank.db");
    const deps = createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: file }), { quiet: true });
    try {
      deps.db.$client.exec("create table probe (x); insert into probe values (1)");
      expect(mode(dir)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(`${f} ${mode(f).toString(8)}`).toBe(`${f} 600`);
      const b = await backupQueue(deps)();
      expect(mode(b.file)).toBe(0o600);
      expect(mode(join(dir, "backups"))).toBe(0o700);
    } finally {
      deps.db.$client.close();
    }
  });

  test("an existing database readable by others is made 0600 at start", () => {
    const dir = folder();
    const file = join(dir, "frank.db");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: file }), { quiet: true }).db.$client.close();
    expect(mode(file)).toBe(0o600);
  });
});

describe("web processes", () => {
  test("by default one per core, at most 8; WEB_PROCESSES overrides", () => {
    const file = join(tmpdir(), "frank-web-processes.db");
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: file }).webProcesses).toBe(Math.min(availableParallelism(), 8));
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: file, WEB_PROCESSES: "3" }).webProcesses).toBe(3);
  });
});
