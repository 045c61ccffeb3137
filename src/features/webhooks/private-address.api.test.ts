// Outgoing requests reach the public internet only (issue 37, SSRF): saving a URL whose host is
// a private address is refused, and a delivery to one (saved before, or a name that resolves
// there later) never connects: a receiver on 127.0.0.1 proves no request arrived, and the
// delivery log says "Blocked: private address" and nothing about the network.
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startWebhookReceiver } from "../../../test/fakes/webhook-receiver";
import { webhookEndpoints } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { newSecret } from "./service";

const t = makeTestApp();
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
const port = new URL(receiver.url()).port;

const PRIVATE_URLS = [
  `http://127.0.0.1:${port}/a`,
  `http://localhost:${port}/a`,
  `http://app.localhost:${port}/a`,
  `http://0.0.0.0:${port}/a`,
  `http://2130706433:${port}/a`,
  `http://127.1:${port}/a`,
  `http://0x7f.1:${port}/a`,
  `http://0177.0.0.1:${port}/a`,
  `http://[::1]:${port}/a`,
  `http://[::]:${port}/a`,
  `http://[::ffff:127.0.0.1]:${port}/a`,
  `http://[::ffff:7f00:1]:${port}/a`,
  "http://169.254.169.254/latest/meta-data/",
  "http://10.1.2.3/",
  "http://172.16.0.1/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://[fc00::1]/",
  "http://[fd12:3456::1]/",
  "http://[fe80::1]/",
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "https://[2002:7f00:1::]/",
];

describe("webhook URLs must be public", () => {
  test("saving a private, loopback, link-local, CGNAT, multicast or numeric-form address answers 400 with the message", async () => {
    const u = await t.signUp();
    for (const url of PRIVATE_URLS) {
      const res = await t.request("/api/webhooks", { cookie: u.cookie, json: { url, events: ["candidate.created"] } });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(((await res.json()) as { message: string }).message).toBe("Webhook URLs must point to a public address");
    }
    const list = (await (await t.request("/api/webhooks", { cookie: u.cookie })).json()) as { webhooks: unknown[] };
    expect(list.webhooks).toHaveLength(0);
  });

  test("the settings form refuses one with the same message", async () => {
    const u = await t.signUp();
    const res = await t.request("/settings/webhooks", {
      cookie: u.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ url: `http://127.1:${port}/form`, events: "candidate.created" }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Webhook URLs must point to a public address");
  });

  test("a delivery to a private address never connects; the log says Blocked: private address, no network detail", async () => {
    const u = await t.signUp();
    // Saved before the check existed (or a name that resolved elsewhere when it was saved).
    const targets = [`http://127.0.0.1:${port}/inside`, `http://2130706433:${port}/inside`, `http://localhost:${port}/inside`, "http://10.255.255.1:9/inside"];
    const ids = targets.map(
      (url) =>
        t.deps.db
          .insert(webhookEndpoints)
          .values({ workspaceId: u.workspaceId, url, events: JSON.stringify(["candidate.created"]), secretSealed: t.deps.secrets.seal(newSecret()), createdAt: t.clock.now() })
          .returning()
          .get().id,
    );
    upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "ssrf-1", name: "Sam Private", emailAddress: "sam@example.com", roleApplied: "Designer" });
    await t.deps.jobs.runDue();
    expect(receiver.received.filter((r) => r.path === "/inside")).toHaveLength(0);
    for (const id of ids) {
      const log = (await (await t.request(`/api/webhooks/${id}/deliveries`, { cookie: u.cookie })).json()) as { deliveries: { lastError: string | null; statusCode: number | null }[] };
      expect(log.deliveries).toHaveLength(1);
      expect(log.deliveries[0]).toMatchObject({ lastError: "Blocked: private address", statusCode: null });
    }
  });
});
