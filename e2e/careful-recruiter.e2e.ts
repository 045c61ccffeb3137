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
    for (const name of ["Screening", "Interview", "Offer", "Placed"]) {
      await page.keyboard.press("ArrowRight");
      await expect(page.getByTestId("board-announcer")).toContainText(`${first!.name} moved to ${name}.`);
      await expect(card).toBeFocused();
    }
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
    // And back by the left arrow.
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("board-announcer")).toContainText(`${first!.name} moved to Placed.`);
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
