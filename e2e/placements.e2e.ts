import { expect, test, type Page } from "@playwright/test";
import { loginAsNewUser } from "./fixtures";

// Issue 58: a card moved to Placed goes on to its placement's form; the placement's fee is
// computed and shown; /reports draws its chart and table and downloads the CSV. Without
// JavaScript each is a plain form; with it, the same pages work as they are.

async function setup(page: Page) {
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await api("POST", "/api/candidates/seed");
  const people = (await api("GET", "/api/participants?limit=2")).participants as { id: number; name: string }[];
  const client = (await api("POST", "/api/clients", { name: "Acme" })).client;
  const job = (await api("POST", "/api/jobs", { title: "Line cook", clientId: client.id })).job;
  const apps: { id: number; name: string }[] = [];
  for (const p of people) apps.push({ ...(await api("POST", `/api/jobs/${job.id}/applications`, { candidateId: p.id })).application, name: p.name });
  return { api, job, apps };
}

async function recordPlacement(page: Page) {
  const s = await setup(page);
  const app = s.apps[0]!;
  await page.goto(`/jobs/${s.job.id}`);
  const card = page.locator(`[data-card="${app.id}"]`);
  await card.locator("summary", { hasText: "Move" }).click();
  await card.getByLabel(`Stage for ${app.name}`).selectOption({ label: "Placed" });
  await card.getByRole("button", { name: "Move" }).click();
  await expect(page).toHaveURL(new RegExp(`/placements/new\\?application=${app.id}$`));
  const form = page.getByTestId("placement-form");
  await form.getByLabel("Start date").fill("2031-04-01");
  await form.getByLabel("Salary amount").fill("60000");
  await form.getByLabel("Percentage").fill("20");
  await form.getByRole("button", { name: "Record placement" }).click();
  await expect(page).toHaveURL(/\/placements\/\d+$/);
  await expect(page.getByTestId("placement-fee")).toContainText("€12,000.00");
  await page.getByRole("button", { name: "Mark invoiced" }).click();
  await expect(page.getByText("Invoiced", { exact: true }).first()).toBeVisible();
  return s;
}

async function reports(page: Page) {
  await page.goto("/reports?report=funnel&from=2020-01-01");
  await expect(page.getByTestId("report-chart")).toBeVisible();
  await expect(page.getByTestId("report-table")).toContainText("Placed");
  await page.getByRole("link", { name: "Revenue" }).click();
  await expect(page).toHaveURL(/report=revenue/);
  await page.getByLabel("From").fill("2031-01-01");
  await page.getByLabel("To").fill("2031-12-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2031-01-01&to=2031-12-31/);
  await expect(page.getByTestId("report-table")).toContainText("2031-04");
  const csv = await page.request.get(
    await page
      .getByRole("link", { name: "Download CSV" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(await csv.text()).toContain("2031-04,EUR,0,12000,0,12000,1");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a card moved to Placed, the placement's form, Mark invoiced, and the reports", async ({ page }) => {
    await loginAsNewUser(page, { to: null });
    await recordPlacement(page);
    await reports(page);
  });
});

test("with JavaScript the same forms and reports work, and fit a phone and a desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsNewUser(page, { to: null });
  await recordPlacement(page);
  await reports(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/reports?report=revenue&from=2031-01-01&to=2031-12-31", "/placements"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ width, path, overflow }).toEqual({ width, path, overflow: 0 });
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/placements-${path.split("?")[0]!.slice(1)}-${width}.png`, fullPage: true });
    }
  }
});
