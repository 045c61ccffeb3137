import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAccount, hydrated, login } from "./fixtures";

const ANSWERS = ["Ada Lovelace", "ada@example.com", "Melbourne", "Senior Developer", "skip", "Software", "Australian citizen", "150k", "Four weeks"];

/** A recruiter signed in in their own browser context, with a job and a campaign link. */
async function recruiter(browser: Browser, title: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const account = await createAccount({ name: `Recruiter of ${title}` });
  await login(page, account.email, account.password, null);
  const job = (await (await page.request.post("/api/jobs", { data: { title } })).json()).job;
  const campaign = (await (await page.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "LinkedIn" } })).json()).campaign;
  return { page, job, campaign, close: () => context.close() };
}

async function participantOf(page: Page, name: string) {
  const res = await page.request.get(`/api/participants?search=${encodeURIComponent(name)}`);
  return (await res.json()).participants as any[];
}

/** Answers the current question by typing and sending (a form post or the island, whichever runs). */
async function answer(page: Page, text: string) {
  // The island clears the box when the previous answer is through: wait for that before typing.
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeEnabled({ timeout: 15_000 });
  await page.getByLabel(/Your answer/).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a campaign link → the prequalifier → the recruiter sees the candidate at stage 2 with the transcript; one click per visitor", async ({ page, browser }) => {
    const r = await recruiter(browser, "Data Engineer");
    await page.goto(`/prequalifier?c=${r.campaign.code}`);
    await expect(page.getByTestId("job-title")).toHaveText("Data Engineer");
    await expect(page.getByTestId("visitor-code")).toContainText(/q[A-Za-z0-9]{5}/);
    await page.goto(`/prequalifier?c=${r.campaign.code}`);
    const name = `NoScript ${Date.now()}`;
    for (const a of [name, ...ANSWERS.slice(1)]) await answer(page, a);
    await expect(page.getByText("Thank you! Your answers have been sent to the hiring team.")).toBeVisible();
    expect(await page.locator("script").count()).toBe(1); // the island's module, which does not run here

    const [p] = await participantOf(r.page, name);
    expect(p.stages).toBe(2);
    expect(p.prequalifier).toContain("Candidate: Australian citizen");
    const campaigns = (await (await r.page.request.get(`/api/jobs/${r.job.id}/campaigns`)).json()).campaigns;
    expect(campaigns[0].clickCount).toBe(1);
    await r.page.goto("/dashboard");
    await expect(r.page.getByText(name).first()).toBeVisible();
    await r.close();
  });

  test("a bad e-mail is refused in the chat without losing earlier answers; a returning visitor continues", async ({ page }) => {
    await page.goto("/prequalifier");
    await answer(page, "Grace Hopper");
    await answer(page, "grace-at-navy");
    await expect(page.getByRole("alert")).toHaveText("Invalid email address");
    await expect(page.getByText("Grace Hopper")).toBeVisible();
    await expect(page.getByLabel(/Your answer/)).toHaveValue("grace-at-navy");
    await answer(page, "grace@example.com");
    await page.goto("/");
    await page.goto("/prequalifier");
    await expect(page.getByText("question 3 of 9")).toBeVisible();
    await expect(page.getByText("grace@example.com")).toBeVisible();
  });

  test("the intro-call booking race: two candidates, one slot, one success", async ({ browser }) => {
    test.setTimeout(90_000); // each candidate answers the prequalifier first
    const r = await recruiter(browser, "Intro Role");
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));
    expect((await r.page.request.put("/api/candidate-pages/settings/availability", { data: { introCallMinutes: 30, timeZone: "UTC", weekly } })).status()).toBe(200);
    // Booking needs a finished prequalifier; the confirmation goes to its e-mail address. The
    // candidates answer through the chat's API (the pages' answers have tests of their own above):
    // the race is what this test is about.
    const pages = await Promise.all(
      [0, 1].map(async (i) => {
        const p = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
        await p.goto(`/prequalifier?c=${r.campaign.code}`);
        for (const a of [`Racer ${i}`, `racer${i}@example.com`, ...ANSWERS.slice(2)]) {
          expect((await p.request.post("/api/visitors/prequalifier/answer", { data: { answer: a, c: r.campaign.code } })).status()).toBe(200);
        }
        await p.goto(`/scheduleacall?c=${r.campaign.code}`);
        return p;
      }),
    );
    for (const [i, p] of pages.entries()) {
      // The same time on the next day, a whole day of times whatever the hour the test runs at
      // (today may have fewer left than the third).
      await p.getByRole("navigation", { name: "Days" }).getByRole("link").nth(1).click();
      await p.getByLabel("Your name").fill(`Racer ${i}`);
      await p.getByLabel("Email address").fill(`racer${i}@example.com`);
      await p.locator('input[name="start"]').nth(2).check();
    }
    await Promise.all(pages.map((p) => p.getByRole("button", { name: "Book call" }).click()));
    // A click does not wait for the page its form posts to: each page is read once it shows an
    // answer (read at once, a page may not show its answer yet: one run failed so).
    const outcome = /Call booked!|This time is no longer available/;
    await Promise.all(pages.map((p) => expect(p.locator("main")).toContainText(outcome)));
    const texts = await Promise.all(pages.map((p) => p.locator("main").innerText()));
    expect(texts.filter((t) => t.includes("Call booked!"))).toHaveLength(1);
    expect(texts.filter((t) => t.includes("This time is no longer available. Please choose another time."))).toHaveLength(1);
    const meetings = (await (await r.page.request.get("/api/meetings")).json()) as any;
    expect((meetings.meetings ?? meetings).filter((m: any) => m.title === "Intro call")).toHaveLength(1);
    await r.close();
  });
});

test.describe("with JavaScript", () => {
  test("the island chats in place; the assessment moves the stage to 3", async ({ page, browser }) => {
    const r = await recruiter(browser, "Product Owner");
    await page.goto(`/prequalifier?c=${r.campaign.code}`);
    await hydrated(page);
    const name = `Island ${Date.now()}`;
    await answer(page, name);
    await answer(page, "not-an-email");
    await expect(page.getByRole("alert")).toHaveText("Invalid email address");
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByLabel(/Your answer/)).toHaveValue("not-an-email");
    expect(page.url()).toContain("/prequalifier"); // no reload: the island answered
    for (const a of ANSWERS.slice(1)) await answer(page, a);
    await page.getByRole("link", { name: "Continue to the assessment" }).click();
    await hydrated(page);
    for (let i = 0; i < 5; i++) await answer(page, `Answer number ${i + 1}`);
    await expect(page.getByText("Thank you! Your assessment has been sent to the hiring team.")).toBeVisible();
    const [p] = await participantOf(r.page, name);
    expect(p.stages).toBe(3);
    expect(p.assessment).toContain("Candidate: Answer number 5");
    await r.close();
  });

  test("a campaign code of another workspace never leaks its job", async ({ page, browser }) => {
    const a = await recruiter(browser, "Visible Job A");
    const b = await recruiter(browser, "Hidden Job B");
    await page.goto(`/prequalifier?c=${b.campaign.code}`);
    await expect(page.getByTestId("job-title")).toHaveText("Hidden Job B");
    expect((await a.page.request.get(`/api/candidate-pages/jobs/${b.job.id}/questions`)).status()).toBe(404);
    await a.page.goto(`/settings/candidate-pages?job=${b.job.id}`);
    await expect(a.page.getByText("Hidden Job B")).toHaveCount(0);
    await expect(a.page.getByLabel("Job", { exact: true })).toContainText("Visible Job A");
    await a.close();
    await b.close();
  });
});
