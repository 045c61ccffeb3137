// /api/webhooks: create (secret once), list, delete, deliveries, test event and resend; the
// workspace scope (404), the role check (403) and the validation messages (400).
import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { startWebhookReceiver } from "../../../test/fakes/webhook-receiver";
import { webhookEndpoints } from "../../db/schema";
import { addMember } from "../../../test/kits/team";
import { FORBIDDEN_MESSAGE } from "../auth/permissions";
import { EVENT_TYPES } from "./model";

// The receivers listen on 127.0.0.1: private addresses are allowed here (public-fetch.test.ts covers refusing them).
const t = makeTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());

const create = (cookie: string, json: unknown) => t.request("/api/webhooks", { cookie, json });

describe("/api/webhooks", () => {
  test("POST answers 201 {id, secret} with a whsec_ secret once; GET lists without it; the secret is sealed at rest", async () => {
    const u = await t.signUp();
    const res = await create(u.cookie, { url: receiver.url(), events: ["candidate.created", "interview.booked", "candidate.created"] });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; secret: string };
    expect(Object.keys(body).sort()).toEqual(["id", "secret"]);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(body.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const list = (await (await t.request("/api/webhooks", { cookie: u.cookie })).json()) as { webhooks: Record<string, unknown>[] };
    expect(list.webhooks).toHaveLength(1);
    expect(list.webhooks[0]).toMatchObject({ id: body.id, url: receiver.url(), events: ["candidate.created", "interview.booked"], disabledAt: null, status: "active" });
    expect(JSON.stringify(list)).not.toContain(body.secret);
    expect(JSON.stringify(list)).not.toContain("whsec_");
    const row = t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, body.id)).get()!;
    expect(row.secretSealed).not.toContain(body.secret.slice(6));
    expect(t.deps.secrets.open(row.secretSealed)).toBe(body.secret);
  });

  test("validation: clear 400s for a bad URL, no events, an unknown event", async () => {
    const u = await t.signUp();
    const cases: [unknown, string, string][] = [
      [{ url: "ftp://example.com/x", events: ["candidate.created"] }, "url", "URL must be an http:// or https:// address"],
      [{ url: "not a url", events: ["candidate.created"] }, "url", "URL must be an http:// or https:// address"],
      [{ events: ["candidate.created"] }, "url", "URL is required"],
      [{ url: "https://example.com/x", events: [] }, "events", "Choose at least one event"],
      [{ url: "https://example.com/x" }, "events", "Events must be a list of event types"],
      [{ url: "https://example.com/x", events: ["candidate.deleted"] }, "events.0", `Unknown event: candidate.deleted. Events are: ${EVENT_TYPES.join(", ")}`],
    ];
    for (const [json, field, message] of cases) {
      const res = await create(u.cookie, json);
      const body = (await res.json()) as { message: string; code: string; fields: Record<string, string> };
      expect({ json, status: res.status, code: body.code, field: body.fields?.[field] }).toEqual({ json, status: 400, code: "validation_failed", field: message });
      expect(body.message).toBe(message);
    }
    expect((await t.request("/api/webhooks/abc/deliveries", { cookie: u.cookie })).status).toBe(400);
  });

  test("another workspace's ids answer 404 on every route", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const { id } = (await (await create(a.cookie, { url: receiver.url(), events: ["candidate.created"] })).json()) as { id: number };
    const test1 = (await (await t.request(`/api/webhooks/${id}/test`, { method: "POST", cookie: a.cookie })).json()) as { delivery: { id: number } };
    const calls: [string, string][] = [
      ["GET", `/api/webhooks/${id}/deliveries`],
      ["POST", `/api/webhooks/${id}/test`],
      ["POST", `/api/webhooks/${id}/deliveries/${test1.delivery.id}/resend`],
      ["DELETE", `/api/webhooks/${id}`],
    ];
    for (const [method, path] of calls) {
      const res = await t.request(path, { method, cookie: b.cookie });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect(((await (await t.request("/api/webhooks", { cookie: b.cookie })).json()) as { webhooks: unknown[] }).webhooks).toEqual([]);
    // Still there for its own workspace.
    expect((await t.request(`/api/webhooks/${id}/deliveries`, { cookie: a.cookie })).status).toBe(200);
    await t.deps.jobs.idle();
  });

  test("a recruiter gets 403 on every route, an admin may manage, no session is 401", async () => {
    const owner = await t.signUp();
    const { id } = (await (await create(owner.cookie, { url: receiver.url(), events: ["candidate.created"] })).json()) as { id: number };
    const recruiter = await addMember(t, owner.cookie, "recruiter");
    const admin = await addMember(t, owner.cookie, "admin");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/webhooks"],
      ["POST", "/api/webhooks", { url: receiver.url(), events: ["candidate.created"] }],
      ["GET", `/api/webhooks/${id}/deliveries`],
      ["POST", `/api/webhooks/${id}/test`],
      ["DELETE", `/api/webhooks/${id}`],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.request(path, { method, cookie: recruiter.cookie, ...(json ? { json } : {}) });
      expect({ path, method, status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({ path, method, status: 403, message: FORBIDDEN_MESSAGE });
      expect((await t.request(path, { method, ...(json ? { json } : {}) })).status).toBe(401);
    }
    expect((await t.request("/settings/webhooks", { cookie: recruiter.cookie })).status).toBe(403);
    expect((await t.request("/api/webhooks", { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/webhooks/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect(((await (await t.request("/api/webhooks", { cookie: owner.cookie })).json()) as { webhooks: unknown[] }).webhooks).toEqual([]);
    expect((await t.request(`/api/webhooks/${id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
  });

  test("test event: 202 {delivery}; the log lists it newest first with its status code; resend keeps the webhook-id", async () => {
    const u = await t.signUp();
    const { id } = (await (await create(u.cookie, { url: receiver.url(`/log-${u.workspaceId}`), events: ["shortlist.updated"] })).json()) as { id: number };
    const res = await t.request(`/api/webhooks/${id}/test`, { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(202);
    const { delivery } = (await res.json()) as { delivery: { id: number; webhookId: string; type: string; status: string } };
    expect(delivery).toMatchObject({ type: "webhook.test", status: "pending" });
    expect(delivery.webhookId).toMatch(/^msg_[A-Za-z0-9_-]{20,}$/);
    await t.deps.jobs.runDue();
    await t.request("/api/shortlists", { cookie: u.cookie, json: { name: "Later" } });
    await t.deps.jobs.runDue();
    const log = (await (await t.request(`/api/webhooks/${id}/deliveries`, { cookie: u.cookie })).json()) as { deliveries: Record<string, unknown>[] };
    expect(log.deliveries.map((d) => d.type)).toEqual(["shortlist.updated", "webhook.test"]);
    expect(log.deliveries[1]).toMatchObject({
      id: delivery.id,
      webhookId: delivery.webhookId,
      status: "delivered",
      attempts: [{ at: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) }],
      statusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(typeof log.deliveries[1]!.deliveredAt).toBe("string");
    expect(Object.keys(log.deliveries[0]!).sort()).toEqual(["attempts", "createdAt", "deliveredAt", "id", "lastError", "nextAttemptAt", "statusCode", "status", "type", "webhookId"].sort());

    const again = await t.request(`/api/webhooks/${id}/deliveries/${delivery.id}/resend`, { method: "POST", cookie: u.cookie });
    expect(again.status).toBe(202);
    await t.deps.jobs.runDue();
    const mine = receiver.received.filter((r) => r.path === `/log-${u.workspaceId}`);
    expect(mine.map((r) => r.headers["webhook-id"])).toEqual([delivery.webhookId, log.deliveries[0]!.webhookId as string, delivery.webhookId]);
    expect(mine[2]!.body).toBe(mine[0]!.body);
    expect((await t.request(`/api/webhooks/${id}/deliveries/999999/resend`, { method: "POST", cookie: u.cookie })).status).toBe(404);
  });
});
