// Settings → Webhooks without JavaScript: add (the secret on the answer only), the delivery
// log, Send test event, Resend and Delete as form posts answered with 303 and a toast.
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startWebhookReceiver } from "../../../test/fakes/webhook-receiver";

// The receivers listen on 127.0.0.1: private addresses are allowed here (public-fetch.test.ts covers refusing them).
const t = makeTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };

describe("/settings/webhooks", () => {
  test("add shows the secret once; test event, resend and delete answer 303 with a toast; the log shows status code and attempts", async () => {
    const u = await t.signUp();
    const post = (path: string, fields: [string, string][] = []) => t.request(path, { method: "POST", cookie: u.cookie, body: new URLSearchParams(fields).toString(), headers: FORM });
    const empty = await t.request("/settings/webhooks", { cookie: u.cookie });
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("No endpoints yet.");
    expect(emptyHtml).toContain('value="interview.completed"');

    const added = await post("/settings/webhooks", [
      ["url", receiver.url("/form")],
      ["events", "candidate.created"],
      ["events", "interview.booked"],
    ]);
    expect(added.status).toBe(200);
    const html = await added.text();
    const secret = /data-testid="webhook-secret" value="(whsec_[^"]+)"|value="(whsec_[^"]+)"[^>]*data-testid="webhook-secret"/.exec(html);
    expect(secret).not.toBeNull();
    expect(added.headers.get("set-cookie") ?? "").not.toContain("whsec_");
    const page = await (await t.request("/settings/webhooks", { cookie: u.cookie })).text();
    expect(page).toContain(receiver.url("/form"));
    expect(page).toContain("candidate.created, interview.booked");
    expect(page).not.toContain("whsec_");

    const { webhooks } = (await (await t.request("/api/webhooks", { cookie: u.cookie })).json()) as { webhooks: { id: number }[] };
    const id = webhooks[0]!.id;
    const sent = await post(`/settings/webhooks/${id}/test`);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/settings/webhooks");
    expect(sent.headers.get("set-cookie")).toContain("frank_flash=");
    await t.deps.jobs.runDue();
    const log = await (await t.request("/settings/webhooks", { cookie: u.cookie })).text();
    expect(log).toContain("webhook.test");
    expect(log).toContain(">delivered<");
    expect(log).toMatch(/<td class="pr-2 sm:pr-3">200<\/td><td class="pr-2 sm:pr-3">1<\/td>/);
    const { deliveries } = (await (await t.request(`/api/webhooks/${id}/deliveries`, { cookie: u.cookie })).json()) as { deliveries: { id: number }[] };
    const resent = await post(`/settings/webhooks/${id}/deliveries/${deliveries[0]!.id}/resend`);
    expect(resent.status).toBe(303);
    await t.deps.jobs.runDue();
    expect(receiver.received.filter((r) => r.path === "/form")).toHaveLength(2);

    const gone = await post(`/settings/webhooks/${id}/delete`);
    expect(gone.status).toBe(303);
    expect(((await (await t.request("/api/webhooks", { cookie: u.cookie })).json()) as { webhooks: unknown[] }).webhooks).toEqual([]);
  });

  test("a bad form is shown again with the messages (400), nothing added", async () => {
    const u = await t.signUp();
    const res = await t.request("/settings/webhooks", { method: "POST", cookie: u.cookie, body: new URLSearchParams([["url", "ftp://x.example"]]).toString(), headers: FORM });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("URL must be an http:// or https:// address");
    expect(html).toContain('value="ftp://x.example"');
    const missing = await t.request("/settings/webhooks", { method: "POST", cookie: u.cookie, body: new URLSearchParams([["url", "https://x.example/h"]]).toString(), headers: FORM });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose at least one event");
    expect(((await (await t.request("/api/webhooks", { cookie: u.cookie })).json()) as { webhooks: unknown[] }).webhooks).toEqual([]);
  });
});
