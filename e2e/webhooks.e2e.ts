import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createAccount } from "./fixtures";

/** The agency's own endpoint, on 127.0.0.1 beside the server under test. */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/frank`, close: () => server.close() };
}

test("without JavaScript an owner adds an endpoint, copies the secret once, sends a test event and sees it delivered; a change arrives signed", async ({ browser, baseURL }) => {
  const r = await receiver();
  const owner = await createAccount({ name: "Wanda Webhooks" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password }, headers: { origin: baseURL! } })).ok()).toBe(true);

  await page.goto("/settings");
  await page.locator('[data-section="Webhooks"]').click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByTestId("webhooks-empty")).toBeVisible();
  await page.getByLabel("URL").fill(r.url);
  await page.getByLabel("candidate.updated").check();
  await page.getByLabel("interview.booked").check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = await page.getByTestId("webhook-secret").inputValue();
  expect(secret).toMatch(/^whsec_/);

  // The secret is not shown again.
  await page.goto("/settings/webhooks");
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  await expect.poll(() => r.got.length).toBe(1);
  await page.reload();
  const row = page.locator("[data-delivery]").first();
  await expect(row).toContainText("webhook.test");
  await expect(row).toContainText("delivered");
  await expect(row).toContainText("204");

  // A change of a candidate arrives, signed with that secret.
  await page.request.post("/api/candidates/seed", { headers: { origin: baseURL! } });
  const list = (await (await page.request.get("/api/participants?limit=1")).json()) as { participants: { id: number }[] };
  const id = list.participants[0]!.id;
  expect((await page.request.patch(`/api/participants/${id}`, { data: { city: "Geelong" }, headers: { origin: baseURL! } })).ok()).toBe(true);
  await expect.poll(() => r.got.length).toBe(2);
  const sent = r.got[1]!;
  const h = (k: string) => String(sent.headers[k]);
  const payload = new Webhook(secret).verify(sent.body, { "webhook-id": h("webhook-id"), "webhook-timestamp": h("webhook-timestamp"), "webhook-signature": h("webhook-signature") }) as {
    type: string;
    data: { candidate: { id: number; city: string } };
  };
  expect(payload.type).toBe("candidate.updated");
  expect(payload.data.candidate).toMatchObject({ id, city: "Geelong" });

  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("webhooks-empty")).toBeVisible();
  await context.close();
  r.close();
});
