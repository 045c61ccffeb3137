import { expect, test, type Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { loginAsNewUser } from "./fixtures";

// An agency's own site on another origin — `localhost` while Frank runs on 127.0.0.1, so the frame is
// cross-site (SameSite=Lax cookies are not sent to it) — with an <iframe> of a Frank page.
function agencySite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://localhost").searchParams.get("src") ?? "";
    const safe = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>Agency careers</title></head><body><h1>Careers at the agency</h1><iframe src="${safe}" title="Frank" width="100%" height="900" style="border:0"></iframe></body></html>`,
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "localhost", () => {
      const port = (server.address() as { port: number }).port;
      resolve({ origin: `http://localhost:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const framed = (page: Page) => page.frameLocator('iframe[title="Frank"]');
const frameUrl = (page: Page) =>
  page
    .frames()
    .find((f) => f !== page.mainFrame())
    ?.url() ?? "";

async function campaignWithOrigins(page: Page, origins: string[]) {
  await loginAsNewUser(page, { to: null });
  const job = (await (await page.request.post("/api/jobs", { data: { title: "Embedded Welder" } })).json()).job;
  const campaign = (await (await page.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "Careers page" } })).json()).campaign;
  const put = await page.request.put("/api/candidate-pages/settings/embed", { data: { allowedOrigins: origins } });
  expect(put.status()).toBe(200);
  return campaign as { code: string; campaignUrl: string };
}

test("a campaign's prequalifier in a cross-site frame of an allowed origin: the chat goes on inside the frame; another origin is refused", async ({ page, browser }) => {
  const allowed = await agencySite();
  const other = await agencySite();
  try {
    const campaign = await campaignWithOrigins(page, [allowed.origin]);
    for (const javaScriptEnabled of [true, false]) {
      const visitor = await browser.newPage({ javaScriptEnabled });
      await visitor.goto(`${allowed.origin}/?src=${encodeURIComponent(campaign.campaignUrl)}`);
      const frame = framed(visitor);
      await expect(frame.getByTestId("job-title")).toHaveText("Embedded Welder");
      await expect(frame.getByRole("button", { name: "Send", exact: true })).toBeEnabled({ timeout: 15_000 });
      await frame.getByLabel(/Your answer/).fill("Ada Embedded");
      await frame.getByRole("button", { name: "Send", exact: true }).click();
      // The next question comes inside the frame, for the same visitor (their answer is shown).
      await expect(frame.getByText("What is your e-mail address?")).toBeVisible({ timeout: 15_000 });
      await expect(frame.getByText("Ada Embedded")).toBeVisible();
      await visitor.close();
    }

    // An origin not in the list: the browser refuses to show the page in its frame.
    const stranger = await browser.newPage();
    const refusals: string[] = [];
    stranger.on("console", (m) => m.text().includes("frame-ancestors") && refusals.push(m.text()));
    await stranger.goto(`${other.origin}/?src=${encodeURIComponent(campaign.campaignUrl)}`);
    await expect.poll(() => refusals.length + (frameUrl(stranger).startsWith("chrome-error:") ? 1 : 0), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(framed(stranger).getByTestId("job-title")).toHaveCount(0);
    await stranger.close();
  } finally {
    await allowed.close();
    await other.close();
  }
});

test("a booking page in a frame of an allowed origin: the candidate books a slot inside it", async ({ page, browser, baseURL }) => {
  const allowed = await agencySite();
  try {
    await campaignWithOrigins(page, [allowed.origin]);
    expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
    const { candidates } = await (await page.request.get("/api/candidates")).json();
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(1, 0, 0, 0);
    const timeSlots = [0, 1].map((h) => ({ startTime: new Date(start.getTime() + h * 3_600_000).toISOString(), endTime: new Date(start.getTime() + (h + 1) * 3_600_000).toISOString() }));
    const created = await page.request.post("/api/scheduling-sessions", {
      data: { candidateId: candidates[0].id, title: "Interview", duration: 60, timeSlots, timeZone: "Australia/Melbourne", sendEmail: false },
    });
    expect(created.ok()).toBe(true);
    const { sessionToken } = await created.json();
    const bookingUrl = new URL(`/book/${sessionToken}`, baseURL).toString();

    const candidate = await browser.newPage({ timezoneId: "Australia/Melbourne" });
    await candidate.goto(`${allowed.origin}/?src=${encodeURIComponent(bookingUrl)}`);
    const frame = framed(candidate);
    await frame
      .locator("label", { has: frame.locator('input[name="slotId"]') })
      .first()
      .click();
    await frame.getByRole("button", { name: "Confirm Interview" }).click();
    await expect(frame.getByText("Interview Scheduled!")).toBeVisible({ timeout: 15_000 });
    await candidate.close();
  } finally {
    await allowed.close();
  }
});
