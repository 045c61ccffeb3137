import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

// Sync monitor, database test and debug pages, dashboard variants 2 and 4 (issue 9).

test("signed out, every monitor and developer page sends the browser to /login", async ({ page }) => {
  for (const path of ["/participants-monitor", "/database-test", "/database-debug", "/dashboard2", "/dashboard4"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login(\?next=.*)?$/);
  }
  // The static explanatory page is for any audience (part2 §2).
  await page.goto("/database-integration");
  await expect(page.getByRole("heading", { name: "AI Database Integration" })).toBeVisible();
});

test("add test candidates, then sync them and watch the monitor change", async ({ page }) => {
  await loginAsNewUser(page, { to: "/database-test" });
  await hydrated(page);
  await expect(page.getByTestId("candidate-total")).toHaveText("Total: 0");
  await expect(page.getByText("No candidates found")).toBeVisible();
  await page.getByRole("button", { name: "Add Test Candidates" }).click();
  await expect(page.getByText("Test candidates added to database")).toBeVisible();
  await expect(page.getByTestId("candidate-total")).not.toHaveText("Total: 0");
  const total = Number((await page.getByTestId("candidate-total").textContent())!.replace("Total: ", ""));
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId("candidate-list").locator("tbody tr")).toHaveCount(total);
  await expect(page.getByRole("link", { name: "Test ChatGPT Integration" })).toHaveAttribute("href", "/dashboardX");

  await page.goto("/participants-monitor");
  await hydrated(page);
  await expect(page.getByTestId("system-status")).toContainText("Active");
  await expect(page.getByTestId("original-table")).toContainText(`${total} records`);
  await expect(page.getByTestId("backup-table")).toContainText("Empty");
  await expect(page.getByTestId("cron-job")).toContainText("Running");
  await expect(page.getByTestId("cron-job")).toContainText("Schedule: Hourly");
  await expect(page.getByTestId("last-sync")).toHaveText("Never");
  await expect(page.getByTestId("original-rows").locator("tbody tr")).toHaveCount(Math.min(10, total));

  await page.getByRole("button", { name: "Manual Sync" }).click();
  await expect(page.getByText(new RegExp(`Synchronized ${total} records in \\d+ms`))).toBeVisible();
  await expect(page.getByTestId("backup-table")).toContainText(`${total} records`);
  await expect(page.getByTestId("last-sync")).not.toHaveText("Never");
  await expect(page.getByTestId("backup-rows").locator("tbody tr")).toHaveCount(Math.min(10, total));
  await expect(page.getByTestId("backup-rows").getByText("synced").first()).toBeVisible();

  // Refresh reloads the three calls without a navigation.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  await expect(page).toHaveURL(/\/participants-monitor$/);

  // The debug page reads the same workspace: names, roles, locations and data sources.
  await page.goto("/database-debug");
  await hydrated(page);
  await page.getByRole("button", { name: "Fetch All Participants" }).click();
  await expect(page.getByTestId("debug-participant")).toHaveCount(total);
  const first = page.getByTestId("debug-participant").first();
  await expect(first).toContainText("Role");
  await expect(first).toContainText("Location");
  await expect(first.getByLabel("Data sources")).toContainText("Prequalifier");
  await page.getByRole("button", { name: "Test Design Query" }).click();
  await expect(page.getByText(/^Design query: \d+ participants?$/)).toBeVisible();
});

test("the debug page shows the HTTP error status", async ({ page }) => {
  await loginAsNewUser(page, { to: "/database-debug" });
  await hydrated(page);
  await page.route("**/api/participants/debug", (route) => route.fulfill({ status: 500, body: "boom" }));
  await page.getByRole("button", { name: "Fetch All Participants" }).click();
  await expect(page.getByTestId("debug-error")).toHaveText("Error: HTTP error! status: 500");
});

test("monitor: a failing sync call shows its toast", async ({ page }) => {
  await loginAsNewUser(page, { to: "/participants-monitor" });
  await hydrated(page);
  await page.route("**/api/participants/sync/trigger", (route) => route.fulfill({ status: 503, body: "down" }));
  await page.getByRole("button", { name: "Manual Sync" }).click();
  await expect(page.getByText("Failed to trigger manual sync")).toBeVisible();
});

test("dashboard variant 2: account menu, debug button, three welcome blocks", async ({ page }) => {
  const a = await loginAsNewUser(page, { name: "Vera Variant", to: "/dashboard2" });
  await expect(page.getByTestId("welcome-block")).toHaveCount(3);
  for (const block of await page.getByTestId("welcome-block").all()) await expect(block).toContainText("Welcome Vera Variant");
  await page.getByLabel("Account menu").click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: /Profile/ })).toContainText(a.email);
  await expect(menu.getByRole("menuitem", { name: "iCal Manager" })).toHaveAttribute("href", "/ical-manager");
  await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await page.getByTestId("debug-button").click();
  await expect(page).toHaveURL(/\/database-debug$/);
});

test("dashboard 4 and the integration page render", async ({ page }) => {
  await loginAsNewUser(page, { to: "/dashboard4" });
  await expect(page.getByRole("heading", { name: "Developer tools" })).toBeVisible();
  await expect(page.getByTestId("workspace-summary")).toContainText("Never");
  await page.getByRole("link", { name: /Database integration/ }).click();
  await expect(page.getByRole("heading", { name: "AI Database Integration" })).toBeVisible();
});

test("the monitor refreshes itself every 30 seconds", async ({ page }) => {
  await loginAsNewUser(page, { to: null });
  await page.clock.install();
  await page.goto("/participants-monitor");
  await hydrated(page);
  await expect(page.getByTestId("original-table")).toContainText("Empty");
  // New candidates arrive behind the page's back (same session, through the API).
  const seeded = await page.request.post("/api/candidates/seed", { headers: { origin: new URL(page.url()).origin } });
  expect(seeded.ok()).toBe(true);
  await page.clock.fastForward(29_000);
  await expect(page.getByTestId("original-table")).toContainText("Empty");
  await page.clock.fastForward(1_500);
  await expect(page.getByTestId("original-table")).toContainText(/\d+ records/);
});
