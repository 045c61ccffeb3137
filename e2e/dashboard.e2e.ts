import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";
import { classifyRole } from "../src/features/candidates/classify";

// A fresh account per test, signed in with candidates from POST /api/candidates/seed (the test
// page's seed), on the dashboard.
async function dashboardWithCandidates(page: import("@playwright/test").Page) {
  await loginAsNewUser(page, { to: null });
  const res = await page.request.post("/api/candidates/seed");
  expect(res.ok()).toBe(true);
  await page.goto("/dashboard");
  await hydrated(page);
}

test("create a job, add a campaign, copy its link; delete the job after confirming", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await loginAsNewUser(page);
  await hydrated(page);
  await expect(page.getByText("No jobs created yet")).toBeVisible();
  const create = page.getByRole("button", { name: "Create Job" });
  await expect(create).toBeDisabled();
  await page.getByLabel("Job title").fill("Frontend Developer");
  await page.getByLabel("Job location").fill("Melbourne");
  await create.click();
  await expect(page.getByText("Job Created")).toBeVisible();
  await page.getByRole("button", { name: "Frontend Developer Melbourne" }).click();
  await expect(page.getByTestId("job-filter")).toContainText("Frontend Developer");

  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await page.getByLabel("Campaign name").fill("LinkedIn March");
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText("Campaign Created")).toBeVisible();
  const link = page.locator("code", { hasText: "/prequalifier?c=" });
  await expect(link).toBeVisible();
  const copy = page.getByRole("button", { name: "Copy link of LinkedIn March" });
  await copy.click();
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("/prequalifier?c=");
  await expect(copy).toHaveText("Copy", { timeout: 4000 });

  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Delete Frontend Developer" }).click();
  await expect(page.getByText("Job Deleted")).toBeVisible();
  await expect(page.getByText("No jobs created yet")).toBeVisible();
  await expect(page.getByText("No job selected")).toBeVisible();
});

test("search and filter candidates; open candidate details", async ({ page }) => {
  await dashboardWithCandidates(page);
  const rows = page.getByTestId("candidate-row");
  await expect(rows.first()).toBeVisible();
  const name = (await rows.nth(4).locator("td").nth(2).locator("div").first().textContent())!;
  await page.getByLabel("Search candidates").fill(name.toUpperCase());
  // The search also reads the conversation, so "AVA WILSON" may find a Wilson who is "available":
  // once the answer is in, fewer rows, the one named among them, and every row has the surname.
  const surname = name.trim().split(/\s+/).at(-1)!.toLowerCase();
  await expect(async () => {
    const texts = await rows.allTextContents();
    expect(texts.length).toBeLessThan(10);
    expect(texts.some((t) => t.includes(name))).toBe(true);
    expect(texts.every((t) => t.toLowerCase().includes(surname))).toBe(true);
  }).toPass();

  await page.getByLabel("Search candidates").fill("zzzznotaname");
  await expect(page.getByText("No candidates found")).toBeVisible();
  await page.getByLabel("Search candidates").fill("");
  await expect(rows).toHaveCount(10);
  // The sample data is random: filter by the role bucket of a candidate that is there, so the
  // filter always has rows, and wait for the filtered list itself (not the one before it).
  const bucket = classifyRole(await rows.nth(3).locator("td").nth(3).textContent());
  await page.getByLabel("Role filter").selectOption(bucket);
  const inBucket = (text: string | null) => classifyRole(text) === bucket;
  await expect(async () => {
    const roles = await rows.locator("td:nth-child(4)").allTextContents();
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every(inBucket)).toBe(true);
  }).toPass();
  for (const r of await rows.all()) expect(inBucket(await r.locator("td").nth(3).textContent())).toBe(true);

  await rows.first().locator("a[href^='#candidate-']").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The heading (a candidate without a conversation also shows "No conversation data available").
  await expect(dialog.getByRole("heading", { name: "Conversation" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("create a shortlist, add two candidates, and see them leave the list", async ({ page }) => {
  await dashboardWithCandidates(page);
  const rows = page.getByTestId("candidate-row");
  await expect(rows.first()).toBeVisible();
  await page.getByRole("button", { name: /Add selected/ }).isDisabled();
  await page.getByLabel("New shortlist").fill("Finalists");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Shortlist Created")).toBeVisible();
  await expect(page.getByLabel("Shortlist", { exact: true })).toHaveValue(/\d+/);

  await page.getByRole("button", { name: "Add selected (0)" }).click();
  await expect(page.getByText("No Candidates Selected")).toBeVisible();

  const first = (await rows.nth(0).locator("a[href^='#candidate-']").textContent())!;
  const second = (await rows.nth(1).locator("a[href^='#candidate-']").textContent())!;
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add selected (2)" }).click();
  await expect(page.getByText("Candidates Added", { exact: true })).toBeVisible();
  await expect(page.locator("a[href^='#candidate-']", { hasText: first })).toHaveCount(0);
  await expect(page.locator("a[href^='#candidate-']", { hasText: second })).toHaveCount(0);
});

test("the shortlistId query parameter preselects and is removed", async ({ page }) => {
  await loginAsNewUser(page, { to: null });
  const s = await (await page.request.post("/api/shortlists", { data: { name: "From link" } })).json();
  await page.goto(`/dashboard?shortlistId=${s.id}`);
  await hydrated(page);
  await expect(page.getByLabel("Shortlist", { exact: true })).toHaveValue(String(s.id));
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("?connected=true on the dashboard shows 'Calendar Connected' and leaves the address", async ({ page }) => {
  await loginAsNewUser(page, { to: null });
  for (const path of ["/dashboard", "/dashboard3"]) {
    await page.goto(`${path}?connected=true`);
    await hydrated(page);
    await expect(page.locator("#toaster").getByText("Calendar Connected")).toBeVisible();
    await expect(page.locator("#toaster").getByText("Google Calendar successfully connected. You can now create scheduling sessions.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});
