// `frank serve` as production runs it (the binary): the web in one process, the task worker in a
// child. The worker killed with SIGKILL in the middle of bookings: the web keeps answering, the
// parent starts a new worker, and every e-mail of every booking goes out. Stopping the parent
// stops the worker.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { seedSessions, startServer } from "./kits/booking-crash";
import { startTestSmtp } from "./kits/smtp-server";
import { freePort } from "./kits/free-port";
import { frankCommand } from "./kits/frank-command";

await frankCommand();

const dir = mkdtempSync(join(tmpdir(), "frank-worker-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pids whose parent is `pid` (read from /proc: Linux, where Frank runs). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${d}/stat`, "latin1");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether process `pid` was started as the worker (`serve --role worker`), not as a web process. */
function isWorker(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").includes("--role worker");
  } catch {
    return false;
  }
}

async function workerOf(pid: number, not?: number): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const found = childrenOf(pid).find((c) => c !== not && isWorker(c));
    if (found) return found;
    await Bun.sleep(50);
  }
  throw new Error("no worker process");
}

function unfinishedDue(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    // Due now: a feedback request waits for its interview, days ahead.
    return db.query<{ n: number }, [number]>("SELECT count(*) AS n FROM tasks WHERE status IN ('pending', 'retrying') AND run_at <= ?1").get(Date.now())!.n;
  } finally {
    db.close();
  }
}

test("the worker killed with SIGKILL: the web keeps answering, a new worker starts, every e-mail goes out", async () => {
  const dbPath = join(dir, "worker.db");
  const sessions = await seedSessions(dbPath, 8);
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const port = await freePort();
  const server = await startServer(dbPath, port, { SMTP_URL: smtp.url });
  afterAll(() => server.kill(9));
  const book = ([token, slotId]: [string, string]) =>
    fetch(`http://127.0.0.1:${port}/api/book/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId }) }).then((r) => r.status);

  const first = await workerOf(server.pid);
  const statuses = await Promise.all(sessions.slice(0, 4).map(book));
  process.kill(first, "SIGKILL");
  // The web answers while no worker runs, and takes bookings.
  const health: number[] = [];
  for (let i = 0; i < 10; i++) {
    health.push(await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status));
    await Bun.sleep(20);
  }
  statuses.push(...(await Promise.all(sessions.slice(4).map(book))));
  expect(health.every((s) => s === 200)).toBe(true);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const second = await workerOf(server.pid, first);
  expect(second).not.toBe(first);

  for (let i = 0; i < 400 && unfinishedDue(dbPath) > 0; i++) await Bun.sleep(50);
  expect(unfinishedDue(dbPath)).toBe(0);
  // Two e-mails a booking (the candidate's confirmation, the recruiter's notice), each received.
  const sent = new Set(smtp.received.map((m) => `${m.to} ${m.subject}`));
  expect(sent.size).toBe(16);

  server.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  for (let i = 0; i < 100 && childrenOf(server.pid).length; i++) await Bun.sleep(50);
  expect(() => process.kill(second, 0)).toThrow();
}, 120_000);
