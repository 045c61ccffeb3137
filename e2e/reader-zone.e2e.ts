import { expect, test, type Page } from "@playwright/test";
import { createAccount, hydrated, login, loginThroughForm, picture } from "./fixtures";

// Issue 60 item 3: a recruiter and a candidate in Sydney read times in Sydney time. The browser
// is in Australia/Sydney; the server runs in UTC.
test.use({ timezoneId: "Australia/Sydney" });

// Sydney's short name and 09:00 UTC there, at this time of year (GMT+11 and 8:00 PM from October to April).
const sydney = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { timeZone: "Australia/Sydney", ...opts });
const ZONE = sydney({ timeZoneName: "short" })
  .formatToParts(new Date())
  .find((p) => p.type === "timeZoneName")!.value;
const NINE_UTC = sydney({ hour: "numeric", minute: "2-digit" }).format(new Date().setUTCHours(9, 0, 0, 0));
const escaped = ZONE.replace(/[+]/g, "\\+");

async function both(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await picture(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an owner signing in from Sydney: the workspace's zone, the intro-call hours and the timeline are Sydney's", async ({ page }) => {
  const account = await createAccount({ name: "Sydney Owner" });
  await loginThroughForm(page, account.email, account.password);
  expect((await (await page.request.get("/api/workspace/time-zone")).json()).timeZone).toBe("Australia/Sydney");

  await page.goto("/settings/candidate-pages");
  await expect(page.locator("#workspaceTimeZone")).toHaveValue("Australia/Sydney");
  // No hours saved yet: the intro-call form starts in the workspace's zone, not UTC.
  await expect(page.locator("#timeZone")).toHaveValue("Australia/Sydney");
  await both(page, "zone-settings");

  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const id = (await (await page.request.get("/api/candidates")).json()).candidates[0].id;
  await page.goto(`/candidates/${id}`);
  await hydrated(page);
  await page.getByRole("textbox", { name: "Note" }).fill("Called about the role.");
  await page.getByRole("button", { name: "Add note" }).click();
  const note = page.getByTestId("timeline").locator("li", { hasText: "Called about the role." });
  await expect(note.locator("time")).toContainText(ZONE);
  await expect(page.getByText(new RegExp(`^Applied .*${escaped} · last updated .*${escaped}$`))).toBeVisible();
  await both(page, "zone-timeline");
});

test("/scheduleacall with JavaScript in Sydney: the times in Sydney's zone; the booked call can move and be canceled", async ({ page, browser }) => {
  const context = await browser.newContext({ timezoneId: "Europe/London" });
  const recruiter = await context.newPage();
  const account = await createAccount({ name: "Zone Host" });
  await login(recruiter, account.email, account.password, null);
  const job = (await (await recruiter.request.post("/api/jobs", { data: { title: "Zone Role" } })).json()).job;
  const campaign = (await (await recruiter.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "Seek" } })).json()).campaign;
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await recruiter.request.put("/api/candidate-pages/settings/availability", { data: { introCallMinutes: 30, timeZone: "UTC", weekly } })).status()).toBe(200);

  await page.goto(`/prequalifier?c=${campaign.code}`);
  for (const a of ["Zone Candidate", "zone.candidate@example.com", "Sydney", "Senior Developer", "skip", "Software", "Australian citizen", "150k", "Four weeks"]) {
    expect((await page.request.post("/api/visitors/prequalifier/answer", { data: { answer: a, c: campaign.code } })).status()).toBe(200);
  }

  await page.goto(`/scheduleacall?c=${campaign.code}`);
  // The page's script asks for the browser's zone, as the booking page does.
  await expect(page).toHaveURL(/tz=Australia%2FSydney/);
  await expect(page.locator("legend")).toHaveText(new RegExp(`\\(${escaped}\\)`));
  // 09:00-17:00 UTC is 8 PM to 4 AM in Sydney (7 PM in its winter): a day's first time reads so.
  await expect(page.locator('input[name="start"]').first().locator("..")).toHaveText(NINE_UTC);
  await both(page, "zone-scheduleacall");

  // A day ahead: the workspace lets candidates change a call up to 12 hours before it.
  await page.getByRole("navigation", { name: "Days" }).getByRole("link").nth(2).click();
  await expect(page).toHaveURL(/day=/);
  await page.locator('input[name="start"]').first().check();
  await page.getByRole("button", { name: "Book call" }).click();
  await expect(page.getByText("Call booked!")).toBeVisible();
  await expect(page.getByTestId("intro-booked")).toContainText(`(${ZONE})`);
  await both(page, "zone-intro-booked");

  // Move: the other times, then the call at the new one.
  await page.getByRole("link", { name: "Choose another time" }).click();
  await expect(page.getByRole("button", { name: "Move Call" })).toBeVisible();
  await page.getByRole("navigation", { name: "Days" }).getByRole("link").nth(3).click();
  await expect(page.getByRole("button", { name: "Move Call" })).toBeVisible();
  const second = page.locator('input[name="start"]').nth(1);
  const moved = await second.getAttribute("value");
  await second.check();
  await page.getByRole("button", { name: "Move Call" }).click();
  await expect(page.getByText("Call booked!")).toBeVisible();
  const intro = async () => ((await (await recruiter.request.get("/api/meetings")).json()) as any).meetings.filter((m: any) => m.title === "Intro call");
  await expect.poll(async () => (await intro()).filter((m: any) => m.status === "scheduled").map((m: any) => m.startTime)).toEqual([moved]);
  // The same interview at its new time (an interview's move), not a canceled one and a new booking.
  expect(await intro()).toHaveLength(1);
  await both(page, "zone-intro-moved");

  // Cancel: asked first, then the times are offered again.
  await page.getByRole("link", { name: "Cancel Call" }).click();
  await both(page, "zone-intro-cancel");
  await page.getByRole("button", { name: "Yes, Cancel Call" }).click();
  await expect(page.getByRole("button", { name: "Book call" })).toBeVisible();
  expect((await intro()).every((m: any) => m.status === "canceled")).toBe(true);
  await context.close();
});
