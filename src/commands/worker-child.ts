// The server's worker process, seen from the web that started it: `frank serve` answers pages in
// its own process and runs the task worker (tasks and scheduled jobs) in a child, the same
// program started again as `serve --role worker`. A worker that dies is started again at once
// (then after a growing pause while it keeps dying at start-up); the web keeps answering
// meanwhile and the tasks it writes wait in the table. The child reads its stdin: when it ends,
// the web is gone (even killed with SIGKILL) and the worker stops too.
import type { Subprocess } from "bun";
import { selfCommand } from "../lib/self-command";

export interface WorkerChild {
  /** The running child's pid (tests, the log). */
  readonly pid: () => number | undefined;
  stop(graceMs: number): Promise<void>;
}

/** Marks the child, so that it watches its stdin for the end of its parent. */
export const SUPERVISED_ENV = "FRANK_WORKER_OF";

const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 10_000;
/** A worker that ran this long before it died is started again without a pause. */
const SETTLED_MS = 30_000;

export function startWorkerChild(opts: { demo: boolean; secret: string; log: { info(m: string, f?: object): void; error(m: string, f?: object): void } }): WorkerChild {
  let child: Subprocess<"pipe", "inherit", "inherit"> | null = null;
  let stopping = false;
  let pause = FIRST_PAUSE_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const spawn = () => {
    timer = null;
    if (stopping) return;
    const started = performance.now();
    const proc = Bun.spawn(selfCommand(["serve", "--role", "worker", ...(opts.demo ? ["--demo"] : [])]), {
      // The secret the web uses (in demo mode it may have been made for this start).
      env: { ...process.env, APP_SECRET: opts.secret, [SUPERVISED_ENV]: String(process.pid) },
      stdin: "pipe",
      stdout: "inherit",
      stderr: "inherit",
    });
    child = proc;
    void proc.exited.then((code) => {
      if (child === proc) child = null;
      if (stopping) return;
      const ran = performance.now() - started;
      const wait = ran >= SETTLED_MS ? 0 : pause;
      pause = ran >= SETTLED_MS ? FIRST_PAUSE_MS : Math.min(LONGEST_PAUSE_MS, pause * 2);
      opts.log.error("the worker process stopped; starting it again", { code, signal: proc.signalCode, afterMs: wait });
      timer = setTimeout(spawn, wait);
    });
  };
  spawn();

  return {
    pid: () => child?.pid,
    async stop(graceMs) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const proc = child;
      if (!proc) return;
      proc.kill("SIGTERM");
      const ended = await Promise.race([proc.exited.then(() => true), Bun.sleep(graceMs + 2000).then(() => false)]);
      if (!ended) proc.kill("SIGKILL");
    },
  };
}

/** In the child: resolves when the parent's end of stdin closes (the parent ended, however). */
export async function parentGone(): Promise<void> {
  const reader = Bun.stdin.stream().getReader();
  try {
    while (!(await reader.read()).done);
  } catch {
    // A broken pipe is an end too.
  }
}
