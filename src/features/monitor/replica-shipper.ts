// Runs and supervises Litestream beside the serving database (decision 0043): started with the
// server, started again when it stops on its own, paused around a truncating checkpoint, and
// watched through its metrics endpoint for the replica's lag (/metrics, /healthz).
import type { Database } from "bun:sqlite";
import { resolve } from "node:path";
import type { Replica } from "../../config/replica";
import { describeReplica } from "../../config/replica";
import { registerShipper, type Shipper, type ShipperState } from "../../db/shipper-hook";
import type { Logger } from "../../lib/log";
import type { Config } from "../../config/env";
import type { Deps } from "../../deps";
import { litestreamBinary, litestreamEnv, writeLitestreamConfig } from "./litestream";

// Litestream runs under a small shell that holds the read end of a pipe from this process: when
// the pipe closes (Frank stops it, exits, or is killed with SIGKILL) Litestream gets SIGTERM and
// ships what it has before it exits. A shipper left running after its server would go on
// copying a database nobody serves, and hold it open when it is replaced.
const GUARD = `exec 3<&0
"$0" "$@" &
c=$!
( read _ <&3; kill -TERM $c 2>/dev/null ) &
r=$!
wait $c
s=$?
kill $r 2>/dev/null
exit $s`;

/** Closing the guard's input is what stops Litestream (it may be closed already). */
function closeInput(proc: ReturnType<typeof Bun.spawn>) {
  try {
    (proc.stdin as { end(): void }).end();
  } catch {
    // closed already
  }
}

export interface RunningShipper extends Shipper {
  stop(): Promise<void>;
  /** The process id of the guard shell Litestream runs under (null between runs). */
  pid(): number | null;
}

interface Options {
  databasePath: string;
  replica: Replica;
  log: Logger;
  /** The server's connection: its automatic checkpoints are left to Litestream. */
  db: Database;
  pollMs?: number;
}

async function freePort(): Promise<number> {
  const l = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = l.port;
  l.stop(true);
  return port;
}

/** Litestream's positions, from its Prometheus text: the shadow WAL (copied locally) and the replica's. */
export function positionsOf(text: string): { local: [number, number]; shipped: [number, number] | null } | null {
  const value = (name: string) => {
    const m = new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(text);
    return m ? Number(m[1]) : null;
  };
  const li = value("litestream_shadow_wal_index");
  const ls = value("litestream_shadow_wal_size");
  if (li === null || ls === null) return null;
  const ri = value("litestream_replica_wal_index");
  const ro = value("litestream_replica_wal_offset");
  return { local: [li, ls], shipped: ri === null || ro === null ? null : [ri, ro] };
}

type Position = [index: number, offset: number];
const before = (a: Position, b: Position) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * The age of the oldest change Litestream has copied and not yet shipped: each time its local
 * position moves on, the position is noted with the time it was first seen; a note goes when the
 * replica's position reaches it. While Litestream does not answer, the lag counts from when it
 * stopped answering (or from the oldest note, if older). Writes every second that are each
 * shipped within a second show a lag of about a second, not the time since the replica was last
 * idle.
 */
export class LagClock {
  private waiting: { at: number; pos: Position }[] = [];
  private downSince: number | null;

  constructor(startedAt: number) {
    this.downSince = startedAt;
  }

  seen(local: Position, shipped: Position | null, now: number) {
    this.downSince = null;
    const last = this.waiting.at(-1);
    if (last && before(local, last.pos)) {
      // Positions started over (a new generation): everything from the oldest note waits for the new one.
      this.waiting = [{ at: this.waiting[0]!.at, pos: local }];
    } else if (!last || before(last.pos, local)) {
      this.waiting.push({ at: now, pos: local });
      // Bounded: a replica down for hours keeps its oldest note and the newest.
      if (this.waiting.length > 1000) this.waiting.splice(1, 1);
    }
    while (shipped && this.waiting.length && !before(shipped, this.waiting[0]!.pos)) this.waiting.shift();
  }

  lost(now: number) {
    this.downSince ??= now;
  }

  seconds(now: number): number {
    const since = Math.min(this.waiting[0]?.at ?? Infinity, this.downSince ?? Infinity);
    return since === Infinity ? 0 : Math.max(0, (now - since) / 1000);
  }
}

