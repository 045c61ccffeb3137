// Delivery against a receiver on 127.0.0.1: the Standard Webhooks signature (checked with the
// reference library), retries with the work queue's backoff (time moved with the test clock),
// the order per endpoint, one webhook-id per delivery, 410 Gone and giving up.
import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { makeTestApp } from "../../../test/helpers";
import { startWebhookReceiver, type Received } from "../../../test/fakes/webhook-receiver";
import { tasks, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { toDeliveryView } from "./service";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { GIVE_UP_AFTER_MS } from "../../lib/delivery-policy";

// The receivers listen on 127.0.0.1: private addresses are allowed here (public-fetch.test.ts covers refusing them).
const t = makeTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
let n = 0;

async function endpoint(events: string[] = ["candidate.created"]) {
  const u = await t.signUp();
  const path = `/ws-${u.workspaceId}`;
  const res = await t.request("/api/webhooks", { cookie: u.cookie, json: { url: receiver.url(path), events } });
  const { id, secret } = (await res.json()) as { id: number; secret: string };
  return { u, id, secret, received: () => receiver.received.filter((r) => r.path === path) };
}

const newCandidate = (workspaceId: number, name = "Wendy Webhook") =>
  upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `wh-${++n}`, name, emailAddress: `wendy${n}@example.com`, roleApplied: "Designer" });
