// The webhooks API as every kind of caller: owner and admin manage, a recruiter is refused, API
// keys act for their maker within their scope, another workspace's ids are 404.
import { afterAll, expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios } from "../../../test/kits/api-scenario";
import { startWebhookReceiver } from "../../../test/fakes/webhook-receiver";

// The receivers listen on 127.0.0.1: private addresses are allowed here (public-fetch.test.ts covers refusing them).
const t = makeTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
const body = { url: "https://hooks.example/frank", events: ["candidate.created", "interview.booked"] };
const FORBIDDEN = "You do not have permission to do this.";

apiScenarios(
  "webhooks API",
  t,
  async (w) => {
    const mine = (await (await t.request("/api/webhooks", { headers: w.headers.owner, json: { ...body, url: receiver.url("/scenario") } })).json()) as { id: number };
    w.ids.webhook = mine.id;
    const theirs = (await (await t.request("/api/webhooks", { headers: w.headers.stranger, json: body })).json()) as { id: number };
    w.ids.strangerWebhook = theirs.id;
    const test = (await (await t.request(`/api/webhooks/${theirs.id}/test`, { method: "POST", headers: w.headers.stranger })).json()) as { delivery: { id: number } };
    w.ids.strangerDelivery = test.delivery.id;
  },
  [
    {
      name: "lists without secrets",
      url: "/api/webhooks",
      as: "owner",
      status: 200,
      expect: (j) => expect(j.webhooks.map((x: { url: string; secret?: string }) => [x.url, x.secret])).toEqual([[receiver.url("/scenario"), undefined]]),
    },
    {
      name: "an admin lists",
      url: "/api/webhooks",
      as: "admin",
      status: 200,
      expect: (j) => expect(j.webhooks.map((x: { url: string; secret?: string }) => [x.url, x.secret])).toEqual([[receiver.url("/scenario"), undefined]]),
    },
    { name: "a recruiter may not", url: "/api/webhooks", as: "recruiter", status: 403, code: "forbidden", message: FORBIDDEN },
    { name: "without a session", url: "/api/webhooks", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key lists", url: "/api/webhooks", as: "readKey", status: 200, expect: (j) => expect(j.webhooks).toHaveLength(1) },
    {
      name: "another workspace's key sees its own",
      url: "/api/webhooks",
      as: "strangerKey",
      status: 200,
      expect: (j, w) => expect(j.webhooks.map((x: { id: number }) => x.id)).toEqual([w.ids.strangerWebhook]),
    },
    { name: "creates, the secret once", method: "POST", url: "/api/webhooks", body, as: "admin", status: 201, events: { "webhook.created": 1 }, expect: (j) => expect(j.secret).toMatch(/^whsec_/) },
    { name: "a read key may not create", method: "POST", url: "/api/webhooks", body, as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "a read-write key creates", method: "POST", url: "/api/webhooks", body, as: "writeKey", status: 201, events: { "webhook.created": 1 }, expect: (j) => expect(j.secret).toMatch(/^whsec_/) },
    { name: "a recruiter may not create", method: "POST", url: "/api/webhooks", body, as: "recruiter", status: 403, message: FORBIDDEN },
    { name: "url required", method: "POST", url: "/api/webhooks", body: { events: ["candidate.created"] }, as: "owner", status: 400, code: "validation_failed", message: "URL is required" },
    { name: "http(s) only", method: "POST", url: "/api/webhooks", body: { ...body, url: "javascript:alert(1)" }, as: "owner", status: 400, message: "URL must be an http:// or https:// address" },
    { name: "events required", method: "POST", url: "/api/webhooks", body: { url: body.url, events: [] }, as: "owner", status: 400, message: "Choose at least one event" },
    { name: "known events only", method: "POST", url: "/api/webhooks", body: { url: body.url, events: ["webhook.test"] }, as: "owner", status: 400, code: "validation_failed" },
    { name: "the log", url: (w) => `/api/webhooks/${w.ids.webhook}/deliveries`, as: "owner", status: 200, expect: (j) => expect(j.deliveries).toEqual([]) },
    { name: "another workspace's log", url: (w) => `/api/webhooks/${w.ids.strangerWebhook}/deliveries`, as: "owner", status: 404, code: "not_found" },
    {
      name: "a test event",
      method: "POST",
      url: (w) => `/api/webhooks/${w.ids.webhook}/test`,
      as: "owner",
      status: 202,
      tasks: { "webhooks.deliver": 1 },
      expect: (j) => expect(j.delivery).toMatchObject({ type: "webhook.test", status: "pending", attempts: [] }),
    },
    { name: "a test event to another workspace's endpoint", method: "POST", url: (w) => `/api/webhooks/${w.ids.strangerWebhook}/test`, as: "owner", status: 404, code: "not_found" },
    {
      name: "resend of another workspace's delivery",
      method: "POST",
      url: (w) => `/api/webhooks/${w.ids.strangerWebhook}/deliveries/${w.ids.strangerDelivery}/resend`,
      as: "owner",
      status: 404,
      code: "not_found",
    },
    {
      name: "resend of another endpoint's delivery",
      method: "POST",
      url: (w) => `/api/webhooks/${w.ids.webhook}/deliveries/${w.ids.strangerDelivery}/resend`,
      as: "owner",
      status: 404,
      message: "Delivery not found",
    },
    { name: "a bad id", method: "DELETE", url: "/api/webhooks/abc", as: "owner", status: 400, code: "validation_failed" },
    { name: "another workspace's endpoint", method: "DELETE", url: (w) => `/api/webhooks/${w.ids.strangerWebhook}`, as: "owner", status: 404, code: "not_found" },
    {
      name: "deletes",
      method: "DELETE",
      url: (w) => `/api/webhooks/${w.ids.webhook}`,
      as: "owner",
      status: 200,
      events: { "webhook.deleted": 1 },
      expect: (j) => expect(j).toEqual({ success: true }),
    },
    { name: "deleted is gone", method: "DELETE", url: (w) => `/api/webhooks/${w.ids.webhook}`, as: "owner", status: 404, code: "not_found" },
  ],
);
