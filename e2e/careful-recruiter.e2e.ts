import { expect, test, type Page } from "@playwright/test";
import { hydrated, loginAsNewUser, picture } from "./fixtures";

// Issue 60: what a careful recruiter noticed on the board, finding their way, and the two kinds of stage.

async function api(page: Page, method: string, path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** A job with a client and three applications, all in Applied. */
async function board(page: Page) {
  await api(page, "POST", "/api/candidates/seed");
  const people = (await api(page, "GET", "/api/participants?limit=3")).participants as { id: number; name: string }[];
  const client = (await api(page, "POST", "/api/clients", { name: "Harbour Health" })).client;
  const job = (await api(page, "POST", "/api/jobs", { title: "UX Designer", location: "Sydney", clientId: client.id })).job;
  const apps: { id: number; name: string; candidateId: number }[] = [];
  for (const p of people) apps.push({ ...(await api(page, "POST", `/api/jobs/${job.id}/applications`, { candidateId: p.id })).application, name: p.name });
  const stages = (await api(page, "GET", "/api/pipeline")).stages as { id: number; name: string }[];
  return { job, apps, stages, client, people };
}

test.describe("item 5: the board", () => {
  test("at 1280 px all six columns are in view; the arrow keys take a card through every column to Rejected, whose dialog is centred", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    await page.goto(`/jobs/${b.job.id}`);
    await hydrated(page);
    expect(b.stages.map((s) => s.name)).toEqual(["Applied", "Screening", "Interview", "Offer", "Placed", "Rejected"]);
    for (const s of b.stages) {
      const box = (await page.locator(`[data-column="${s.id}"]`).boundingBox())!;
      expect({ stage: s.name, right: box.x + box.width <= 1280, left: box.x >= 0 }).toEqual({ stage: s.name, right: true, left: true });
    }
    expect(await page.locator("[data-board]").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByTestId("board-hint")).toBeHidden();

    const [first] = b.apps;
    const card = page.locator(`[data-card="${first!.id}"]`);
    await card.focus();
    for (const name of ["Screening", "Interview", "Offer"]) {
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("board-announcer")).toContainText(`${first!.name} moved to ${name}.`);
      await expect(card).toBeFocused();
    }
    // Into Placed the placement's form follows (issue 58); back on the board the card is in Placed.
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(new RegExp(`/placements/new\\?application=${first!.id}$`));
    await page.goto(`/jobs/${b.job.id}`);
    await hydrated(page);
    const placed = b.stages.find((s) => s.name === "Placed")!;
    await expect(page.locator(`[data-column-list="${placed.id}"] [data-card="${first!.id}"]`)).toBeVisible();
    await card.focus();
    await picture(page, "issue60-board-1280", { fullPage: true });
    await page.keyboard.press("ArrowRight");
    const dialog = page.getByTestId("move-dialog");
    await expect(dialog).toContainText(`Move ${first!.name} to Rejected`);
    // Centred in the window, not pinned to its top-left corner.
    const box = (await dialog.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(4);
    expect(Math.abs(box.y + box.height / 2 - 450)).toBeLessThan(4);
    await picture(page, "issue60-move-dialog-1280");
    await dialog.getByTestId("reject-reason").selectOption("Not a fit");
    await dialog.getByRole("button", { name: "Move" }).click();
    await expect(page.getByTestId("board-announcer")).toContainText(`${first!.name} moved to Rejected (Not a fit). Rejected has 1.`);
    const rejected = b.stages.find((s) => s.name === "Rejected")!;
    await expect(page.locator(`[data-column-list="${rejected.id}"] [data-card="${first!.id}"]`)).toBeFocused();
    // And back by the left arrow, into Placed: the placement's form follows (issue 58).
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(new RegExp(`/placements/new\\?application=${first!.id}$`));
  });

  test("at 390 px: the board says it scrolls sideways and names its six stages; the move dialog is centred; the funnel's figures are whole", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    await page.goto(`/jobs/${b.job.id}`);
    await hydrated(page);
    await expect(page.getByTestId("board-hint")).toHaveText("6 stages (Applied, Screening, Interview, Offer, Placed, Rejected): the board scrolls sideways →");
    // Every figure of the funnel is in words and inside the window: none cut at the edge.
    const figures = page.locator("[data-funnel-figures]");
    await expect(figures.first()).toHaveText("3 reached · 3 here now · 0% went on to Screening · median 0 days here");
    for (const el of await figures.all()) {
      const box = (await el.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(page, "issue60-board-390", { fullPage: true });
    const card = page.locator(`[data-card="${b.apps[1]!.id}"]`);
    const data = await page.evaluateHandle(() => new DataTransfer());
    await card.dispatchEvent("dragstart", { dataTransfer: data });
    const rejected = page.locator(`[data-column="${b.stages.at(-1)!.id}"] summary`);
    await rejected.dispatchEvent("dragover", { dataTransfer: data });
    await rejected.dispatchEvent("drop", { dataTransfer: data });
    const dialog = page.getByTestId("move-dialog");
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 195)).toBeLessThan(4);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await picture(page, "issue60-move-dialog-390");
  });

  test("a workspace with more stages than fit at 1280 px: the hint shows and names them all", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    for (const name of ["Client interview", "Reference check"]) await api(page, "POST", "/api/pipeline/stages", { name });
    await page.goto(`/jobs/${b.job.id}`);
    await hydrated(page);
    expect(await page.locator("[data-board]").evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByTestId("board-hint")).toBeVisible();
    await expect(page.getByTestId("board-hint")).toContainText("8 stages (");
    await expect(page.getByTestId("board-hint")).toContainText("Client interview, Reference check, Rejected): the board scrolls sideways →");
  });

  test("an interview not yet held takes no scorecard: the interview page says so and the API refuses", async ({ page }) => {
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    const start = new Date(Date.now() + 4 * 86_400_000);
    start.setUTCHours(0, 0, 0, 0);
    const slot = { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() };
    const s = await api(page, "POST", "/api/scheduling-sessions", { candidateId: b.apps[0]!.candidateId, duration: 60, timeSlots: [slot], timeZone: "UTC", sendEmail: false });
    await api(page, "POST", `/api/book/${s.sessionToken}`, { slotId: s.timeSlots[0].id });
    const activity = (await api(page, "GET", `/api/participants/${b.apps[0]!.candidateId}/activity`)).activity as { type: string; detail: { interviewId?: string } }[];
    const interview = activity.find((i) => i.type === "interview")!.detail.interviewId!;
    const res = await page.request.post(`/api/interviews/${interview}/feedback`, { data: { recommendation: "yes" } });
    expect(res.status()).toBe(400);
    await page.goto(`/interview-details/${interview}`);
    await expect(page.getByTestId("scorecard-not-yet")).toHaveText("The interview has not taken place yet: a scorecard can be filed once it has started.");
    await expect(page.getByTestId("interview-feedback").getByRole("button", { name: "Save feedback" })).toHaveCount(0);
  });
});

