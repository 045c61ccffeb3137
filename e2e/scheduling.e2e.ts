import { expect, test } from "@playwright/test";
import { type Page } from "@playwright/test";
import { loginAsNewUser } from "./fixtures";

/** Waits for this feature's islands only (other cards' islands are not this test's business). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll("[data-island^='scheduling-']")].every((el) => (el as HTMLElement).dataset.hydrated === "true"));

test("a recruiter creates a session; the candidate books without JavaScript; the recruiter sees it confirmed", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAsNewUser(page, { name: "Rae Recruiter" });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  await page.reload();
  await hydrated(page);

  // Schedule Interview: §5 messages first, then a real session.
  const card = page.locator("section:has(#schedule-title)");
  await card.getByRole("button", { name: "Add Time Slots" }).click();
  await expect(page.getByText("Please select at least one date")).toBeVisible();
  await card.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByText("Please select a candidate and add time slots")).toBeVisible();

  // The candidate choice is a combobox searching every candidate on the server.
  await card.locator("#sched-candidate").click();
  const first = card.locator("#sched-candidate-list [role=option]").first();
  const candidateName = ((await first.textContent()) ?? "").split(" — ")[0]!.replace(/\s*#\d+$/, "").trim();
  await first.click();
  await card.locator("[data-testid=date-picker] button:not([disabled])[aria-label^='20']").nth(1).click();
  await card.getByRole("button", { name: "Add Time Slots" }).click();
  await expect(card.getByTestId("slot-list")).toContainText("8 time slots");
  await card.getByRole("button", { name: /Remove 9:00 AM/ }).click();
  await expect(card.getByTestId("slot-list")).toContainText("7 time slots");
  await card.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByText("Scheduling session created")).toBeVisible();

  const session = page.getByTestId("session-item").filter({ hasText: candidateName });
  await expect(session.locator(".badge-default")).toHaveText("pending");
  const link = await session.locator("a[target=_blank]").getAttribute("href");
  expect(link).toMatch(/\/book\/[A-Za-z0-9_-]{43}$/);

  // The candidate, in a fresh context with JavaScript off.
  const candidateContext = await browser.newContext({ javaScriptEnabled: false });
  const c = await candidateContext.newPage();
  await c.goto(new URL(link!).pathname);
  await expect(c.getByRole("heading", { name: "Interview Details" })).toBeVisible();
  // JavaScript is off: the optional enhancement script does not run, the form still books.
  await expect(c.locator("script:not([src*='/assets/booking-'])")).toHaveCount(0);
  await c.locator("label").filter({ hasText: /^11:00 AM/ }).first().click();
  await c.getByRole("button", { name: "Confirm Interview" }).click();
  await expect(c.getByRole("heading", { name: "Interview Scheduled!" })).toBeVisible();
  await expect(c.getByText("Meeting Scheduled!")).toBeVisible();
  await c.goto(new URL(link!).pathname);
  await expect(c.getByRole("heading", { name: "Session Not Found" })).toBeVisible();
  await candidateContext.close();

  // The recruiter's cards pick it up on their next poll.
  await expect(page.getByText("Slot Booked!").or(page.getByText("Interview Scheduled", { exact: true }))).toBeVisible({ timeout: 20_000 });
  await expect(session.locator(".badge-orange")).toHaveText("scheduled", { timeout: 20_000 });
  const meeting = page.getByTestId("meeting-item").filter({ hasText: candidateName });
  await expect(meeting.getByText("Confirmed")).toBeVisible({ timeout: 20_000 });
  await meeting.getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(/\/interview-details\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole("heading", { name: "Interview", exact: true })).toBeVisible();
  await expect(page.getByTestId("interview-status")).toHaveText("Confirmed");
  await expect(page.getByText("11:00 AM -")).toBeVisible();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await hydrated(page);
  await page.getByRole("link", { name: "← Back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