/** The endpoint's deliveries as the log shows them (tries counted), oldest first. */
const rows = (endpointId: number) =>
  t.deps.db
    .select({ delivery: webhookDeliveries, task: tasks })
    .from(webhookDeliveries)
    .leftJoin(tasks, eq(tasks.id, webhookDeliveries.taskId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id)
    .all()
    .map((r) => {
      const v = toDeliveryView(r);
      return {
        ...v,
        payload: r.delivery.payload,
        log: v.attempts,
        attempts: v.attempts.length,
        nextAttemptAt: v.nextAttemptAt ? new Date(v.nextAttemptAt) : null,
        deliveredAt: v.deliveredAt ? new Date(v.deliveredAt) : null,
      };
    });
const headersOf = (r: Received) => ({ "webhook-id": r.headers["webhook-id"]!, "webhook-timestamp": r.headers["webhook-timestamp"]!, "webhook-signature": r.headers["webhook-signature"]! });
/** Moves the test clock (which the work queue reads) and runs what fell due. */
async function later(ms: number) {
  t.clock.advance(ms);
  await t.deps.jobs.runDue();
}

describe("webhook delivery", () => {
  test("the POST is signed per Standard Webhooks: the reference Webhook.verify accepts it, a wrong secret or a changed body does not", async () => {
    const e = await endpoint();
    const c = newCandidate(e.u.workspaceId);
    await t.deps.jobs.runDue();
    const [r] = e.received();
    expect(r).toBeDefined();
    expect(r!.headers["content-type"]).toBe("application/json");
    expect(r!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The try's wall-clock time (the receiver compares it with its own clock), whatever the test clock says.
    expect(Math.abs(Number(r!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    const payload = new Webhook(e.secret).verify(r!.body, headersOf(r!)) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: "candidate.created", version: 1, workspaceId: e.u.workspaceId, data: { candidate: { id: c.id, name: "Wendy Webhook" } } });
    expect(new Date(String(payload.timestamp)).toISOString()).toBe(payload.timestamp as string);
    expect(() => new Webhook(`whsec_${Buffer.from("another-secret-another-secret-12").toString("base64")}`).verify(r!.body, headersOf(r!))).toThrow();
    expect(() => new Webhook(e.secret).verify(r!.body.replace("Wendy", "Wanda"), headersOf(r!))).toThrow();
    // The body sent is the one stored, byte for byte.
    expect(rows(e.id)[0]!.payload).toBe(r!.body);
  });

  test("the signature verifies at the receiver's time even when the test clock is years away", async () => {
    const saved = t.clock.now();
    t.clock.set(new Date("2031-06-01T00:00:00Z"));
    const e = await endpoint();
    newCandidate(e.u.workspaceId);
    await t.deps.jobs.runDue();
    const [r] = e.received();
    expect(() => new Webhook(e.secret).verify(r!.body, headersOf(r!))).not.toThrow();
    expect(JSON.parse(r!.body).timestamp).toBe("2031-06-01T00:00:00.000Z"); // the event's own time is the app's
    t.clock.set(saved);
  });

  test("a receiver that fails twice: retried with backoff, the same webhook-id and body each time, each try on the row, delivered on the third", async () => {
    const e = await endpoint();
    receiver.answer([500, 503]);
    newCandidate(e.u.workspaceId);
    await t.deps.jobs.runDue();
    let [d] = rows(e.id);
    expect(d).toMatchObject({ status: "retrying", attempts: 1, statusCode: 500, lastError: "HTTP 500 Internal Server Error" });
    const first = d!.nextAttemptAt!.getTime() - t.clock.now().getTime();
    expect(first).toBeGreaterThanOrEqual(15_000);
    expect(first).toBeLessThanOrEqual(30_000);
    // Not before it is due.
    await later(10_000);
    expect(e.received()).toHaveLength(1);
    await later(25_000);
    [d] = rows(e.id);
    expect(d).toMatchObject({ status: "retrying", attempts: 2, statusCode: 503 });
    await later(65_000);
    [d] = rows(e.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 3, statusCode: 200, lastError: null, nextAttemptAt: null });
    expect(d!.deliveredAt).toBeInstanceOf(Date);
    // Every try is kept (issue 41 item 6), oldest first, as GET /api/webhooks/{id}/deliveries shows it.
    const log = (await (await t.request(`/api/webhooks/${e.id}/deliveries`, { cookie: e.u.cookie })).json()) as {
      deliveries: { attempts: { at: string; statusCode: number | null; error: string | null; durationMs: number }[] }[];
    };
    const tries = log.deliveries[0]!.attempts;
    expect(tries.map((a) => [a.statusCode, a.error])).toEqual([
      [500, "HTTP 500 Internal Server Error"],
      [503, "HTTP 503 Service Unavailable"],
      [200, null],
    ]);
    expect(tries.every((a) => typeof a.durationMs === "number" && a.durationMs >= 0 && !Number.isNaN(Date.parse(a.at)))).toBe(true);
    expect(Date.parse(tries[2]!.at)).toBeGreaterThan(Date.parse(tries[0]!.at));
    const got = e.received();
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers["webhook-id"]))).toEqual(new Set([d!.webhookId]));
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    // Each try is signed again, and verifies with the reference library (the test clock moved minutes; the wall clock did not).
    for (const r of got) expect(() => new Webhook(e.secret).verify(r.body, headersOf(r))).not.toThrow();
    // Delivered once: nothing more goes out, however often the worker runs.
    await later(3_600_000);
    expect(e.received()).toHaveLength(3);
  });

  test("order per endpoint: a later event waits while an earlier one is retried; each event is delivered once", async () => {
    const e = await endpoint(["candidate.created", "candidate.updated"]);
    receiver.answer([500]);
    const a = newCandidate(e.u.workspaceId, "First Person");
    const b = newCandidate(e.u.workspaceId, "Second Person");
    const c = newCandidate(e.u.workspaceId, "Third Person");
    await t.deps.jobs.runDue();
    // Only the first was tried; the others wait behind it.
    expect(e.received().map((r) => JSON.parse(r.body).data.candidate.id)).toEqual([a.id]);
    expect(rows(e.id).map((d) => d.status)).toEqual(["retrying", "pending", "pending"]);
    await later(31_000);
    const ids = e.received().map((r) => JSON.parse(r.body).data.candidate.id);
    expect(ids).toEqual([a.id, a.id, b.id, c.id]);
    expect(rows(e.id).map((d) => [d.status, d.attempts])).toEqual([
      ["delivered", 2],
      ["delivered", 1],
      ["delivered", 1],
    ]);
    const webhookIds = e.received().map((r) => r.headers["webhook-id"]);
    expect(new Set(webhookIds).size).toBe(3);
    expect(webhookIds.slice(1)).toEqual(rows(e.id).map((d) => d.webhookId));
    await later(3_600_000);
    expect(e.received()).toHaveLength(4);
  });

  test("thirty events behind a failing first one arrive in the order they happened, each once", async () => {
    const e = await endpoint();
    receiver.answer([500]);
    const ids = Array.from({ length: 30 }, (_, i) => newCandidate(e.u.workspaceId, `Person ${i}`).id);
    await t.deps.jobs.runDue();
    expect(e.received()).toHaveLength(1);
    await later(31_000);
    const got = e.received().map((r) => JSON.parse(r.body).data.candidate.id as number);
    expect(got).toEqual([ids[0]!, ...ids]);
    expect(
      new Set(
        e
          .received()
          .slice(1)
          .map((r) => r.headers["webhook-id"]),
      ).size,
    ).toBe(30);
    expect(rows(e.id).every((d) => d.status === "delivered")).toBe(true);
  });

  test("with no endpoint listening an event costs one query, on the workspace index", () => {
    const plan = t.deps.db.$client.query("EXPLAIN QUERY PLAN SELECT id, events FROM webhook_endpoints WHERE workspace_id = ? AND disabled_at IS NULL").all(1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("webhook_endpoints_workspace_idx");
  });

  test("another endpoint is not held up by a failing one", async () => {
    const slow = await endpoint();
    receiver.answer([500]);
    newCandidate(slow.u.workspaceId);
    await t.deps.jobs.runDue();
    const other = await endpoint();
    newCandidate(other.u.workspaceId);
    await t.deps.jobs.runDue();
    expect(other.received()).toHaveLength(1);
    expect(rows(slow.id)[0]!.status).toBe("retrying");
    await later(31_000);
  });

  test("410 Gone disables the endpoint: the delivery fails at once, and later events write nothing for it", async () => {
    const e = await endpoint();
    receiver.answer([410]);
    newCandidate(e.u.workspaceId);
    await t.deps.jobs.runDue();
    expect(rows(e.id)[0]).toMatchObject({ status: "failed", attempts: 1, statusCode: 410 });
    expect(t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, e.id)).get()!.disabledAt).toBeInstanceOf(Date);
    const list = (await (await t.request("/api/webhooks", { cookie: e.u.cookie })).json()) as { webhooks: { status: string; disabledAt: string | null }[] };
    expect(list.webhooks[0]!.status).toBe("disabled");
    newCandidate(e.u.workspaceId);
    expect(rows(e.id)).toHaveLength(1);
    expect((await t.request(`/api/webhooks/${e.id}/test`, { method: "POST", cookie: e.u.cookie })).status).toBe(409);
    await later(3_600_000);
    expect(e.received()).toHaveLength(1);
  });

  test("gives up after the policy's limit (48 hours); resend tries again with the same webhook-id", async () => {
    const e = await endpoint();
    receiver.answer(Array(100).fill(500));
    newCandidate(e.u.workspaceId);
    await t.deps.jobs.runDue();
    for (let waited = 0; waited <= GIVE_UP_AFTER_MS; waited += 3_600_000) await later(3_600_000);
    const [d] = rows(e.id);
    expect(d!.status).toBe("failed");
    const tries = e.received().length;
    expect(tries).toBeGreaterThan(40);
    expect(d!.attempts).toBe(tries);
    await later(3_600_000);
    expect(e.received()).toHaveLength(tries);
    receiver.answer([]);
    const cookie = await t.login(e.u.email, e.u.password); // two days later: a new session
    const res = await t.request(`/api/webhooks/${e.id}/deliveries/${d!.id}/resend`, { method: "POST", cookie });
    expect(res.status).toBe(202);
    await t.deps.jobs.runDue();
    expect(rows(e.id)[0]).toMatchObject({ status: "delivered", statusCode: 200, webhookId: d!.webhookId });
    expect(e.received().at(-1)!.headers["webhook-id"]).toBe(d!.webhookId);
  });

  test("serial key: a delivery that fails for good releases its endpoint; the next one is delivered, the failed one shows failed with Resend", async () => {
    const e = await endpoint();
    receiver.answer(Array(200).fill(500));
    const first = newCandidate(e.u.workspaceId, "Failing First");
    await t.deps.jobs.runDue();
    const idOf = (r: Received) => JSON.parse(r.body).data.candidate.id as number;
    let second: { id: number } | null = null;
    // 48 hours of 500s for the first; the second, recorded near the end, waits behind it untried.
    for (let waited = 0; waited <= GIVE_UP_AFTER_MS + 3_600_000; waited += 3_600_000) {
      if (!second && waited >= GIVE_UP_AFTER_MS - 2 * 3_600_000) second = newCandidate(e.u.workspaceId, "Waiting Second");
      if (rows(e.id)[0]!.status === "failed") break;
      expect(new Set(e.received().map(idOf))).toEqual(new Set([first.id]));
      await later(3_600_000);
    }
    expect(rows(e.id)[0]!.status).toBe("failed");
    // Its key is released: the second is tried (the receiver is still down), then delivered once it is back.
    receiver.answer([]);
    await later(3_600_000);
    const [a, b] = rows(e.id);
    expect(a!.status).toBe("failed");
    expect(b).toMatchObject({ status: "delivered", statusCode: 200 });
    expect(e.received().map(idOf).at(-1)).toBe(second!.id);
    expect(b!.log.at(-1)!.statusCode).toBe(200);
    // The failed one is in the log as failed, and Resend sends it (after the endpoint's others).
    const res = await t.request(`/api/webhooks/${e.id}/deliveries/${a!.id}/resend`, { method: "POST", cookie: await t.login(e.u.email, e.u.password) });
    expect(res.status).toBe(202);
    await t.deps.jobs.runDue();
    expect(rows(e.id)[0]!.status).toBe("delivered");
    expect(e.received().map(idOf).at(-1)).toBe(first.id);
  });

  test("an address that does not answer: the error is on the row and the delivery is retried", async () => {
    const u = await t.signUp();
    const dead = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const url = `http://127.0.0.1:${dead.port}/gone`;
    dead.stop(true);
    const { id } = (await (await t.request("/api/webhooks", { cookie: u.cookie, json: { url, events: ["candidate.created"] } })).json()) as { id: number };
    newCandidate(u.workspaceId);
    await t.deps.jobs.runDue();
    const [d] = rows(id);
    expect(d).toMatchObject({ status: "retrying", attempts: 1, statusCode: null });
    expect(d!.lastError).toStartWith("Could not connect");
  });
});
