import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, sessionCookie } from "../../../test/helpers";
import { invitations, mailMessages, sessions, users } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { addMember, invitationToken } from "../../../test/kits/team";
import { INVITATION_TTL_MS } from "./invitations";

const t = makeTestApp();

describe("invitations", () => {
  test("an owner invites; the link goes out by e-mail, stored hashed; a new person accepts and signs in as a recruiter", async () => {
    const owner = await t.signUp();
    const res = await t.request("/api/workspace/invitations", { json: { email: "New.Person@example.com", role: "recruiter" }, cookie: owner.cookie });
    expect(res.status).toBe(201);
    const inv = (await res.json()) as { id: number; email: string; role: string; status: string; expiresAt: string };
    expect(inv).toMatchObject({ email: "new.person@example.com", role: "recruiter", status: "pending" });
    expect(Date.parse(inv.expiresAt) - t.clock.now().getTime()).toBe(INVITATION_TTL_MS);
    const token = invitationToken(t, "new.person@example.com");
    // Only the hash is stored.
    const row = t.deps.db.select().from(invitations).where(eq(invitations.id, inv.id)).get()!;
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await t.request(`/invite/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Create account and join");

    const accept = await t.request(`/api/invitations/${token}/accept`, { json: { name: "New Person", password: "correct-horse-battery" } });
    expect(accept.status).toBe(200);
    expect(await accept.json()).toMatchObject({ success: true, workspaceId: owner.workspaceId, role: "recruiter" });
    const cookie = sessionCookie(accept);
    const members = (await (await t.request("/api/workspace/members", { cookie })).json()) as { members: { email: string; role: string }[] };
    expect(members.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      ["new.person@example.com", "recruiter"],
    ]);
    // The invitation is no longer pending.
    const list = (await (await t.request("/api/workspace/invitations", { cookie: owner.cookie })).json()) as { invitations: unknown[] };
    expect(list.invitations).toHaveLength(0);
  });

  test("a link works once", async () => {
    const owner = await t.signUp();
    await t.request("/api/workspace/invitations", { json: { email: "once@example.com", role: "admin" }, cookie: owner.cookie });
    const token = invitationToken(t, "once@example.com");
    const body = { json: { name: "Once", password: "correct-horse-battery" } };
    expect((await t.request(`/api/invitations/${token}/accept`, body)).status).toBe(200);
    const again = await t.request(`/api/invitations/${token}/accept`, body);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe("This invitation link is invalid, was already used, or has expired.");
    expect((await t.request(`/invite/${token}`)).status).toBe(404);
  });

  test("a link expires after 7 days", async () => {
    const owner = await t.signUp();
    await t.request("/api/workspace/invitations", { json: { email: "late@example.com", role: "recruiter" }, cookie: owner.cookie });
    const token = invitationToken(t, "late@example.com");
    await t.request("/api/workspace/invitations", { json: { email: "in-time@example.com", role: "recruiter" }, cookie: owner.cookie });
    const inTime = invitationToken(t, "in-time@example.com");
    const accept = (tok: string, name: string) => t.request(`/api/invitations/${tok}/accept`, { json: { name, password: "correct-horse-battery" } });
    const stored = (email: string) => t.deps.db.select().from(invitations).where(eq(invitations.email, email)).get()!;
    const userCount = (email: string) => t.deps.db.select().from(users).where(eq(users.email, email)).all().length;
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 3600_000);
    t.clock.advance(INVITATION_TTL_MS - 60_000);
    try {
      // A minute before the 7 days: the link still works.
      expect((await accept(inTime, "In Time")).status).toBe(200);
      expect(stored("in-time@example.com").acceptedAt).not.toBeNull();
      t.clock.advance(61_000);
      const res = await accept(token, "Late");
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("This invitation link is invalid, was already used, or has expired.");
      // Nothing was made of it: no account, the invitation not accepted.
      expect(userCount("late@example.com")).toBe(0);
      expect(stored("late@example.com")).toMatchObject({ acceptedAt: null, revokedAt: null });
      const list = (await (await t.request("/api/workspace/invitations", { cookie: await t.login(owner.email, owner.password) })).json()) as { invitations: { email: string; status: string }[] };
      expect(list.invitations.map((i) => [i.email, i.status])).toEqual([["late@example.com", "expired"]]);
    } finally {
      t.clock.advance(-(INVITATION_TTL_MS + 1000));
    }
  });

  test("a revoked link stops working; resend sends a new link and voids the old one", async () => {
    const owner = await t.signUp();
    const inv = (await (await t.request("/api/workspace/invitations", { json: { email: "rev@example.com", role: "recruiter" }, cookie: owner.cookie })).json()) as { id: number };
    const first = invitationToken(t, "rev@example.com");
    const mails = t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, "rev@example.com")).all().length;
    expect((await t.request(`/api/workspace/invitations/${inv.id}/resend`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    expect(t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, "rev@example.com")).all().length).toBe(mails + 1);
    const second = invitationToken(t, "rev@example.com");
    expect(second).not.toBe(first);
    expect((await t.request(`/invite/${first}`)).status).toBe(404);
    expect((await t.request(`/invite/${second}`)).status).toBe(200);

    const one = await t.request(`/api/workspace/invitations/${inv.id}`, { cookie: owner.cookie });
    expect(await one.json()).toMatchObject({ id: inv.id, email: "rev@example.com", role: "recruiter", status: "pending" });
    const del = await t.request(`/api/workspace/invitations/${inv.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(del.status).toBe(200);
    const res = await t.request(`/api/invitations/${second}/accept`, { json: { name: "Rev", password: "correct-horse-battery" } });
    expect(res.status).toBe(400);
    expect((await t.request(`/api/workspace/invitations/${inv.id}`, { cookie: owner.cookie })).status).toBe(404);
    // Revoking twice: it is gone.
    expect((await t.request(`/api/workspace/invitations/${inv.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
  });

  test("a person with an account signs in and joins with no body; a different signed-in person may not use it", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const stranger = await t.signUp();
    await t.request("/api/workspace/invitations", { json: { email: other.email, role: "admin" }, cookie: owner.cookie });
    const token = invitationToken(t, other.email);
    const anonymous = await t.request(`/api/invitations/${token}/accept`, { json: { name: "X", password: "correct-horse-battery" } });
    expect(anonymous.status).toBe(401);
    expect((await t.request(`/api/invitations/${token}/accept`, { method: "POST", cookie: stranger.cookie })).status).toBe(403);
    const res = await t.request(`/api/invitations/${token}/accept`, { method: "POST", cookie: other.cookie });
    expect(res.status).toBe(200);
    const members = (await (await t.request("/api/workspace/members", { cookie: other.cookie })).json()) as { members: { email: string; role: string }[] };
    expect(members.members.find((m) => m.email === other.email)?.role).toBe("admin");
  });

  test("bad input is a 400 with fields; inviting a member again is a 409", async () => {
    const owner = await t.signUp();
    const bad = await t.request("/api/workspace/invitations", { json: { email: "nope", role: "boss" }, cookie: owner.cookie });
    expect(bad.status).toBe(400);
    const self = await t.request("/api/workspace/invitations", { json: { email: owner.email, role: "admin" }, cookie: owner.cookie });
    expect(self.status).toBe(409);
  });
});

describe("members", () => {
  test("removing a member ends their sessions at once; they cannot sign in again", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    expect((await t.request("/api/workspace/members", { cookie: rec.cookie })).status).toBe(200);
    const res = await t.request(`/api/workspace/members/${rec.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(t.deps.db.select().from(sessions).where(eq(sessions.userId, rec.id)).all()).toHaveLength(0);
    expect((await t.request("/api/workspace/members", { cookie: rec.cookie })).status).toBe(401);
    const login = await t.request("/api/auth/login", { json: { email: rec.email, password: "correct-horse-battery" } });
    expect(login.status).toBe(401);
  });

  test("the last owner cannot leave or be demoted; with a second owner they can", async () => {
    const owner = await t.signUp();
    const admin = await addMember(t, owner.cookie, "admin");
    const demote = await t.request(`/api/workspace/members/${owner.userId}`, { method: "PATCH", json: { role: "admin" }, cookie: owner.cookie });
    expect(demote.status).toBe(409);
    expect((await t.request(`/api/workspace/members/${owner.userId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(409);
    // An admin cannot touch an owner.
    expect((await t.request(`/api/workspace/members/${owner.userId}`, { method: "PATCH", json: { role: "recruiter" }, cookie: admin.cookie })).status).toBe(403);
    expect((await t.request(`/api/workspace/members/${admin.id}`, { method: "PATCH", json: { role: "owner" }, cookie: owner.cookie })).status).toBe(200);
    const leave = await t.request(`/api/workspace/members/${owner.userId}`, { method: "DELETE", cookie: owner.cookie });
    expect(leave.status).toBe(200);
  });
});
