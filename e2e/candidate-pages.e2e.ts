import { expect, test } from "@playwright/test";
import { createAccount, login } from "./fixtures";

// The candidate pages carry their own small stylesheet inline: one response paints the page.
// /scheduleacall shows one day at a time, chosen with links, and books without JavaScript.
test.use({ javaScriptEnabled: false });

test("/scheduleacall without JavaScript: pick another day by its link, then a time, and book", async ({ page, browser }) => {
  const context = await browser.newContext();
  const recruiter = await context.newPage();
  const account = await createAccount({ name: "Day Picker" });
  await login(recruiter, account.email, account.password, null);
  const job = (await (await recruiter.request.post("/api/jobs", { data: { title: "Day Picker Role" } })).json()).job;
  const campaign = (await (await recruiter.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "LinkedIn" } })).json()).campaign;
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await recruiter.request.put("/api/candidate-pages/settings/availability", { data: { introCallMinutes: 30, timeZone: "UTC", weekly } })).status()).toBe(200);

  // Intro calls are for candidates who answered the prequalifier: the candidate opens its link and
  // answers through the chat's API (the prequalifier's pages are tested in visitors.e2e.ts).
  await page.goto(`/prequalifier?c=${campaign.code}`);
  for (const a of ["Day Picker Candidate", "day.picker@example.com", "Melbourne", "Senior Developer", "skip", "Software", "Australian citizen", "150k", "Four weeks"]) {
    expect((await page.request.post("/api/visitors/prequalifier/answer", { data: { answer: a, c: campaign.code } })).status()).toBe(200);
  }

  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`/scheduleacall?c=${campaign.code}`);
  // One request for the page: no stylesheet, no script.
  expect(requests.filter((u) => u.includes("/assets/"))).toEqual([]);
  const book = page.getByRole("button", { name: "Book call" });
  await expect(book).toHaveCSS("background-color", "rgb(67, 56, 202)");

  const days = page.getByRole("navigation", { name: "Days" }).getByRole("link");
  expect(await days.count()).toBeGreaterThan(5);
  const firstHeading = await page.getByTestId("schedule-day").innerText();
  await days.nth(2).click();
  await expect(page.getByTestId("schedule-day")).not.toHaveText(firstHeading);
  await expect(days.nth(2)).toHaveAttribute("aria-current", "date");
  const chosen = page.locator('input[name="start"]').nth(3);
  const start = await chosen.getAttribute("value");
  await chosen.check();
  await page.getByLabel("Your name").fill("Day Picker Candidate");
  await page.getByLabel("Email address").fill("day.picker@example.com");
  await book.click();
  await expect(page.getByText("Call booked!")).toBeVisible();

  const meetings = (await (await recruiter.request.get("/api/meetings")).json()) as any;
  const intro = (meetings.meetings ?? meetings).filter((m: any) => m.title === "Intro call");
  expect(intro.map((m: any) => m.startTime)).toEqual([start]);
  await context.close();
});
