// Leaving ends everything (issue 37): a removed member's API keys are revoked for good (joining
// again brings none back), their iCal feed answers 404, their open chat-monitor socket closes at
// once and writes nothing more, and no reset e-mail can be sent to them.
import { afterAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addMember, invitationToken } from "../../../test/kits/team";
import { apiKeys, chatEvents, mailMessages, passwordResets } from "../../db/schema";

const t = makeTestApp();
const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
afterAll(() => server.stop());

const remove = (ownerCookie: string, id: number) => t.request(`/api/workspace/members/${id}`, { method: "DELETE", cookie: ownerCookie });

describe("a member who leaves", () => {
  test("a removed admin invited back as a recruiter: the old read-write key stays revoked (401), the row says so", async () => {
    const owner = await t.signUp();
    const admin = await addMember(t, owner.cookie, "admin");
    const made = (await (await t.request("/api/api-keys", { cookie: admin.cookie, json: { name: "Mine", scope: "read-write" } })).json()) as { id: number; key: string };
    const bearer = { authorization: `Bearer ${made.key}` };
    expect((await t.request("/api/jobs", { headers: bearer })).status).toBe(200);
    expect((await remove(owner.cookie, admin.id)).status).toBe(200);
    expect(t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)).get()!.revokedAt).toBeInstanceOf(Date);
    // Invited back with a lesser role, accepting as the same account.
    expect((await t.request("/api/workspace/invitations", { json: { email: admin.email, role: "recruiter" }, cookie: owner.cookie })).status).toBe(201);
    const back = await t.request(`/api/invitations/${invitationToken(t, admin.email)}/accept`, { json: { name: "Back again", password: "correct-horse-battery" } });
    expect(back.status).toBe(200);
    const res = await t.request("/api/jobs", { headers: { ...bearer, "content-type": "application/json" }, method: "POST", body: JSON.stringify({ title: "Made with an old key" }) });
    expect(res.status).toBe(401);
    expect((await t.request("/api/jobs", { headers: bearer })).status).toBe(401);
    expect(t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)).get()!.revokedAt).toBeInstanceOf(Date);
  });

  test("the removed member's iCal feed answers 404 (and stays off when they join again)", async () => {
    const owner = await t.signUp();
    const member = await addMember(t, owner.cookie, "recruiter");
    const { url } = (await (await t.request("/api/calendar/feed/regenerate", { method: "POST", cookie: member.cookie })).json()) as { url: string };
    const path = new URL(url).pathname;
    expect((await t.request(path)).status).toBe(200);
    expect((await remove(owner.cookie, member.id)).status).toBe(200);
    expect((await t.request(path)).status).toBe(404);
    await t.request("/api/workspace/invitations", { json: { email: member.email, role: "recruiter" }, cookie: owner.cookie });
    await t.request(`/api/invitations/${invitationToken(t, member.email)}/accept`, { json: { name: "Back", password: "correct-horse-battery" } });
    expect((await t.request(path)).status).toBe(404);
  });

  test("the removed member's open /ws/chat-monitor socket is closed at once and writes no chat_events", async () => {
    const owner = await t.signUp();
    const member = await addMember(t, owner.cookie, "recruiter");
    const ws = new WebSocket(`ws://127.0.0.1:${server.server!.port}/ws/chat-monitor`, { headers: { cookie: member.cookie } } as unknown as string[]);
    const got: string[] = [];
    ws.onmessage = (e) => got.push(String(e.data));
    const closed = new Promise<number>((r) => (ws.onclose = (e) => r(e.code)));
    await new Promise<void>((r, j) => ((ws.onopen = () => r()), setTimeout(() => j(new Error("no open")), 3000)));
    await Bun.sleep(50);
    expect(got.some((m) => m.includes("connected"))).toBe(true);
    expect((await remove(owner.cookie, member.id)).status).toBe(200);
    const code = await Promise.race([closed, Bun.sleep(1000).then(() => -1)]);
    expect(code).toBe(4403);
    const before = t.deps.db.select().from(chatEvents).where(eq(chatEvents.workspaceId, owner.workspaceId)).all().length;
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ text: "Let's meet Sarah Chen for the Product Owner role", userId: member.id, timestamp: Date.now() }));
    await Bun.sleep(100);
    expect(t.deps.db.select().from(chatEvents).where(eq(chatEvents.workspaceId, owner.workspaceId)).all().length).toBe(before);
  });

  test("no reset e-mail for a removed member; a link sent before the removal no longer works", async () => {
    const owner = await t.signUp();
    const member = await addMember(t, owner.cookie, "recruiter");
    const forgot = () => t.request("/api/auth/forgot-password", { json: { email: member.email } });
    expect((await forgot()).status).toBe(200);
    const mails = () =>
      t.deps.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.to, member.email), eq(mailMessages.subject, "Reset your Frank password")))
        .all();
    expect(mails()).toHaveLength(1);
    const token = mails()[0]!.text.match(/token=([A-Za-z0-9_%-]+)/)![1]!;
    expect((await remove(owner.cookie, member.id)).status).toBe(200);
    const again = await forgot();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: "If an account exists for this email, a reset link has been sent." });
    expect(mails()).toHaveLength(1);
    expect(
      t.deps.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, member.id))
        .all()
        .every((r) => r.usedAt),
    ).toBe(true);
    const reset = await t.request("/api/auth/reset-password", { json: { token: decodeURIComponent(token), password: "another-horse-battery" } });
    expect(reset.status).toBe(400);
  });
});

describe("a member demoted to recruiter", () => {
  test("loses the keys they made as an admin (recruiters may not hold keys)", async () => {
    const owner = await t.signUp();
    const admin = await addMember(t, owner.cookie, "admin");
    const made = (await (await t.request("/api/api-keys", { cookie: admin.cookie, json: { name: "Mine", scope: "read-write" } })).json()) as { id: number; key: string };
    expect((await t.request("/api/jobs", { headers: { authorization: `Bearer ${made.key}` } })).status).toBe(200);
    expect((await t.request(`/api/workspace/members/${admin.id}`, { method: "PATCH", cookie: owner.cookie, json: { role: "recruiter" } })).status).toBe(200);
    expect((await t.request("/api/jobs", { headers: { authorization: `Bearer ${made.key}` } })).status).toBe(401);
    expect(t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)).get()!.revokedAt).toBeInstanceOf(Date);
  });
});
