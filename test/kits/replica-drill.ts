// The standby copy's drill (decision 0043), shared by replica-drill.test.ts and bench/replica.ts:
// a child server with REPLICA_URL takes bookings; the machine is lost at once (the server and its
// Litestream both killed with SIGKILL, then the data folder deleted); `frank restore
// --from-replica` brings the database back. Answers which acknowledged bookings came back.
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SECRET, seedSessions, startServer } from "./booking-crash";
import { frankCommand } from "./frank-command";
import { freePort } from "./free-port";

export interface DrillResult {
  /** Bookings answered 200, with when (ms since the epoch). */
  acked: { slotId: string; at: number }[];
  killedAt: number;
  /** Acknowledged bookings the restored database lacks, with how long before the kill they were acknowledged. */
  lost: { slotId: string; beforeKillMs: number }[];
  /** The restore command's wall time, start of the process to its exit. */
  restoreMs: number;
  restoreOutput: string;
  /** The replica's lag (frank_replica_lag_seconds) sampled every 250 ms while booking. */
  lagSamples: number[];
}

/** Processes whose command line holds `needle` (Litestream's is its configuration file's path). */
function pidsWith(needle: string): { pid: number; argv0: string }[] {
  const out: { pid: number; argv0: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (argv.some((a) => a.includes(needle))) out.push({ pid: Number(name), argv0: argv[0]! });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The server's processes (its web and worker children too), by the database they were started on. */
function serverPids(dbPath: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(`DATABASE_PATH=${dbPath}`)) out.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}

async function lagOf(base: string): Promise<number | null> {
  const text = await fetch(`${base}/metrics`).then(
    (r) => r.text(),
    () => "",
  );
  const m = /^frank_replica_lag_seconds (\S+)$/m.exec(text);
  return m ? Number(m[1]) : null;
}

/** Rows of filler (about `mb` MB) in the participants backup table, so a restore has a database of a real size to bring back. */
function pad(dbPath: string, mb: number) {
  const db = new Database(dbPath);
  try {
    const ws = db.query<{ id: number }, []>("select id from workspaces limit 1").get()!.id;
    const insert = db.prepare("insert into participants_backup (workspace_id, participant_id, data, sync_timestamp, run_id) values (?, ?, ?, 0, 0)");
    db.transaction(() => {
      for (let i = 0; i < mb * 250; i++) insert.run(ws, 90_000_000 + i, `${i} `.padEnd(4000, "filler "));
    })();
  } finally {
    db.close();
  }
}

export async function replicaDrill(dir: string, opts: { sessions?: number; bookMs?: number; lanes?: number; padMB?: number } = {}): Promise<DrillResult> {
  const data = join(dir, "data");
  const standby = join(dir, "standby");
  mkdirSync(data, { recursive: true });
  const dbPath = join(data, "frank.db");
  const env = { REPLICA_URL: `file://${standby}` };
  const pairs = await seedSessions(dbPath, opts.sessions ?? 400);
  if (opts.padMB) pad(dbPath, opts.padMB);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = await startServer(dbPath, port, env);
  const config = `${dbPath}-litestream.yml`;
  try {
    // The replica has the seeded database before the bookings start.
    for (let i = 0; (await lagOf(base)) !== 0; i++) {
      if (i > 600) throw new Error("the replica did not catch up");
      await Bun.sleep(100);
    }
    const acked: DrillResult["acked"] = [];
    const lagSamples: number[] = [];
    let next = 0;
    const until = Date.now() + (opts.bookMs ?? 6000);
    const lane = async () => {
      while (Date.now() < until && next < pairs.length) {
        const [token, slotId] = pairs[next++]!;
        const status = await fetch(`${base}/api/book/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId }) }).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) acked.push({ slotId, at: Date.now() });
      }
    };
    const sampler = setInterval(() => void lagOf(base).then((l) => l !== null && lagSamples.push(l)), 250);
    await Promise.all(Array.from({ length: opts.lanes ?? 4 }, lane));
    clearInterval(sampler);

    // The machine is lost: nothing gets a chance to ship what it has.
    const litestream = pidsWith(config).filter((p) => p.argv0.endsWith("litestream"));
    if (litestream.length !== 1) throw new Error(`expected one Litestream beside the server, found ${litestream.length}`);
    const killedAt = Date.now();
    process.kill(litestream[0]!.pid, "SIGKILL");
    // The whole machine goes: the server and its web and worker children at once (alone, the
    // children end a moment after their parent and could still hold the database for the restore).
    for (const pid of serverPids(dbPath)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
    proc.kill(9);
    await proc.exited;
    for (let i = 0; pidsWith(config).length > 0 || serverPids(dbPath).length > 0; i++) {
      if (i > 200) throw new Error("processes of the killed server are still running");
      await Bun.sleep(50);
    }
    rmSync(data, { recursive: true, force: true });

    const started = performance.now();
    const restore = Bun.spawn([...(await frankCommand()), "restore", "--from-replica"], {
      env: { ...process.env, APP_SECRET: SECRET, DATABASE_PATH: dbPath, NODE_ENV: "production", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, out, err] = await Promise.all([restore.exited, new Response(restore.stdout).text(), new Response(restore.stderr).text()]);
    const restoreMs = performance.now() - started;
    if (code !== 0 || !existsSync(dbPath)) throw new Error(`frank restore --from-replica failed (${code}):\n${out}${err}`);
    const db = new Database(dbPath, { readonly: true });
    const restored = new Set(
      db
        .query<{ slot_id: string }, []>("select slot_id from meetings")
        .all()
        .map((r) => r.slot_id),
    );
    db.close();
    const lost = acked.filter((a) => !restored.has(a.slotId)).map((a) => ({ slotId: a.slotId, beforeKillMs: killedAt - a.at }));
    return { acked, killedAt, lost, restoreMs, restoreOutput: out + err, lagSamples };
  } finally {
    proc.kill(9);
  }
}
