// `frank serve` with WEB_PROCESSES=2: two web processes share the port (the kernel hands each new
// connection to one of them) and the database. What one process does, the other honours: a
// booking race has one winner, the sign-in limit counts every attempt, a sign-out ends the session
// in both, and a meeting request posted to one reaches a socket held by the other.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { SECRET, seedSessions, startServer } from "./kits/booking-crash";
import { freePort } from "./kits/free-port";
import { frankCommand } from "./kits/frank-command";

await frankCommand();

const dir = mkdtempSync(join(tmpdir(), "frank-webs-"));
const dbPath = join(dir, "webs.db");
const LOGIN_LIMIT = 8;
let base = "";
let server: ReturnType<typeof Bun.spawn> | null = null;
let token = "";
let slotId = "";

beforeAll(async () => {
  [[token, slotId]] = (await seedSessions(dbPath, 1)) as [[string, string]];
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(dbPath, port, { WEB_PROCESSES: "2", LOGIN_LIMIT_PER_IP: String(LOGIN_LIMIT), APP_SECRET: SECRET });
}, 120_000);

afterAll(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** A request on a connection of its own, so either process may take it. */
function fresh(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(base + path, { ...init, keepalive: false, headers: { connection: "close", origin: base, ...(init.headers as Record<string, string>) } });
}

/** Sign-in attempts made so far: each counts against the address's limit. */
let attempts = 0;

async function signIn(): Promise<string> {
  attempts++;
  const r = await fresh("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "rita@example.com", password: "correct-horse-battery" }) });
  expect(r.status).toBe(200);
  return r.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** A /ws/chat-monitor socket, with the web process that holds it and the messages it received. */
async function monitorSocket(cookie: string): Promise<{ web: number; got: { type: string; candidateName?: string }[]; ws: WebSocket }> {
  const ws = new WebSocket(`${base.replace("http", "ws")}/ws/chat-monitor`, { headers: { cookie, origin: base } } as unknown as string[]);
  const got: { type: string; candidateName?: string; web?: number }[] = [];
  ws.onmessage = (e) => got.push(JSON.parse(String(e.data)));
  for (let i = 0; i < 100 && !got.length; i++) await Bun.sleep(20);
  expect(got[0]?.type).toBe("connected");
  return { web: got[0]!.web!, got, ws };
}

test("both processes answer on the one port", async () => {
  // The second starts once the first has applied the migrations and holds the port.
  const seen = new Set<string>();
  for (let i = 0; i < 300 && seen.size < 2; i++) {
    seen.add((await fresh("/healthz")).headers.get("x-frank-web") ?? "?");
    if (seen.size < 2) await Bun.sleep(50);
  }
  expect([...seen].sort()).toEqual(["1", "2"]);
}, 120_000);

test("a booking race across the two processes has one winner", async () => {
  const statuses = await Promise.all(
    Array.from({ length: 16 }, () => fresh(`/api/book/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId }) }).then((r) => r.status)),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(15);
});

test("a meeting request posted to one process reaches the recruiter's sockets held by both", async () => {
  const cookie = await signIn();
  const sockets: Awaited<ReturnType<typeof monitorSocket>>[] = [];
  for (let i = 0; i < 30 && new Set(sockets.map((s) => s.web)).size < 2; i++) sockets.push(await monitorSocket(cookie));
  expect(new Set(sockets.map((s) => s.web)).size).toBe(2);
  for (const name of ["Maya Lopez", "Ivan Petrov", "Noor Haddad"]) {
    const r = await fresh("/api/chat-events", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ type: "meeting_detected", candidateName: name, position: "Designer" }),
    });
    expect(r.status).toBe(200);
  }
  const popups = (s: (typeof sockets)[number]) => s.got.filter((m) => m.type === "shortlist_popup").map((m) => m.candidateName);
  for (let i = 0; i < 750 && sockets.some((s) => popups(s).length < 3); i++) await Bun.sleep(20);
  // Each socket hears each request once, whichever process answered the post (a relayed one may
  // arrive after a later one its own process answered).
  for (const s of sockets) expect(popups(s).sort()).toEqual(["Ivan Petrov", "Maya Lopez", "Noor Haddad"]);
  for (const s of sockets) s.ws.close();
});

test("a sign-out in one process ends the session in both", async () => {
  const cookie = await signIn();
  for (let i = 0; i < 6; i++) expect((await fresh("/api/meetings", { headers: { cookie } })).status).toBe(200);
  expect((await fresh("/api/auth/logout", { method: "POST", headers: { cookie } })).status).toBeLessThan(400);
  for (let i = 0; i < 10; i++) expect((await fresh("/api/meetings", { headers: { cookie } })).status).toBe(401);
});

// Last: it uses up the address's sign-in attempts.
test("the sign-in limit of an address counts the attempts both processes answered", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_LIMIT * 2; i++) {
    const r = await fresh("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `nobody${i}@example.com`, password: "wrong-password-1" }),
    });
    statuses.push(r.status);
  }
  const allowed = LOGIN_LIMIT - attempts;
  expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(401));
  expect(statuses.slice(allowed)).toEqual(Array(LOGIN_LIMIT * 2 - allowed).fill(429));
});
