import { expect, request, test, type Page } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";
import { freePort, OwnServer } from "./own-server";

// A dashboard that survives a lost connection and notices a lost session (issue 16, item 4).

const scheduling = (page: Page) => page.locator("section:has(#schedule-title)");

test.describe("a server stopped for 10 s", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = new OwnServer(await freePort());
    await server.start();
  });
  test.afterAll(async () => server?.dispose());

  test("nothing typed is lost, the banner stays until the server is back, and the failed action can be retried", async ({ page }) => {
    const email = `resilience-${Date.now()}@example.com`;
    await server.createAccount(email, "e2e-password-123");
    await page.goto(`${server.url}/login`);
    await hydrated(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("e2e-password-123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await page.request.post(`${server.url}/api/candidates/seed`)).ok()).toBe(true);
    await page.reload();
    await hydrated(page);
    // A reload would lose this.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // A half-built schedule: a candidate, a date, 8 slots.
    const card = scheduling(page);
    await card.locator("#sched-candidate").click();
    await card.locator("#sched-candidate-list [role=option]").first().click();
    await card.locator("[data-testid=date-picker] button:not([disabled])[data-date]").nth(1).click();
    await card.getByRole("button", { name: "Add Time Slots" }).click();
    await expect(card.getByTestId("slot-list")).toContainText("8 time slots");

    await server.stop();
    const stoppedAt = Date.now();
    // The action fails at the network level: banner and a Retry, no navigation.
    await card.getByRole("button", { name: "Create Session" }).click();
    const banner = page.getByTestId("connection-banner");
    await expect(banner).toHaveText("Connection lost, retrying…");
    await expect(page.locator("#toaster").getByText("Connection lost", { exact: true })).toBeVisible();
    await expect(page.locator("#toaster").getByRole("button", { name: "Retry" })).toBeVisible();
    // Typing goes on while the server is away.
    await page.getByLabel("Job title").fill("Backend Engineer");
    await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
    await expect(banner).toBeVisible();

    await server.start();
    await expect(banner).toBeHidden({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(page.url()).toBe(`${server.url}/dashboard`);
    await expect(card.getByTestId("slot-list")).toContainText("8 time slots");
    await expect(page.getByLabel("Job title")).toHaveValue("Backend Engineer");

    // The retry goes through now.
    await card.getByRole("button", { name: "Create Session" }).click();
    await expect(page.getByText("Scheduling session created")).toBeVisible();
    await expect(page.getByTestId("session-item")).toHaveCount(1);
  });
});

test("a session revoked on the server is noticed within 35 s with 'Session expired'", async ({ page, baseURL }) => {
  await loginAsNewUser(page);
  await hydrated(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "frank_session");
  expect(cookie).toBeTruthy();
  // Another client signs this session out: the browser's cookie stays, the server forgets it.
  const other = await request.newContext({ baseURL, extraHTTPHeaders: { cookie: `frank_session=${cookie!.value}` } });
  expect((await other.post("/api/auth/logout")).ok()).toBe(true);
  await other.dispose();
  const revokedAt = Date.now();

  await expect(page.locator("#toaster").getByText("Session expired")).toBeVisible({ timeout: 35_000 });
  expect(Date.now() - revokedAt).toBeLessThan(35_000);
  await expect(page).toHaveURL(/\/login(\?next=.*)?$/, { timeout: 5_000 });
});
