// The server's other processes, seen from the web that started them: `frank serve` answers pages
// in its own process and in WEB_PROCESSES - 1 more web processes on the same port, and runs the
// task worker (tasks and scheduled jobs) in a child; each is the same program started again
// (`serve --role worker`, `serve --role web`). A child that dies is started again at once (then
// after a growing pause while it keeps dying at start-up); the others keep answering meanwhile and
// the tasks the web writes wait in the table. A child reads its stdin: when it ends, the parent is
// gone (even killed with SIGKILL) and the child stops too.
import type { Subprocess } from "bun";
import { selfCommand } from "../lib/self-command";

export interface SupervisedChild {
  /** The running child's pid (tests, the log). */
  readonly pid: () => number | undefined;
  stop(graceMs: number): Promise<void>;
}

/** Marks the worker child, so that it watches its stdin for the end of its parent. */
export const SUPERVISED_ENV = "FRANK_WORKER_OF";
/** Marks a web child (its value: the parent's pid): it serves beside the parent, which holds the database's serve lock. */
export const WEB_CHILD_ENV = "FRANK_WEB_OF";
/** Which web process a child is (2, 3, ...; the parent is 1). */
const WEB_INDEX_ENV = "FRANK_WEB_INDEX";

type Log = { info(m: string, f?: object): void; error(m: string, f?: object): void };

export function startWorkerChild(opts: { demo: boolean; secret: string; log: Log }): SupervisedChild {
  return supervise("worker", ["serve", "--role", "worker", ...(opts.demo ? ["--demo"] : [])], { APP_SECRET: opts.secret, [SUPERVISED_ENV]: String(process.pid) }, opts.log);
}

/** Web processes 2..count, each serving the port beside this one. */
export function startWebChildren(count: number, opts: { demo: boolean; secret: string; log: Log }): SupervisedChild[] {
  const children: SupervisedChild[] = [];
  for (let i = 2; i <= count; i++) {
    const env = { APP_SECRET: opts.secret, [WEB_CHILD_ENV]: String(process.pid), [WEB_INDEX_ENV]: String(i) };
    children.push(supervise(`web process ${i}`, ["serve", "--role", "web", ...(opts.demo ? ["--demo"] : [])], env, opts.log));
  }
  return children;
}

const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 10_000;
/** A worker that ran this long before it died is started again without a pause. */
const SETTLED_MS = 30_000;

function supervise(label: string, args: string[], env: Record<string, string>, log: Log): SupervisedChild {
  let child: Subprocess<"pipe", "inherit", "inherit"> | null = null;
  let stopping = false;
  let pause = FIRST_PAUSE_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const spawn = () => {
    timer = null;
    if (stopping) return;
    const started = performance.now();
    const proc = Bun.spawn(selfCommand(args), {
      // The secret the web uses (in demo mode it may have been made for this start).
      env: { ...process.env, ...env },
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
      log.error(`the ${label} stopped; starting it again`, { code, signal: proc.signalCode, afterMs: wait });
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
