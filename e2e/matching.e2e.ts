import { expect, test, type Page } from "@playwright/test";
import { hydrated, loginAsNewUser, picture } from "./fixtures";

// Issue 57: on a job's page the recruiter sees Suggested candidates, each with a score, how it was
// made and the evidence per criterion, and the words that they are suggestions; "Add to job" puts
// one on the board at the first stage (and marks them on the list), "Not a fit" with a reason takes
// one off the list; a candidate's page shows Suggested jobs. The same with and without JavaScript.

async function setup(page: Page) {
  const api = async (method: string, path: string, data?: unknown, headers?: Record<string, string>) => {
    const res = await page.request.fetch(path, { method, data, headers });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  const tag = Math.random().toString(36).slice(2, 8);
  const csv = [
    "name,emailAddress,city,jobTitle,skills,summary",
    `Wendy Stock,wendy-${tag}@example.com,Leeds,Warehouse operative,"Forklift licence, picking and packing, stock control",6 years of experience in a distribution warehouse.`,
    `Fred Lift,fred-${tag}@example.com,Leeds,Forklift driver,"Forklift, inventory management",Counterbalance and reach trucks.`,
    `Otto Pick,otto-${tag}@example.com,Leeds,Picker,"Warehouse, picking and packing",Night shifts in a parcel hub.`,
    `Nina Ward,nina-${tag}@example.com,Birmingham,Staff nurse,"Patient care, wound care",Surgical ward.`,
  ].join("\n");
  await api("POST", "/api/participants/import", csv, { "content-type": "text/csv" });
  const people = (await api("GET", "/api/participants?limit=10")).participants as { id: number; name: string }[];
  const id = (name: string) => people.find((p) => p.name === name)!.id;
  const description = ["Requirements:", "- A forklift licence", "- Warehouse experience: picking and packing", "- Stock control", "", "Based in our Leeds office."].join("\n");
  const job = (await api("POST", "/api/jobs", { title: "Warehouse Operative", description, location: "Leeds" })).job as { id: number };
  return { job, wendy: id("Wendy Stock"), fred: id("Fred Lift"), otto: id("Otto Pick"), nina: id("Nina Ward") };
}

async function suggestedList(page: Page, s: Awaited<ReturnType<typeof setup>>) {
  await page.goto(`/jobs/${s.job.id}`);
  const list = page.locator("[data-suggested-candidates]");
  await expect(list.getByRole("heading", { name: "Suggested candidates" })).toBeVisible();
  await expect(list).toContainText("These are suggestions to help you look: nobody is rejected, moved or e-mailed because of a score.");
  const wendy = list.locator(`[data-match="${s.wendy}"]`);
  await expect(wendy.locator("[data-score]")).toHaveText(/^\d{1,3} \/ 100$/);
  await expect(wendy).toContainText("By rules (words found in the record)");
  // Per criterion: met with the words quoted and where they come from.
  const forklift = wendy.locator('[data-verdict="met"]', { hasText: /^Met · Forklift licence/ });
  await expect(forklift).toContainText("Forklift licence, picking and packing, stock control");
  await expect(forklift).toContainText("(Skills)");
  await expect(list.locator(`[data-match="${s.fred}"]`)).toBeVisible();
  await expect(list.locator(`[data-match="${s.otto}"]`)).toBeVisible();
  // The nurse names none of this job's criteria.
  await expect(list.locator(`[data-match="${s.nina}"]`)).toHaveCount(0);
  // Best first.
  const scores = await list.locator("[data-score]").allTextContents();
  const numbers = scores.map((t) => Number(t.split(" ")[0]));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  return list;
}

async function addAndDismiss(page: Page, s: Awaited<ReturnType<typeof setup>>) {
  let list = await suggestedList(page, s);
  await list.locator(`[data-match="${s.wendy}"]`).getByRole("button", { name: "Add to job" }).click();
  await expect(page.getByText("Added to the job")).toBeVisible();
  // On the board at the first stage, and marked on the list.
  const first = page.locator("[data-board] [data-column]").first();
  await expect(first.locator("[data-card]", { hasText: "Wendy Stock" })).toBeVisible();
  list = page.locator("[data-suggested-candidates]");
  const wendy = list.locator(`[data-match="${s.wendy}"]`);
  await expect(wendy).toContainText("Already on this job");
  await expect(wendy.getByRole("button", { name: "Add to job" })).toHaveCount(0);

  const fred = list.locator(`[data-match="${s.fred}"]`);
  await fred.getByLabel("Why Fred Lift is not a fit").fill("Wants day shifts only");
  await fred.getByRole("button", { name: "Not a fit" }).click();
  await expect(page.getByText("Hidden for this job")).toBeVisible();
  await expect(page.locator(`[data-suggested-candidates] [data-match="${s.fred}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-suggested-candidates] [data-match="${s.otto}"]`)).toBeVisible();
  // The reason is on the suggestion's record.
  const record = (await (await page.request.get(`/api/participants/${s.fred}/suggestions`)).json()) as { suggestions: { subject: string; decision: { status: string; reason: string } }[] };
  expect(record.suggestions.find((x) => x.subject === `job:${s.job.id}`)!.decision).toMatchObject({ status: "dismissed", reason: "Wants day shifts only" });
}

async function suggestedJobs(page: Page, s: Awaited<ReturnType<typeof setup>>) {
  await page.goto(`/candidates/${s.otto}`);
  const jobs = page.locator("[data-suggested-jobs]");
  await expect(jobs.getByRole("heading", { name: "Suggested jobs" })).toBeVisible();
  await expect(jobs).toContainText("Suggestions to help you look: nothing happens to the candidate because of a score.");
  const item = jobs.locator(`[data-suggested-job="${s.job.id}"]`);
  await expect(item.getByRole("link", { name: "Warehouse Operative" })).toBeVisible();
  await expect(item).toContainText(/\d{1,3} \/ 100/);
  await expect(item.locator('[data-verdict="met"]').first()).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("Suggested candidates: Add to job and Not a fit are plain forms; Suggested jobs on the candidate's page", async ({ page }) => {
    await loginAsNewUser(page, { to: null });
    const s = await setup(page);
    await addAndDismiss(page, s);
    await suggestedJobs(page, s);
  });
});

test("with JavaScript the suggested list works the same, at 1280 and 390 px", async ({ page }) => {
  await loginAsNewUser(page, { to: null });
  const s = await setup(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await addAndDismiss(page, s);
  await hydrated(page);
  await picture(page, "matching-job-1280", { fullPage: true });
  await suggestedJobs(page, s);
  await picture(page, "matching-candidate-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/jobs/${s.job.id}`, `/candidates/${s.otto}`]) {
    await page.goto(path);
    await hydrated(page);
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(page, `matching-${path.split("/")[1]}-390`, { fullPage: true });
  }
});
