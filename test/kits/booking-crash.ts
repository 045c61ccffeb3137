// Shared by the crash test and bench/integrity.ts: a database with one recruiter and many
// single-slot sessions at distinct hours, a child server on it that is killed with SIGKILL
// in the middle of a stream of bookings, and the check that every meeting has its messages.
import { Database } from "bun:sqlite";
import { loadConfig } from "../../src/config/env";
import { createDeps } from "../../src/bootstrap";
import { buildFeatures } from "../../src/app";
import { createUser } from "../../src/features/auth/service";
import { upsertParticipantFromVisitor } from "../../src/features/candidates/service";
import { createSchedulingSession } from "../../src/features/scheduling/service";
import { frankCommand } from "./frank-command";
import { waitHealthy } from "./wait-healthy";

export const SECRET = "crash-test-secret-crash-test-secret-0123";

/** Creates `count` sessions (one slot each, an hour apart from tomorrow) and returns [token, slotId] pairs. */
export async function seedSessions(dbPath: string, count: number): Promise<[string, string][]> {
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: dbPath, APP_URL: "http://127.0.0.1", NODE_ENV: "test" }), { quiet: true })).context;
  const user = await createUser(deps, { email: "rita@example.com", password: "correct-horse-battery", name: "Rita" });
  const base = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000;
  const out: [string, string][] = [];
  for (let i = 0; i < count; i++) {
    const c = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: `crash-${i}`, name: `Candidate ${i}`, emailAddress: `c${i}@example.com` });
    const start = new Date(base + i * 3_600_000);
    const s = await createSchedulingSession(deps, {
      workspaceId: user.workspaceId,
      userId: user.id,
      candidateId: c.id,
      title: "Interview",
      duration: 60,
      timeSlots: [{ startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() }],
      timeZone: "UTC",
      sendEmail: false,
    });
    out.push([s.sessionToken, s.timeSlots[0]!.id]);
  }
  deps.db.$client.close();
  return out;
}

export async function startServer(dbPath: string, port: number, env: Record<string, string> = {}, args: string[] = []) {
  const proc = Bun.spawn([...(await frankCommand()), "serve", ...args], {
    env: { ...process.env, APP_SECRET: SECRET, DATABASE_PATH: dbPath, PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, NODE_ENV: "production", ...env },
    stdout: "ignore",
    stderr: "ignore",
  });
  if (await waitHealthy(`http://127.0.0.1:${port}`)) return proc;
  proc.kill(9);
  throw new Error("the server did not start");
}

/**
 * Books `batch` (a few at a time, so bookings keep committing) and kills the server with
 * SIGKILL at a random point after the first of them has committed: the kill lands among
 * commits, not before the first one. Answers the statuses seen (0: cut off by the kill).
 */
export async function bookThenKill(port: number, proc: ReturnType<typeof Bun.spawn>, batch: [string, string][], dbPath: string, maxDelayMs = 120) {
  const statuses: number[] = [];
  let next = 0;
  let killed = false;
  const lane = async () => {
    while (!killed && next < batch.length) {
      const [token, slotId] = batch[next++]!;
      const status = await fetch(`http://127.0.0.1:${port}/api/book/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId }) })
        .then((r) => r.status)
        .catch(() => 0);
      statuses.push(status);
    }
  };
  const lanes = Promise.all([lane(), lane(), lane(), lane()]);
  const before = meetingCount(dbPath);
  for (let i = 0; i < 500 && meetingCount(dbPath) === before; i++) await Bun.sleep(2);
  await Bun.sleep(Math.floor(Math.random() * maxDelayMs));
  killed = true;
  proc.kill(9);
  await proc.exited;
  await lanes;
  return statuses;
}

/**
 * A read of the server's database, waiting for its lock as the app does: the killed server's
 * worker and web children stop a moment after it, and may still hold it (longer on a busy machine).
 */
function readDatabase(dbPath: string): Database {
  const db = new Database(dbPath, { readonly: true });
  db.exec("PRAGMA busy_timeout = 30000");
  return db;
}

function meetingCount(dbPath: string): number {
  const db = readDatabase(dbPath);
  try {
    return db.query<{ n: number }, []>("select count(*) as n from meetings").get()!.n;
  } finally {
    db.close();
  }
}

/** Meetings that lack their two e-mails (with their tasks) or their calendar task. */
export function meetingsWithoutMessages(dbPath: string): { meetings: number; missing: number } {
  const db = readDatabase(dbPath);
  try {
    const meetings = db.query<{ id: number }, []>("select id from meetings").all();
    const mails = db.query<{ n: number }, [number]>("select count(*) as n from mail_messages m join tasks t on t.id = m.task_id and t.kind = 'mail.send' where m.meeting_id = ?");
    const work = db.query<{ n: number }, [string]>("select count(*) as n from tasks where kind = 'calendar.meeting' and payload = ?");
    const missing = meetings.filter((m) => mails.get(m.id)!.n < 2 || work.get(JSON.stringify({ meetingId: m.id }))!.n < 1).length;
    return { meetings: meetings.length, missing };
  } finally {
    db.close();
  }
}
