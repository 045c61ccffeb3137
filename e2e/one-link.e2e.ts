import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

// One link, one host (issue 41 item 12): the dashboard opened on another host than APP_URL's
// (here localhost against 127.0.0.1) copies exactly the link it shows.
const PORT = Number(process.env.E2E_PORT ?? 3300);
test.use({ baseURL: `http://localhost:${PORT}` });

test("Active Sessions and Campaign Links copy the link they show", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: `http://localhost:${PORT}` });
  await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const candidateId = (await (await page.request.get("/api/candidates")).json()).candidates[0].id;
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  const timeSlots = [{ startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() }];
  expect((await page.request.post("/api/scheduling-sessions", { data: { candidateId, duration: 60, timeSlots, timeZone: "UTC", sendEmail: false } })).status()).toBe(201);
  const { job } = await (await page.request.post("/api/jobs", { data: { title: "Link Tester", location: "Remote" } })).json();
  expect((await page.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "Spring" } })).ok()).toBe(true);

  await page.goto("/dashboard");
  await hydrated(page);
  const session = page.getByTestId("session-item").first();
  const shown = await session.locator("a[target=_blank]").getAttribute("href");
  expect(shown).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/book/`));
  await session.getByRole("button", { name: "Copy" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  await page.getByRole("button", { name: "Link Tester Remote" }).click();
  const code = page.locator("code", { hasText: "/prequalifier?c=" });
  const campaignShown = (await code.textContent())!;
  await page.getByRole("button", { name: "Copy link of Spring" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(campaignShown);
});
