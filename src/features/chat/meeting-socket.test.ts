import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { chatWebhookSecrets } from "../../db/schema";
import { listShortlists } from "../shortlists/service";
import { seedPeople } from "../../../test/kits/chat-people";
import { webhookSecret } from "./meeting-socket";
import { holdWriteLock } from "../../../test/hold-write-lock";

const t = makeTestApp();
const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
afterAll(() => server.stop());
const wsUrl = () => `ws://127.0.0.1:${server.server!.port}/ws/chat-monitor`;

/** A real client socket that collects what it receives. */
function connect(cookie?: string) {
  const got: any[] = [];
  const ws = new WebSocket(wsUrl(), cookie ? ({ headers: { cookie } } as any) : undefined);
  const waiters: ((m: any) => void)[] = [];
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data));
    got.push(m);
    waiters.shift()?.(m);
  };
  const closed = new Promise<number>((r) => (ws.onclose = (e) => r(e.code)));
  const next = () =>
    new Promise<any>((resolve, reject) => {
      waiters.push(resolve);
      setTimeout(() => reject(new Error("no message")), 3000);
    });
  return { ws, got, next, closed };
}

const webhook = (secret: string | null, json: unknown) => t.request("/api/webhook/chat", { json, headers: secret ? { "x-webhook-secret": secret } : {} });

describe("WebSocket /ws/chat-monitor", () => {
  test("refuses a socket without a session", async () => {
    const c = connect();
    const code = await c.closed;
    expect(code).not.toBe(1000);
    expect(c.got).toEqual([]);
  });

  test("a meeting request naming a candidate gets a shortlist_popup; small talk gets nothing", async () => {
    const u = await t.signUp();
    const c = connect(u.cookie);
    expect((await c.next()).type).toBe("connected");
    c.ws.send(JSON.stringify({ text: "Let's meet Sarah Chen for the Product Owner role", userId: u.userId, timestamp: Date.now() }));
    expect(await c.next()).toEqual({ type: "shortlist_popup", candidateName: "Sarah Chen", position: "Product Owner" });
    c.ws.send(JSON.stringify({ text: "How is the weather in Sydney?", userId: u.userId, timestamp: Date.now() }));
    c.ws.send(JSON.stringify({ text: "Schedule an interview with Tom Baker", userId: u.userId, timestamp: Date.now() }));
    expect(await c.next()).toEqual({ type: "shortlist_popup", candidateName: "Tom Baker", position: "Position not specified" });
    c.ws.close();
  });

  test("while another process holds the write lock, a meeting request waits for it and still gets its popup, recorded once", async () => {
    const u = await t.signUp();
    const c = connect(u.cookie);
    expect((await c.next()).type).toBe("connected");
    const lock = await holdWriteLock(t.deps.config.DATABASE_PATH, 600);
    c.ws.send(JSON.stringify({ text: "Let's meet Lena Lock for the Designer role", userId: u.userId, timestamp: Date.now() }));
    const answer = await c.next();
    await lock.released;
    // Before, the insert failed at once with SQLITE_BUSY and the socket answered "Something went wrong".
    expect(answer).toEqual({ type: "shortlist_popup", candidateName: "Lena Lock", position: "Designer" });
    const events = t.deps.db.$client.query("SELECT count(*) AS n FROM chat_events WHERE candidate_name = 'Lena Lock'").get() as { n: number };
    expect(events.n).toBe(1);
    c.ws.close();
  });

  test("a message over 64 KB closes the socket (issue 15 item 10; Bun's default allows 16 MB)", async () => {
    const u = await t.signUp();
    const c = connect(u.cookie);
    expect((await c.next()).type).toBe("connected");
    c.ws.send(JSON.stringify({ text: "x".repeat(100 * 1024), userId: u.userId }));
    expect(await c.closed).toBe(1009);
  });
});

