import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

test("a recruiter creates a session; the candidate books without JavaScript; the recruiter sees it confirmed", async ({ page, browser }) => {
  await loginAsNewUser(page, { name: "Rae Recruiter", to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  await page.goto("/dashboard");
  await hydrated(page, "scheduling-");

  // Schedule Interview: §5 messages first, then a real session.
  const card = page.locator("section:has(#schedule-title)");
  await card.getByRole("button", { name: "Add Time Slots" }).click();
  await expect(page.getByText("Please select at least one date")).toBeVisible();
  await card.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByText("Please select a candidate and add time slots")).toBeVisible();

  // The candidate choice is a combobox searching every candidate on the server.
  await card.locator("#sched-candidate").click();
  const first = card.locator("#sched-candidate-list [role=option]").first();
  const candidateName = ((await first.textContent()) ?? "")
    .split(" — ")[0]!
    .replace(/\s*#\d+$/, "")
    .trim();
  await first.click();
  await card.locator("[data-testid=date-picker] button:not([disabled])[data-date]").nth(1).click();
  await card.getByRole("button", { name: "Add Time Slots" }).click();
  await expect(card.getByTestId("slot-list")).toContainText("8 time slots");
  await card.getByRole("button", { name: /Remove 9:00 AM/ }).click();
  await expect(card.getByTestId("slot-list")).toContainText("7 time slots");
  await card.getByRole("button", { name: "Create Session" }).click();
  await expect(page.getByText("Scheduling session created")).toBeVisible();

  const session = page.getByTestId("session-item").filter({ hasText: candidateName });
  await expect(session.locator(".badge-default")).toHaveText("Pending");
  const link = await session.locator("a[target=_blank]").getAttribute("href");
  expect(link).toMatch(/\/book\/[A-Za-z0-9_-]{43}$/);

  // The candidate, in a fresh context with JavaScript off.
  const candidateContext = await browser.newContext({ javaScriptEnabled: false });
  const c = await candidateContext.newPage();
  await c.goto(new URL(link!).pathname);
  await expect(c.getByRole("heading", { name: "Interview Details" })).toBeVisible();
  // JavaScript is off: the optional enhancement script does not run, the form still books.
  await expect(c.locator("script:not([src*='/assets/booking-'])")).toHaveCount(0);
  await c
    .locator("label")
    .filter({ hasText: /^11:00 AM/ })
    .first()
    .click();
  await c.getByRole("button", { name: "Confirm Interview" }).click();
  await expect(c.getByRole("heading", { name: "Interview Scheduled!" })).toBeVisible();
  await expect(c.getByText("Meeting Scheduled!")).toBeVisible();
  // Reopening the link after booking shows the interview and its manage page, not "invalid".
  await c.goto(new URL(link!).pathname);
  await expect(c.getByRole("heading", { name: "Your Interview" })).toBeVisible();
  await candidateContext.close();

  // The recruiter's cards pick it up on their next poll.
  await expect(page.getByText("Slot Booked!").or(page.getByText("Interview Scheduled", { exact: true }))).toBeVisible({ timeout: 20_000 });
  await expect(session.locator(".badge-orange")).toHaveText("Booked", { timeout: 20_000 });
  await expect(session.getByRole("link", { name: "View interview" })).toBeVisible();
  await expect(session.getByRole("button", { name: "Copy" })).toHaveCount(0);
  const meeting = page.getByTestId("meeting-item").filter({ hasText: candidateName });
  await expect(meeting.getByText("Confirmed")).toBeVisible({ timeout: 20_000 });
  await meeting.getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(/\/interview-details\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole("heading", { name: "Interview", exact: true })).toBeVisible();
  await expect(page.getByTestId("interview-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("interview-time")).toContainText("11:00 AM–");
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await hydrated(page, "scheduling-");
  await page.getByRole("link", { name: "← Back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the recruiter offers new times; the candidate picks one without JavaScript; the recruiter sees the new time", async ({ page, browser }) => {
  await loginAsNewUser(page, { name: "Remy Recruiter", to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const candidates = (await (await page.request.get("/api/candidates")).json()).candidates;
  const zone = "Europe/London";
  const day = (offset: number, hour: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + offset);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  const slot = (offset: number, hour: number) => ({ startTime: day(offset, hour), endTime: day(offset, hour + 1) });
  const created = await page.request.post("/api/scheduling-sessions", {
    data: { candidateId: candidates[0].id, title: "Interview", duration: 60, timeSlots: [slot(3, 10), slot(3, 11)], timeZone: zone, sendEmail: false },
  });
  expect(created.status()).toBe(201);
  const session = await created.json();
  const booked = await page.request.post(`/api/book/${session.sessionToken}`, { data: { slotId: session.timeSlots[0].id } });
  expect(booked.ok()).toBe(true);
  const id = (await (await page.request.get("/api/meetings")).json()).meetings.find((m: { candidate: { firstName: string } }) => m.candidate.firstName === candidates[0].firstName).id;

  // The recruiter offers a new day from the interview's page (a plain form).
  await page.goto(`/interview-details/${id}`);
  await page.getByText("Reschedule", { exact: true }).click();
  const offer = page.locator("form[action$='/reschedule']").filter({ has: page.locator("input[value=offer]") });
  const newDay = day(5, 0).slice(0, 10);
  await offer.locator("input[name=date]").fill(newDay);
  await offer.locator("input[name=from]").fill("14:00");
  await offer.locator("input[name=to]").fill("17:00");
  await offer.getByRole("button", { name: "Offer times" }).click();
  await expect(page.getByText("New times offered to the candidate")).toBeVisible();
  await expect(page.getByTestId("interview-status")).toHaveText("Pending");

  // The candidate opens their own link, JavaScript off, and picks 3:00 PM.
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const c = await ctx.newPage();
  await c.goto(`/book/${session.sessionToken}`);
  await c
    .locator("label")
    .filter({ hasText: /^3:00 PM/ })
    .first()
    .click();
  await c.getByRole("button", { name: "Confirm Interview" }).click();
  await expect(c.getByRole("heading", { name: "Interview Scheduled!" })).toBeVisible();
  await ctx.close();

  // The recruiter sees the new time, confirmed.
  await page.reload();
  await expect(page.getByTestId("interview-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("interview-time")).toContainText("3:00–4:00 PM London");
});
