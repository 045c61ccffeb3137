// Runs and supervises Litestream beside the serving database (decision 0043): started with the
// server, started again when it stops on its own, paused around a truncating checkpoint, and
// watched through its metrics endpoint for the replica's lag (/metrics, /healthz).
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
  pollMs?: number;
}

async function freePort(): Promise<number> {
  const l = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = l.port;
  l.stop(true);
  return port;
}

/**
 * Litestream's byte counts, from its Prometheus text: WAL bytes it has copied from the database
 * (`litestream_total_wal_bytes`) and WAL bytes the replica has written, which count each WAL
 * index's 32-byte header once more (`litestream_replica_wal_bytes`, with the index). Its shadow
 * WAL size and the replica's offset are not comparable: a shadow WAL file starts with what the
 * last one had left.
 */
export function countsOf(text: string): { copied: number; shipped: number | null; index: number | null } | null {
  const value = (name: string) => {
    const m = new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(text);
    return m ? Number(m[1]) : null;
  };
  const copied = value("litestream_total_wal_bytes");
  if (copied === null) return null;
  return { copied, shipped: value("litestream_replica_wal_bytes"), index: value("litestream_replica_wal_index") };
}

/** Less than a WAL frame (a page and its 24-byte header): the headers' count is not exact, a commit is at least a frame. */
const SLACK_BYTES = 512;

/**
 * The age of the oldest change Litestream has copied and not yet shipped: each time its count of
 * copied bytes moves on, the count is noted with the time it was first seen; a note goes when the
 * replica's count reaches it. While Litestream does not answer, the lag counts from when it
 * stopped answering (or from the oldest note, if older). Writes every second that are each
 * shipped within a second show a lag of about a second, not the time since the replica was last
 * idle.
 */
export class LagClock {
  private waiting: { at: number; copied: number }[] = [];
  private downSince: number | null;

  constructor(startedAt: number) {
    this.downSince = startedAt;
  }

  seen(copied: number, shipped: number | null, now: number) {
    this.downSince = null;
    const last = this.waiting.at(-1);
    if (last && copied < last.copied) {
      // The counts started over (Litestream started again): everything from the oldest note waits for the new ones.
      this.waiting = [{ at: this.waiting[0]!.at, copied }];
    } else if (!last || last.copied < copied) {
      this.waiting.push({ at: now, copied });
      // Bounded: a replica down for hours keeps its oldest note and the newest.
      if (this.waiting.length > 1000) this.waiting.splice(1, 1);
    }
    while (shipped !== null && this.waiting.length && shipped + SLACK_BYTES >= this.waiting[0]!.copied) this.waiting.shift();
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

  let child: ReturnType<typeof Bun.spawn> | null = null;
  let metricsUrl = "";
  let stopped = false;
  let paused = false;
  let restarts = 0;
  let up = false;
  let lagBytes = 0;
  const lag = new LagClock(Date.now());
  let firstIndex: number | null = null;
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
    firstIndex = null;
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
      const c = countsOf(text);
      up = !!c;
      if (!c) return;
      // The replica's count less the headers of the WAL indexes it wrote since this Litestream started.
      if (c.index !== null) firstIndex ??= c.index;
      const shipped = c.shipped === null || c.index === null ? null : c.shipped - 32 * (c.index - firstIndex! + 1);
      lagBytes = Math.max(0, c.copied - (shipped ?? 0));
      lag.seen(c.copied, shipped, Date.now());
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
  const shipper = await startShipper({ databasePath: config.DATABASE_PATH, replica: config.replica, log: deps.log });
  console.log(`The database is shipped continuously to ${describeReplica(config.replica)}`);
  return shipper;
}