export async function startShipper(o: Options): Promise<RunningShipper> {
  const bin = litestreamBinary();
  if (!bin) throw new Error("REPLICA_URL is set, but the litestream binary was not found: install it beside frank or on PATH");
  const path = resolve(o.databasePath);
  const where = describeReplica(o.replica);
  // Litestream checkpoints when it has copied the WAL; an automatic checkpoint by the server
  // in between would make it start a new generation (a full snapshot) now and then.
  o.db.exec("PRAGMA wal_autocheckpoint = 0");

  let child: ReturnType<typeof Bun.spawn> | null = null;
  let metricsUrl = "";
  let stopped = false;
  let paused = false;
  let restarts = 0;
  let up = false;
  let lagBytes = 0;
  const lag = new LagClock(Date.now());
  let failures = 0;
  let chain: Promise<unknown> = Promise.resolve();

  const relay = async (stream: ReadableStream<Uint8Array>) => {
    let rest = "";
    for await (const chunk of stream) {
      const lines = (rest + new TextDecoder().decode(chunk)).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const msg = /msg=("[^"]*"|\S+)/.exec(line)?.[1]?.replace(/"/g, "") ?? line;
        if (line.includes("level=ERROR")) o.log.error(`replica: ${msg}`, { where, line });
        else if (line.includes("level=WARN")) o.log.warn(`replica: ${msg}`, { where, line });
        else if (line.includes("new generation")) o.log.info(`replica: ${msg}`, { where });
      }
    }
  };

  const spawn = async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    const config = writeLitestreamConfig(path, o.replica, `127.0.0.1:${port}`);
    const started = Date.now();
    const proc = Bun.spawn(["sh", "-c", GUARD, bin, "replicate", "-config", config], { env: litestreamEnv(o.replica), stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    child = proc;
    void relay(proc.stdout as ReadableStream<Uint8Array>);
    void relay(proc.stderr as ReadableStream<Uint8Array>);
    void proc.exited.then((code) => {
      if (child !== proc) return;
      child = null;
      // Were the guard itself killed, closing the pipe still stops its Litestream.
      closeInput(proc);
      up = false;
      if (stopped || paused) return;
      // It stopped on its own: start it again, sooner when it had been running a while.
      failures = Date.now() - started > 60_000 ? 0 : failures + 1;
      const wait = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
      o.log.error("replica: litestream stopped; starting it again", { code, inMs: wait, where });
      setTimeout(() => {
        if (stopped || paused || child) return;
        restarts++;
        void spawn();
      }, wait);
    });
  };

  const halt = async () => {
    const proc = child;
    if (!proc) return;
    closeInput(proc);
    const done = await Promise.race([proc.exited.then(() => true), Bun.sleep(15_000).then(() => false)]);
    if (!done) proc.kill(9);
    await proc.exited;
    if (child === proc) child = null;
    up = false;
  };

  const poll = async () => {
    if (!child) return;
    try {
      const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(900) })).text();
      const p = positionsOf(text);
      up = !!p;
      if (!p) return;
      lagBytes = !p.shipped ? p.local[1] : p.shipped[0] === p.local[0] ? Math.max(0, p.local[1] - p.shipped[1]) : p.local[1];
      lag.seen(p.local, p.shipped, Date.now());
    } catch {
      up = false;
    }
    if (!up) lag.lost(Date.now());
  };
  const timer = setInterval(() => void poll(), o.pollMs ?? 1000);

  const state = (): ShipperState => {
    return { up, lagSeconds: lag.seconds(Date.now()), lagBytes, restarts, where };
  };

  const pausedAround = <T>(fn: () => T | Promise<T>): Promise<T> => {
    const next = chain.then(async () => {
      paused = true;
      await halt();
      try {
        return await fn();
      } finally {
        paused = false;
        if (!stopped) await spawn();
      }
    });
    chain = next.catch(() => undefined);
    return next;
  };

  await spawn();
  const running: RunningShipper = {
    state,
    pausedAround,
    pid: () => child?.pid ?? null,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unregister();
      await chain;
      await halt();
    },
  };
  const unregister = registerShipper(path, running);
  return running;
}

/** `frank serve` with REPLICA_URL: the shipper beside the served database, said in one line. */
export async function startStandbyCopy(config: Config, deps: Deps): Promise<RunningShipper | null> {
  if (!config.replica || config.DATABASE_PATH === ":memory:") return null;
  const shipper = await startShipper({ databasePath: config.DATABASE_PATH, replica: config.replica, log: deps.log, db: deps.db.$client });
  console.log(`The database is shipped continuously to ${describeReplica(config.replica)}`);
  return shipper;
}
