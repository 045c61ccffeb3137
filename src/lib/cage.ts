// Work that can spend seconds of CPU or gigabytes of memory on what a person sent (a PDF's
// pages, a DOCX's XML, rules over a CV's text) runs in a child process that can be killed: the
// same program started again with the hidden verb `__cage` (main.ts), so it works from the
// sources and in the single binary alike. The child reads the input on stdin (a private temporary
// file) and answers one JSON line on stdout. Here, outside it, three limits hold whatever the
// child's code does: wall time, resident memory (read from /proc on Linux) and the size of its
// answer. Past one, the child is killed and the caller gets an OverLimit whose message a
// recruiter can read. The thread that answers pages only waits on a pipe.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { unlink, writeFile } from "node:fs/promises";
import { availableParallelism, getPriority, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { selfCommand } from "./self-command";

export interface CageLimits {
  /** Killed after this long (from its start, not from the wait for a free slot). */
  wallMs: number;
  /** Killed when its resident memory passes this. */
  memoryMb: number;
  /** Killed when its answer passes this many bytes. */
  outputBytes: number;
  /** What the child does, as the messages say it: "Reading this file" by default. */
  doing?: string;
}

/** A limit was passed: the work cannot succeed by trying again; the message is for the person who sent the input. */
export class OverLimit extends Error {
  constructor(
    readonly limit: "time" | "memory" | "output" | "pages" | "size",
    message: string,
  ) {
    super(message);
    this.name = "OverLimit";
  }
}

/** How the child answers (cage-child.ts writes it). */
export type CageAnswer = { ok: true; value: unknown } | { ok: false; limit: OverLimit["limit"]; message: string } | { ok: false; error: string };

const MB = 1024 * 1024;
const POLL_MS = 20;

/**
 * Children at once in this process: a few, so a burst of uploads neither starts a child per
 * file nor waits behind one slow file. Per process by nature (each process has its own children).
 */
const SLOTS = Math.max(2, Math.min(4, availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

async function takeSlot(signal?: AbortSignal): Promise<() => void> {
  if (running >= SLOTS) {
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener("abort", stop);
        resolve();
      };
      const stop = () => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(signal!.reason);
      };
      if (signal?.aborted) return stop();
      signal?.addEventListener("abort", stop, { once: true });
      waiting.push(go);
    });
  }
  running++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    running--;
    waiting.shift()?.();
  };
}

/** The command that starts this program again as a child: the binary itself, or bun on main.ts. */
const childCommand = (task: string, params: string): string[] => selfCommand(["__cage", task, params]);

/**
 * The size of a memory page, read once: /proc/<pid>/statm counts pages, and /proc/self/status
 * says the same resident memory in kB. (status is not read for the children: it can wait on a
 * busy child's memory lock for milliseconds, statm does not.)
 */
let pageBytes: number | null | undefined;
function pageSize(): number | null {
  if (pageBytes !== undefined) return pageBytes;
  try {
    const pages = Number(readFileSync("/proc/self/statm", "latin1").split(" ")[1]);
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "latin1"))?.[1]);
    // The nearest power of two (4 kB on most machines, 16 or 64 kB on some ARM ones).
    pageBytes = pages > 0 && kb > 0 ? 2 ** Math.round(Math.log2((kb * 1024) / pages)) : null;
  } catch {
    pageBytes = null; // no /proc: the wall time still holds
  }
  return pageBytes;
}

/** Resident memory of a process in bytes (null where /proc is not there or the process is gone). */
function residentBytes(pid: number): number | null {
  const page = pageSize();
  if (!page) return null;
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1]) * page;
  } catch {
    return null;
  }
}

const spawnChild = (cmd: string[], inputPath: string, env: Record<string, string>) => Bun.spawn(cmd, { stdin: Bun.file(inputPath), stdout: "pipe", stderr: "pipe", env });

/** The children running now: a process that exits takes them with it (a child outlives its parent otherwise). */
const alive = new Set<{ kill(signal?: number | NodeJS.Signals): void }>();
process.on("exit", () => {
  for (const child of alive) child.kill("SIGKILL");
});