describe("POST /api/webhook/chat", () => {
  test("needs the workspace's secret, which is stored sealed and shown to the recruiter", async () => {
    const u = await t.signUp();
    expect((await webhook(null, { text: "Let's meet Sarah Chen", userId: u.userId })).status).toBe(401);
    expect((await webhook("whsec_wrong", { text: "Let's meet Sarah Chen" })).status).toBe(401);

    const page = await (await t.request("/chat/webhook", { cookie: u.cookie })).text();
    const secret = page.match(/whsec_[\w-]+/)![0];
    expect(secret).toBe(webhookSecret(t.deps, u.workspaceId));
    const row = t.deps.db
      .select()
      .from(chatWebhookSecrets)
      .all()
      .find((r) => r.workspaceId === u.workspaceId)!;
    expect(row.secretSealed).not.toContain(secret);
    expect(row.secretHash).not.toContain(secret);

    const quiet = await webhook(secret, { text: "Good morning everyone, how are you?" });
    expect(await quiet.json()).toEqual({ message: "No meeting request detected", candidate: null });
    expect((await webhook(secret, { userId: 1 })).status).toBe(400);

    // The popup reaches the signed-in user's socket.
    const c = connect(u.cookie);
    await c.next();
    const res = await webhook(secret, { text: "Please schedule a call with Maria Lopez for the Designer role", userId: u.userId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("Meeting request detected");
    expect(body.candidate).toEqual({ name: "Maria Lopez", position: "Designer" });
    expect(await c.next()).toEqual({ type: "shortlist_popup", candidateName: "Maria Lopez", position: "Designer" });
    c.ws.close();

    // Regenerating stops the old secret.
    const rotated = await t.request("/chat/webhook/rotate", { method: "POST", cookie: u.cookie });
    expect(rotated.status).toBe(303);
    expect((await webhook(secret, { text: "Let's meet Sarah Chen" })).status).toBe(401);
    expect((await webhook(webhookSecret(t.deps, u.workspaceId), { text: "Let's meet Sarah Chen" })).status).toBe(200);
  });

  test("one workspace's secret never reaches another workspace's sockets", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const cb = connect(b.cookie);
    await cb.next();
    const res = await webhook(webhookSecret(t.deps, a.workspaceId), { text: "Let's meet Sarah Chen soon", userId: b.userId });
    expect((await res.json()).delivered).toBe(0);
    await Bun.sleep(100);
    expect(cb.got.length).toBe(1);
    cb.ws.close();
  });
});

describe("POST /api/chat-events", () => {
  test("records an event and acts on it: popup, shortlist, interview", async () => {
    const u = await t.signUp();
    const rows = seedPeople(t.deps, u.workspaceId);
    const sarah = rows.find((p) => p.name === "Sarah Chen")!;
    const post = (json: unknown) => t.request("/api/chat-events", { json, cookie: u.cookie });

    const c = connect(u.cookie);
    await c.next();
    const detected = await post({ type: "meeting_detected", userId: u.userId, candidateName: "Sarah Chen", position: "UX Designer", message: "meet Sarah Chen" });
    expect(await detected.json()).toEqual({ success: true, candidate: { id: sarah.id, name: "Sarah Chen", position: "UX Designer" } });
    expect(await c.next()).toEqual({ type: "shortlist_popup", candidateName: "Sarah Chen", position: "UX Designer" });
    c.ws.close();

    const added = await (await post({ type: "add_to_shortlist", candidateId: sarah.id, position: "UX Designer" })).json();
    expect(added.shortlist.name).toBe("UX Designer shortlist");
    expect(listShortlists(t.deps, u.workspaceId)[0]!.candidateIds).toEqual([sarah.id]);

    const booked = await (await post({ type: "schedule_interview", candidateName: "Jordan Miles", position: "Developer" })).json();
    expect(booked.bookingUrl).toMatch(/^http:\/\/localhost\/book\//);
    expect(booked.candidate.name).toBe("Jordan Miles");

    expect((await post({ type: "add_to_shortlist", position: "Developer" })).status).toBe(400);
    expect((await post({ type: "nonsense" })).status).toBe(400);
    expect((await t.request("/api/chat-events", { json: { type: "meeting_detected", candidateName: "X Y" } })).status).toBe(401);
  });

  test("another workspace's candidate id is a 404", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const theirs = seedPeople(t.deps, b.workspaceId)[0]!;
    const res = await t.request("/api/chat-events", { json: { type: "add_to_shortlist", candidateId: theirs.id }, cookie: a.cookie });
    expect(res.status).toBe(404);
  });
});