test.describe("item 8: finding one's way", () => {
  test("the command palette: Enter opens the highlighted candidate's page; it finds jobs and clients too", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    const who = b.people[0]!;
    await page.goto("/dashboard");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Go to a section, or find a candidate, job or client" });
    const find = async (text: string, option: RegExp) => {
      await page.keyboard.press("Control+k");
      await expect(box).toBeFocused();
      await box.fill(text);
      // Down to the option named, then Enter.
      const options = page.getByRole("option");
      await expect(options.filter({ hasText: option }).first()).toBeVisible();
      const wanted = options.filter({ hasText: option }).first();
      for (let i = 0; i < 12 && (await wanted.getAttribute("aria-selected")) !== "true"; i++) await box.press("ArrowDown");
      await expect(wanted).toHaveAttribute("aria-selected", "true");
      await picture(page, `issue60-palette-${text.replace(/\W+/g, "-")}-1280`);
      await box.press("Enter");
    };
    await find(who.name, new RegExp(who.name));
    await expect(page).toHaveURL(new RegExp(`/candidates/${who.id}$`));
    await hydrated(page);
    await find("Harbour", /Harbour Health\s*Client/);
    await expect(page).toHaveURL(new RegExp(`/clients/${b.client.id}$`));
    await hydrated(page);
    await find("UX Des", /UX Designer\s*Job · Harbour Health/);
    await expect(page).toHaveURL(new RegExp(`/jobs/${b.job.id}$`));
  });

  test("Clients is in the navigation, at 1280 px and in the phone's menu, marked on a client's page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    await page.goto(`/clients/${b.client.id}`);
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect(nav.getByRole("link", { name: "Clients" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Jobs" })).not.toHaveAttribute("aria-current", /.*/);
    await picture(page, "issue60-clients-nav-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await page.locator("[data-mobile-nav] summary").click();
    await page.getByRole("navigation", { name: "Main" }).last().getByRole("link", { name: "Clients" }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await picture(page, "issue60-clients-390", { fullPage: true });
  });

  test("every settings page has the one settings navigation, the same links, its own marked, no other way back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    await page.goto("/settings");
    const nav = page.getByTestId("settings-nav");
    const links = await nav.getByRole("link").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).getAttribute("href")!));
    expect(links.length).toBeGreaterThan(10);
    const cards = await page.locator("[data-testid=settings-sections] a[data-section]").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).getAttribute("href")!));
    expect(links.slice(1)).toEqual(cards.filter((h) => !h.includes("#")));
    for (const path of links) {
      await page.goto(path);
      await expect(page.getByTestId("settings-nav"), path).toHaveCount(1);
      expect(await nav.getByRole("link").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).getAttribute("href")!)), path).toEqual(links);
      await expect(nav.locator('[aria-current="page"]'), path).toHaveAttribute("href", path);
      // No second way back: the old "← Settings" links and breadcrumbs are gone.
      await expect(page.locator("main").getByRole("link", { name: /^(← )?Settings$/ }), path).toHaveCount(0);
    }
    await page.goto("/settings/pipeline");
    await picture(page, "issue60-settings-nav-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "issue60-settings-nav-390", { fullPage: true });
  });

  test("the dashboard's calendar card offers no Connect where no calendar can be connected", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: "/dashboard" });
    const card = page.locator("section", { has: page.locator("#calendar-card-title") });
    await expect(card).toContainText("No calendar can be connected on this server (Google Calendar is not set up). Your interviews are in your own iCal feed.");
    await expect(card.getByRole("link", { name: "Connect" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Your iCal feed" })).toHaveAttribute("href", "/ical-manager");
    await picture(page, "issue60-dashboard-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByRole("link", { name: "Your iCal feed" })).toBeVisible();
    await picture(page, "issue60-dashboard-390", { fullPage: true });
  });

  test("the interviews week shows its hours, each interview in the row of the hour it starts", async ({ page }) => {
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(10, 0, 0, 0);
    const slot = { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() };
    const s = await api(page, "POST", "/api/scheduling-sessions", { candidateId: b.apps[0]!.candidateId, duration: 60, timeSlots: [slot], timeZone: "UTC", sendEmail: false });
    await api(page, "POST", `/api/book/${s.sessionToken}`, { slotId: s.timeSlots[0].id });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/interviews?tz=UTC&week=${start.toISOString().slice(0, 10)}`);
      const week = page.getByTestId("week");
      const link = week.locator("[data-interview]");
      await expect(link).toHaveCount(1);
      await expect(link.locator("[data-time]")).toHaveText("10:00–11:00");
      await expect(link.locator("xpath=ancestor::*[@data-slot][1]")).toHaveAttribute("data-slot", "10:00");
      if (width === 1280) {
        for (const h of ["08:00", "12:00", "17:00"]) await expect(week.locator(`[data-hour="${h}"]`)).toBeVisible();
        const label = (await week.locator('[data-hour="10:00"]').boundingBox())!;
        const row = (await link.locator("xpath=ancestor::*[@data-slot][1]").boundingBox())!;
        expect(Math.abs(label.y - row.y)).toBeLessThan(2);
      } else {
        await expect(week.locator('[data-hour="10:00"]')).toBeHidden();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await picture(page, `issue60-interviews-${width}`, { fullPage: true });
    }
  });

  test("a candidate page's back link goes back where the member came from", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    const who = b.people[0]!;
    await page.goto(`/candidates?search=${encodeURIComponent(who.name)}`);
    await page.locator("main").getByRole("link", { name: who.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/candidates/${who.id}$`));
    const back = page.getByTestId("back-link");
    await expect(back).toHaveText("← Back to Candidates");
    await picture(page, "issue60-candidate-1280", { fullPage: true });
    await back.click();
    await expect(page).toHaveURL(`/candidates?search=${encodeURIComponent(who.name)}`);
    await page.goto(`/jobs/${b.job.id}`);
    await page.locator(`[data-card] a`, { hasText: who.name }).click();
    await expect(back).toHaveText("← Back to the job");
    await expect(back).toHaveAttribute("href", `/jobs/${b.job.id}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "issue60-candidate-390", { fullPage: true });
  });
});

test.describe("item 4: two kinds of stage", () => {
  test("where both show, each says what it is: screening progress (1–5) and an application's pipeline stage", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsNewUser(page, { to: null });
    const b = await board(page);
    const who = b.people[0]!;
    await page.goto(`/jobs/${b.job.id}`);
    await expect(page.locator("#board-help")).toContainText("The columns are this job's pipeline stages");
    await expect(page.locator("#board-help")).toContainText("A candidate's screening progress, 1–5, is their own");
    await page.goto(`/candidates/${who.id}`);
    await hydrated(page);
    const applications = page.getByTestId("candidate-pipeline");
    await expect(applications.getByRole("heading", { name: "Job applications" })).toBeVisible();
    await expect(applications).toContainText("UX Designer · pipeline stage: Applied");
    await expect(page.getByText("Screening progress:", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Screening progress", { exact: true })).toBeVisible();
    await expect(page.locator("#stage-help")).toHaveText(
      "Where the candidate is in screening (1–5): the candidate pages move it, or you do. Each job application has its own pipeline stage, on that job's board.",
    );
    await picture(page, "issue60-stages-candidate-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "issue60-stages-candidate-390", { fullPage: true });
    // The dashboard's list says which kind it shows.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/dashboard");
    await hydrated(page);
    await expect(page.getByRole("columnheader", { name: "Screening progress" }).first()).toBeVisible();
    await page.goto("/candidates");
    await expect(page.getByRole("columnheader", { name: /Screening progress/ }).first()).toBeVisible();
    await picture(page, "issue60-stages-candidates-1280");
  });
});