/** Reads a stream to its end, or until it passes `max` bytes (then `tooMuch` is called once). */
async function readCapped(stream: ReadableStream<Uint8Array>, max: number, tooMuch: () => void): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) {
      tooMuch();
      break;
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

const seconds = (ms: number) => {
  const s = Math.round(ms / 100) / 10;
  return `${s} second${s === 1 ? "" : "s"}`;
};

/**
 * Runs `task` (a name cage-child.ts knows) on `input` in a child with these limits. Resolves with
 * the task's value; rejects with OverLimit past a limit (the child's own, such as a page count,
 * or one of the three enforced here), with the signal's reason when it aborts (the child is
 * killed), or with an Error when the child fails otherwise (a damaged file).
 */
export async function runInCage(task: string, params: unknown, input: Uint8Array, limits: CageLimits, signal?: AbortSignal): Promise<unknown> {
  const release = await takeSlot(signal);
  try {
    signal?.throwIfAborted();
    // A small environment: the child needs no secret of the server's, and runs with the smaller heap.
    const env: Record<string, string> = { NODE_ENV: "production", BUN_OPTIONS: "--smol" };
    // JavaScriptCore's own settings (BUN_JSC_*) pass on: an operator's tuning holds for the child too.
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && (k === "PATH" || k === "TMPDIR" || k === "LANG" || k.startsWith("BUN_JSC_"))) env[k] = v;
    // The input reaches the child as a file it reads itself: writing megabytes into a pipe held this
    // thread for up to 100 ms while a busy child was slow to drain it. The file is private and
    // gone from the folder as soon as the child has it open.
    const inputPath = join(tmpdir(), `frank-cage-${randomUUID()}`);
    await writeFile(inputPath, input, { mode: 0o600, flag: "wx" }).catch(async (e: unknown) => {
      await unlink(inputPath).catch(() => {});
      throw e;
    });
    let child: ReturnType<typeof spawnChild>;
    try {
      child = spawnChild(childCommand(task, JSON.stringify(params)), inputPath, env);
      // Below the server in the scheduler's eyes from its first instruction (nice 10, or this
      // process's own when it runs lower already): pages are answered first on a busy machine.
      try {
        setPriority(child.pid, Math.max(10, getPriority()));
      } catch {} // not allowed here: the limits still hold
    } finally {
      void unlink(inputPath).catch(() => {});
    }
    alive.add(child);
    let passed: OverLimit | null = null;
    const doing = limits.doing ?? "Reading this file";
    const kill = (why: OverLimit | null) => {
      passed ??= why;
      child.kill("SIGKILL");
    };
    const started = performance.now();
    const timer = setTimeout(() => kill(new OverLimit("time", `${doing} took more than ${seconds(limits.wallMs)}; Frank stops there`)), limits.wallMs);
    const watch = setInterval(() => {
      const rss = residentBytes(child.pid);
      if (rss !== null && rss > limits.memoryMb * MB) kill(new OverLimit("memory", `${doing} needed more than ${limits.memoryMb} MB of memory; Frank stops there`));
    }, POLL_MS);
    const onAbort = () => kill(null);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const [out, err] = await Promise.all([
        readCapped(child.stdout, limits.outputBytes, () => kill(new OverLimit("output", `${doing} gave more text than Frank keeps; Frank stops there`))),
        readCapped(child.stderr, 64 * 1024, () => {}),
      ]);
      const code = await child.exited;
      if (passed) throw passed;
      signal?.throwIfAborted();
      let answer: CageAnswer;
      try {
        answer = JSON.parse(new TextDecoder().decode(out)) as CageAnswer;
      } catch {
        const why = new TextDecoder().decode(err).trim().split("\n").slice(-3).join(" ").slice(0, 300);
        throw new Error(`the reader ended with code ${code} after ${seconds(performance.now() - started)}${why ? `: ${why}` : ""}`);
      }
      if (answer.ok) return answer.value;
      if ("limit" in answer) throw new OverLimit(answer.limit, answer.message);
      throw new Error(answer.error);
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
      signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      alive.delete(child);
    }
  } finally {
    release();
  }
}
