import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

// Defects a careful user noticed by trying the product (issue: fifteen defects).

test("after saving the profile, the header shows the new name without a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsNewUser(page, { name: "Old Name" });
  await hydrated(page);
  const menu = page.getByTestId("account-menu");
  await expect(menu.getByTestId("account-name")).toHaveText("Old Name");
  await menu.locator("summary").click();
  await page.locator("[data-open-profile]").click();
  const dialog = page.getByTestId("profile-dialog");
  await dialog.getByRole("button", { name: "Edit Profile" }).click();
  await dialog.getByLabel("Name").fill("Renamed Recruiter");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(menu.getByTestId("account-name")).toHaveText("Renamed Recruiter");
  await expect(menu.locator("[data-account-initial]")).toHaveText("R");
});

test("a failed chat send keeps one bubble, marked as not sent, and Retry sends it once", async ({ page }) => {
  await loginAsNewUser(page, { to: "/chat" });
  await hydrated(page);
  let fail = true;
  await page.route("**/api/chat/openai/stream", (route) =>
    fail ? route.fulfill({ status: 502, contentType: "application/json", body: '{"message":"down","code":"bad_gateway"}' }) : route.continue(),
  );
  const input = page.getByLabel("Message");
  await input.fill("how many candidates do I have?");
  await input.press("Enter");
  const bubbles = page.getByTestId("user-message");
  await expect(bubbles).toHaveCount(1);
  await expect(bubbles).toHaveAttribute("data-failed", "true");
  await expect(page.getByTestId("not-sent")).toContainText("Not sent");
  await expect(input).toHaveValue("");

  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("assistant-message").last()).toContainText("candidate(s) in total");
  await expect(bubbles).toHaveCount(1);
  await expect(bubbles).toHaveText("how many candidates do I have?");
  await expect(bubbles).not.toHaveAttribute("data-failed", "true");
  await expect(page.getByTestId("not-sent")).toHaveCount(0);
});

test("a batch of sessions that partly fails keeps only the failed candidates, and says so", async ({ page }) => {
  await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const all = (await (await page.request.get("/api/candidates")).json()).candidates as { id: number; firstName: string; lastName: string }[];
  const three = all.slice(0, 3).map((c) => c.id);
  const list = await (await page.request.post("/api/shortlists", { data: { name: "Batch" } })).json();
  await page.request.post(`/api/shortlists/${list.id}/candidates`, { data: { candidateIds: three } });
  await page.goto("/dashboard");
  await hydrated(page, "scheduling-");

  // The server refuses the session of one candidate the first time.
  const refused = three[1]!;
  const sent: number[] = [];
  let refuse = true;
  await page.route("**/api/scheduling-sessions", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const id = JSON.parse(route.request().postData() ?? "{}").candidateId as number;
    sent.push(id);
    if (refuse && id === refused) return route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"busy","code":"unavailable"}' });
    return route.continue();
  });

  const card = page.locator("section:has(#schedule-title)");
  await card.locator("#sched-shortlist").selectOption(String(list.id));
  await card.locator("[data-testid=date-picker] button:not([disabled])[data-date]").nth(1).click();
  await card.getByRole("button", { name: "Add Time Slots" }).click();
  await card.getByRole("button", { name: "Create Sessions (3)" }).click();
  await expect(page.getByText("Failed to create some scheduling sessions (1 of 3 failed)")).toBeVisible();
  await expect(card.getByTestId("batch-retry")).toContainText("2 of 3 sessions were created. Only the 1 that failed remain selected");
  await expect(card.getByTestId("slot-list")).toBeVisible();

  refuse = false;
  sent.length = 0;
  await card.getByRole("button", { name: "Create Sessions (1)" }).click();
  await expect(page.getByText("Scheduling session created")).toBeVisible();
  expect(sent).toEqual([refused]);
  await expect(card.getByTestId("batch-retry")).toHaveCount(0);
  const sessions = (await (await page.request.get("/api/scheduling-sessions")).json()) as unknown;
  const rows = (Array.isArray(sessions) ? sessions : ((sessions as { sessions?: { candidateId: number }[] }).sessions ?? [])) as { candidateId: number }[];
  expect(rows.filter((r) => three.includes(r.candidateId)).length).toBe(3);
});

test("on a 390 px phone each candidate is a stacked card: no sideways scrolling, Role, City and Screening progress on screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  await page.goto("/dashboard");
  const rows = page.getByTestId("candidate-row");
  await expect(rows.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const table = page.getByTestId("candidate-table");
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const first = rows.first();
  for (const label of ["Role:", "City:", "Screening progress:"]) await expect(first.getByText(label)).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  for (const cell of await first.locator("td").all()) {
    const b = (await cell.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  // On a wide screen it stays a table with its header.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("columnheader", { name: "Role" })).toBeVisible();
  await expect(first.getByText("Role:")).toBeHidden();
});
