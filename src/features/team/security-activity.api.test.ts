// Issue 37, item 6: the activity log records every security-relevant change from the service
// that makes it, in its transaction: sign-ins, API keys, webhooks, embed origins, CSV imports,
// erasure through the page form, the chat webhook's secret. A refused change records nothing.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();

type Row = { member: { id: number } | null; action: string; object: { type: string; id: string | null }; summary: string | null };
const form = (cookie: string, path: string, fields: Record<string, string> = {}) =>
  t.request(path, { cookie, body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });

describe("security-relevant changes in the activity log", () => {
  test("keys, webhooks, embed origins, imports, erasure by form, sign-ins and the chat secret: who and what", async () => {
    const owner = await t.signUp();
    const admin = await addMember(t, owner.cookie, "admin");
    const log = async (q = "") => ((await (await t.request(`/api/workspace/activity${q}`, { cookie: owner.cookie })).json()) as { activity: Row[] }).activity;
    const before = (await log()).length;

    // A sign-in with the password.
    expect((await t.request("/api/auth/login", { json: { email: owner.email, password: owner.password } })).status).toBe(200);

    const key = (await (await t.request("/api/api-keys", { cookie: admin.cookie, json: { name: "CI", scope: "read-write" } })).json()) as { id: number; key: string };
    expect((await t.request(`/api/api-keys/${key.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);

    const hook = (await (await t.request("/api/webhooks", { cookie: admin.cookie, json: { url: "https://hooks.example/frank", events: ["candidate.created"] } })).json()) as { id: number };
    expect((await t.request(`/api/webhooks/${hook.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);

    expect((await t.request("/api/candidate-pages/settings/embed", { method: "PUT", cookie: admin.cookie, json: { allowedOrigins: ["https://agency.example"] } })).status).toBe(200);

    const imported = await t.request("/api/participants/import", {
      method: "POST",
      cookie: admin.cookie,
      body: "name,emailAddress\nIda Import,ida@example.com\nIan Import,ian@example.com\n",
      headers: { "content-type": "text/csv" },
    });
    expect(imported.status).toBe(200);

    const cand = upsertParticipantFromVisitor(t.deps, owner.workspaceId, { uniqueId: "sec-erase", name: "Eve Erase", emailAddress: "eve@example.com" });
    expect((await form(admin.cookie, `/candidates/${cand.id}/delete`)).status).toBe(303);

    expect((await form(admin.cookie, "/chat/webhook/rotate")).status).toBe(303);

    // The sign-in address of an account changes (with the current password).
    const moved = await t.request("/api/auth/profile", {
      method: "PUT",
      cookie: admin.cookie,
      json: { name: "A admin", email: `moved-${admin.id}@example.com`, currentPassword: "correct-horse-battery" },
    });
    expect(moved.status).toBe(200);

    const rows = (await log()).slice(0, -before || undefined);
    const by = (action: string) => rows.filter((r) => r.action === action);
    expect(by("member.signed_in")).toHaveLength(1);
    expect(by("member.signed_in")[0]).toMatchObject({ member: { id: owner.userId }, object: { type: "member", id: String(owner.userId) } });
    expect(by("api_key.created")[0]).toMatchObject({ member: { id: admin.id }, object: { type: "api_key", id: String(key.id) } });
    expect(by("api_key.created")[0]!.summary).toContain("CI (read-write");
    expect(by("api_key.created")[0]!.summary).not.toContain(key.key);
    expect(by("api_key.revoked")[0]).toMatchObject({ member: { id: admin.id }, object: { type: "api_key", id: String(key.id) } });
    expect(by("webhook.created")[0]).toMatchObject({ member: { id: admin.id }, object: { type: "webhook", id: String(hook.id) }, summary: "https://hooks.example/frank (candidate.created)" });
    expect(by("webhook.deleted")[0]).toMatchObject({ member: { id: admin.id }, object: { type: "webhook", id: String(hook.id) } });
    expect(by("embed_origins.changed")[0]).toMatchObject({ member: { id: admin.id }, summary: "https://agency.example" });
    expect(by("candidates.imported")[0]).toMatchObject({ member: { id: admin.id }, summary: "2 created, 0 updated" });
    // One line for the import, not one per record (those are the records' timelines).
    expect(rows.filter((r) => r.action.startsWith("candidate.") && r.object.type === "candidate" && r.member?.id === admin.id && r.action !== "candidate.deleted")).toHaveLength(0);
    expect(by("candidate.deleted")[0]).toMatchObject({ member: { id: admin.id }, object: { type: "candidate", id: String(cand.id) } });
    expect(by("chat_webhook.secret_rotated")[0]).toMatchObject({ member: { id: admin.id } });
    expect(by("member.email_changed")[0]).toMatchObject({ member: { id: admin.id }, object: { type: "member", id: String(admin.id) }, summary: null });
    // The log never holds the erased person's name or e-mail.
    expect(JSON.stringify(rows)).not.toContain("eve@example.com");
  });

  test("a refused or failed change records nothing", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const count = async () => ((await (await t.request("/api/workspace/activity?limit=200", { cookie: owner.cookie })).json()) as { activity: Row[] }).activity.length;
    const n = await count();
    expect((await t.request("/api/api-keys", { cookie: rec.cookie, json: { name: "Mine", scope: "read" } })).status).toBe(403);
    expect((await t.request("/api/webhooks", { cookie: rec.cookie, json: { url: "https://hooks.example/x", events: ["candidate.created"] } })).status).toBe(403);
    expect((await t.request("/api/api-keys/999999", { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
    expect((await t.request("/api/auth/login", { json: { email: owner.email, password: "wrong-password-here" } })).status).toBe(401);
    expect((await form(rec.cookie, "/chat/webhook/rotate")).status).toBe(403);
    expect(await count()).toBe(n);
  });
});
