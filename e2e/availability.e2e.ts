import { expect, test } from "@playwright/test";
import { createAccount, hydrated, login } from "./fixtures";

// Issue 36: a recruiter in Melbourne sets their hours without JavaScript, offers their free
// times from the Schedule Interview card, and a candidate in New York books one on the hours
// shown in New York's time.

test("set availability without JavaScript, offer free times, book as a candidate in another zone", async ({ browser }) => {
  const account = await createAccount({ name: "Mel Recruiter" });

  // 1. Settings → Availability with JavaScript off.
  const plain = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Australia/Melbourne" });
  const p = await plain.newPage();
  await login(p, account.email, account.password, "/settings/availability");
  await expect(p.getByRole("heading", { name: "Availability" })).toBeVisible();
  await expect(p.getByLabel("Monday")).toHaveValue("09:00-17:00");
  await p.getByLabel("Time zone").selectOption("Australia/Melbourne");
  // Every day 10:00–12:00, so the test does not depend on today's weekday.
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await p.getByLabel(day, { exact: true }).fill("10:00-12:00");
  await p.getByLabel("Buffer after (minutes)").fill("15");
  await p.getByLabel("Minimum notice (minutes)").fill("60");
  // A wrong line is refused with its message, and what was typed stays.
  await p.getByLabel("Dates that differ").fill("Christmas");
  await p.getByRole("button", { name: "Save availability" }).click();
  await expect(p.getByRole("alert")).toContainText("Write each date on its own line");
  await expect(p.getByLabel("Sunday", { exact: true })).toHaveValue("10:00-12:00");
  await p.getByLabel("Dates that differ").fill("");
  await p.getByRole("button", { name: "Save availability" }).click();
  await expect(p.getByText("Availability saved")).toBeVisible();
  await expect(p.getByLabel("Wednesday", { exact: true })).toHaveValue("10:00-12:00");
  await plain.close();

  // 2. The Schedule Interview card offers the free times of the next days.
  const staff = await browser.newContext({ timezoneId: "Australia/Melbourne" });
  const page = await staff.newPage();
  await login(page, account.email, account.password, null);
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  // The first page sends the browser's zone (issue 41); the card then offers dates in it.
  await page.goto("/dashboard");
  await expect.poll(async () => (await (await page.request.get("/api/auth/me")).json()).user.timeZone).toBe("Australia/Melbourne");
  await page.reload();
  await hydrated(page, "scheduling-");
  const card = page.locator("section:has(#schedule-title)");
  await card.locator("#sched-candidate").click();
  await card.locator("#sched-candidate-list [role=option]").first().click();
  await card.getByLabel("My free times").check();
  const days = await page.evaluate(() => {
    const d = (n: number) => new Date(Date.now() + n * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Australia/Melbourne" });
    return [d(1), d(3)];
  });
  await card.getByLabel("From", { exact: true }).fill(days[0]!);
  await card.getByLabel("To", { exact: true }).fill(days[1]!);
  await card.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByText("Scheduling session created")).toBeVisible();
  const session = page.getByTestId("session-item").first();
  // Three days of 10:00–12:00 with 60-minute interviews: 10:00 … 11:00 by quarter hours, 5 a day.
  await expect(session).toContainText("15 free times");
  const link = await session.locator("a[target=_blank]").getAttribute("href");

  // 3. The candidate, in New York, without JavaScript: the times are New York's.
  const candidateContext = await browser.newContext({ javaScriptEnabled: false, timezoneId: "America/New_York" });
  const c = await candidateContext.newPage();
  await c.goto(new URL(link!).pathname);
  await c.getByLabel("Show times in").selectOption("America/New_York");
  await c.getByRole("button", { name: "Show" }).click();
  await expect(c.getByText("Times in America/New_York")).toBeVisible();
  // 10:00 in Melbourne is 18:00 or 19:00 the day before in New York, depending on the season.
  const first = c
    .locator("label")
    .filter({ hasText: /^(6|7):00 PM/ })
    .first();
  await expect(first).toBeVisible();
  await first.click();
  await c.getByRole("button", { name: "Confirm Interview" }).click();
  await expect(c.getByRole("heading", { name: "Interview Scheduled!" })).toBeVisible();
  await candidateContext.close();

  // 4. The recruiter sees it booked.
  await expect(session.locator(".badge-orange")).toHaveText("Booked", { timeout: 20_000 });
  await staff.close();
});
