// Does a slow or hung task hold the others, and how long does work held by a killed worker wait?
// Runs the compiled binary (`frank serve`: the web and its worker process) on a fresh database.
//   bun bench/slow-receivers.ts
// 1. 40 bookings with four webhook endpoints subscribed to interview.booked (one that never
//    answers, one that answers after 3 s, one that answers 500, one healthy), beside the same with
//    only the healthy endpoint: the healthy endpoint's delivery delay and the candidates'
//    confirmation e-mail delay (from the booking's answer), p50 and max.
// 2. The worker killed with SIGKILL while it holds deliveries to the 3-second endpoint and
//    e-mails: the time from the new worker's start until every task the dead one held is done.
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { buildFeatures } from "../src/app";
import { findUserByEmail } from "../src/features/auth/service";
import { createWebhook } from "../src/features/webhooks/service";
import { SECRET, seedSessions, startServer } from "../test/kits/booking-crash";
import { freePort } from "../test/kits/free-port";
import { SMTPServer } from "smtp-server";

const BOOKINGS = 40;
const dir = mkdtempSync(join(tmpdir(), "frank-slow-receivers-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

type Kind = "hung" | "slow" | "error" | "healthy";

function receivers() {
  const seen = new Map<number, number>(); // candidate index -> first arrival at the healthy endpoint
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const kind = new URL(req.url).pathname.slice(1) as Kind;
      const body = await req.text();
      if (kind === "hung") return new Promise<Response>(() => {});
      if (kind === "slow") await Bun.sleep(3000);
      if (kind === "error") return new Response("no", { status: 500 });
      const i = /c(\d+)@example\.com/.exec(body)?.[1];
      if (kind === "healthy" && i !== undefined && !seen.has(Number(i))) seen.set(Number(i), performance.now());
      return new Response("ok");
    },
  });
  return { seen, url: (k: Kind) => `http://127.0.0.1:${server.port}/${k}`, stop: () => server.stop(true) };
}

async function smtp() {
  const seen = new Map<number, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, cb) {
      stream.on("data", () => {});
      stream.on("end", () => {
        const i = /^c(\d+)@example\.com$/.exec(session.envelope.rcptTo[0]?.address ?? "")?.[1];
        if (i !== undefined && !seen.has(Number(i))) seen.set(Number(i), performance.now());
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { seen, url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`, close: () => server.close() };
}

async function prepare(name: string, endpoints: string[]) {
  const dbPath = join(dir, `${name}.db`);
  const sessions = await seedSessions(dbPath, BOOKINGS);
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: dbPath, APP_URL: "http://127.0.0.1", NODE_ENV: "test", WEBHOOK_ALLOW_PRIVATE: "1" }), { quiet: true })).context;
  const user = findUserByEmail(deps, "rita@example.com")!;
  for (const url of endpoints) await createWebhook(deps, { id: user.id, role: "owner", workspaceId: user.workspaceId }, { url, events: ["interview.booked"] });
  deps.db.$client.close();
  return { dbPath, sessions };
}

async function bookAll(port: number, sessions: [string, string][], booked: Map<number, number>) {
  let next = 0;
  const lane = async () => {
    while (next < sessions.length) {
      const i = next++;
      const [token, slotId] = sessions[i]!;
      const r = await fetch(`http://127.0.0.1:${port}/api/book/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId }) });
      if (r.status !== 200) throw new Error(`booking ${i}: ${r.status}`);
      booked.set(i, performance.now());
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function delays(name: string, kinds: Kind[], args: string[] = []) {
  const hooks = receivers();
  const mail = await smtp();
  const { dbPath, sessions } = await prepare(name, kinds.map(hooks.url));
  const port = await freePort();
  const server = await startServer(dbPath, port, { SMTP_URL: mail.url, WEBHOOK_ALLOW_PRIVATE: "1" }, args);
  // The worker process starts after the web answers: measured once both are up.
  await Bun.sleep(3000);
  const booked = new Map<number, number>();
  await bookAll(port, sessions, booked);
  for (let i = 0; i < 1200 && (hooks.seen.size < BOOKINGS || mail.seen.size < BOOKINGS); i++) await Bun.sleep(50);
  const of = (seen: Map<number, number>) => [...booked].filter(([i]) => seen.has(i)).map(([i, at]) => seen.get(i)! - at);
  const hook = of(hooks.seen);
  const confirm = of(mail.seen);
  server.kill(9);
  hooks.stop();
  mail.close();
  return { name, hook, confirm };
}

function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "latin1");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function killedWorker() {
  const hooks = receivers();
  const mail = await smtp();
  const { dbPath, sessions } = await prepare("killed", [hooks.url("slow"), hooks.url("healthy")]);
  const port = await freePort();
  const server = await startServer(dbPath, port, { SMTP_URL: mail.url, WEBHOOK_ALLOW_PRIVATE: "1" });
  const db = new Database(dbPath, { readonly: true });
  const booked = new Map<number, number>();
  const booking = bookAll(port, sessions, booked);
  // Once the worker holds a delivery to the 3-second endpoint and other tasks, it is killed.
  const leased = db.query<{ id: number; boot: string }, []>("SELECT id, lease_boot AS boot FROM tasks WHERE lease_token IS NOT NULL AND status IN ('pending', 'retrying')");
  let held: { id: number; boot: string }[] = [];
  for (let i = 0; i < 400 && held.length < 3; i++) {
    held = leased.all();
    await Bun.sleep(10);
  }
  const worker = childrenOf(server.pid)[0]!;
  held = leased.all();
  process.kill(worker, "SIGKILL");
  const killedAt = performance.now();
  let restartedAt = 0;
  for (let i = 0; i < 1000 && !restartedAt; i++) {
    if (childrenOf(server.pid).some((c) => c !== worker)) restartedAt = performance.now();
    else await Bun.sleep(5);
  }
  await booking;
  const ids = JSON.stringify(held.map((h) => h.id));
  const open = db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM tasks WHERE id IN (SELECT value FROM json_each(?1)) AND status NOT IN ('done', 'failed')");
  let doneAt = 0;
  for (let i = 0; i < 6000 && !doneAt; i++) {
    if (open.get(ids)!.n === 0) doneAt = performance.now();
    else await Bun.sleep(10);
  }
  db.close();
  server.kill(9);
  hooks.stop();
  mail.close();
  return { held: held.length, restartMs: restartedAt - killedAt, finishedMs: doneAt ? doneAt - restartedAt : NaN };
}

const base = await delays("only healthy", ["healthy"]);
const four = await delays("four endpoints", ["hung", "slow", "error", "healthy"]);
// The same in one process (--role all): what the worker's own process costs in delay.
const oneProcess = await delays("only healthy, one process", ["healthy"], ["--role", "all"]);
console.log(`\n${BOOKINGS} bookings (4 at a time), delays from the booking's answer:`);
console.log("| endpoints | healthy delivery p50 | max | delivered | confirmation p50 | max | sent |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of [base, four, oneProcess])
  console.log(
    `| ${r.name} | ${secs(pct(r.hook, 50))} | ${secs(Math.max(...r.hook))} | ${r.hook.length}/${BOOKINGS} | ${secs(pct(r.confirm, 50))} | ${secs(Math.max(...r.confirm))} | ${r.confirm.length}/${BOOKINGS} |`,
  );
const k = await killedWorker();
console.log(`\nWorker killed with SIGKILL holding ${k.held} tasks: a new worker ${secs(k.restartMs)} later; every held task finished ${secs(k.finishedMs)} after its start.`);
process.exit(0);
