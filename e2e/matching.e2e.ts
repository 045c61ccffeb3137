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

// The job's criteria on its page: seen, changed, removed, added and saved by one plain form; a
// refused save shows the form again with the message at its field and what was typed.
async function editCriteria(page: Page, s: Awaited<ReturnType<typeof setup>>) {
  await page.goto(`/jobs/${s.job.id}`);
  const details = page.locator("[data-criteria-details]");
  await details.locator("summary").click();
  const form = details.locator("[data-criteria-form]");
  await expect(form).toContainText("Proposed from the description by rules, not saved yet");
  const labels = await form.locator('input[name^="label"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(labels).toContain("Forklift licence");
  expect(labels.at(-1)).toBe("");
  const licence = labels.indexOf("Forklift licence") + 1;
  const stock = labels.indexOf("Inventory management") + 1;
  // Refused: a criterion without a label.
  await form.getByLabel(`Label of criterion ${licence}`, { exact: true }).fill("");
  await form.getByLabel("New criterion", { exact: true }).fill("Reach truck");
  await form.getByRole("button", { name: "Save criteria" }).click();
  await expect(page.locator("[data-criteria-error]")).toHaveText("Not saved: Each criterion needs a label");
  const again = page.locator("[data-criteria-form]");
  await expect(again.getByLabel(`Label of criterion ${licence}`, { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(again.locator(`#crit-label${licence - 1}-error`)).toHaveText("Each criterion needs a label");
  await expect(again.locator(`[data-criterion-row="${labels.length - 1}"] input[name^="label"]`)).toHaveValue("Reach truck");
  // Corrected: the licence a nice-to-have of weight 1, inventory management removed, the reach truck added.
  await again.getByLabel(`Label of criterion ${licence}`, { exact: true }).fill("Forklift licence");
  await again.getByLabel(`Weight of criterion ${licence} (1 to 3)`, { exact: true }).fill("1");
  await again.getByLabel(`Must-have: criterion ${licence}`, { exact: true }).uncheck();
  await again.getByLabel(`Remove criterion ${stock}`, { exact: true }).check();
  await again.getByRole("button", { name: "Save criteria" }).click();
  await expect(page.getByText("Criteria saved")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/jobs/${s.job.id}$`));
  const summary = page.locator("[data-criteria-details] summary");
  await expect(summary).toContainText("Reach truck");
  await expect(summary).not.toContainText("Inventory management");
  // The suggestions follow: the reach truck is judged for each candidate.
  await expect(page.locator(`[data-suggested-candidates] [data-match="${s.otto}"] [data-verdict]`, { hasText: "Reach truck" })).toHaveCount(1);
  const saved = (await (await page.request.get(`/api/jobs/${s.job.id}/criteria`)).json()) as { source: string; criteria: { label: string; mustHave: boolean; weight: number }[] };
  expect(saved.source).toBe("recruiter");
  expect(saved.criteria.find((c) => c.label === "Forklift licence")).toMatchObject({ mustHave: false, weight: 1 });
  expect(saved.criteria.map((c) => c.label)).not.toContain("Inventory management");
  // Propose from the description: the rules' list again, to check before saving.
  await page.locator("[data-criteria-details] summary").click();
  await page.getByRole("link", { name: "Propose from the description" }).click();
  await expect(page.getByText("Proposed again from the job's description. Nothing is saved until you save.")).toBeVisible();
  await expect(page.locator('[data-criteria-form] input[name^="label"][value="Inventory management"]')).toHaveCount(1);
}

// The candidate's side: Add to job and Not a fit from Suggested jobs.
async function candidateActions(page: Page, s: Awaited<ReturnType<typeof setup>>) {
  const second = (await (await page.request.post("/api/jobs", { data: { title: "Night Picker", description: "Picking and packing on nights. Warehouse experience.", location: "Leeds" } })).json())
    .job as { id: number };
  await page.goto(`/candidates/${s.otto}`);
  const jobs = page.locator("[data-suggested-jobs]");
  await jobs.locator(`[data-suggested-job="${s.job.id}"]`).getByRole("button", { name: "Add to job" }).click();
  await expect(page.getByText("Added to the job")).toBeVisible();
  const row = page.locator(`[data-suggested-jobs] [data-suggested-job="${s.job.id}"]`);
  await expect(row).toContainText("Already on this job");
  await expect(row.getByRole("button", { name: "Add to job" })).toHaveCount(0);
  await expect(page.locator("[data-testid=candidate-pipeline]")).toContainText("Warehouse Operative");
  const picker = page.locator(`[data-suggested-jobs] [data-suggested-job="${second.id}"]`);
  await picker.getByLabel("Why Otto Pick is not a fit for Night Picker").fill("Days only");
  await picker.getByRole("button", { name: "Not a fit" }).click();
  await expect(page.getByText("Hidden for this candidate")).toBeVisible();
  await expect(page.locator(`[data-suggested-jobs] [data-suggested-job="${second.id}"]`)).toHaveCount(0);
  const record = (await (await page.request.get(`/api/participants/${s.otto}/suggestions`)).json()) as { suggestions: { subject: string; decision: { status: string; reason: string | null } }[] };
  expect(record.suggestions.find((x) => x.subject === `job:${second.id}`)!.decision).toMatchObject({ status: "dismissed", reason: "Days only" });
  expect(record.suggestions.find((x) => x.subject === `job:${s.job.id}`)!.decision).toMatchObject({ status: "accepted" });
  // On the first stage of the job's board.
  await page.goto(`/jobs/${s.job.id}`);
  await expect(page.locator("[data-board] [data-column]").first().locator("[data-card]", { hasText: "Otto Pick" })).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("Suggested candidates: Add to job and Not a fit are plain forms; Suggested jobs on the candidate's page", async ({ page }) => {
    await loginAsNewUser(page, { to: null });
    const s = await setup(page);
    await addAndDismiss(page, s);
    await suggestedJobs(page, s);
  });
  test("the job's criteria are one plain form; Add to job and Not a fit from a candidate's Suggested jobs", async ({ page }) => {
    await loginAsNewUser(page, { to: null });
    const s = await setup(page);
    await editCriteria(page, s);
    await candidateActions(page, s);
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
  await editCriteria(page, s);
  await page.goto(`/jobs/${s.job.id}`);
  await page.locator("[data-criteria-details] summary").click();
  await picture(page, "matching-criteria-1280", { fullPage: true });
  await candidateActions(page, s);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/jobs/${s.job.id}`, `/candidates/${s.otto}`, `/candidates/${s.wendy}`]) {
    await page.goto(path);
    await hydrated(page);
    if (path.startsWith("/jobs")) await page.locator("[data-criteria-details] summary").click();
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(page, `matching-${path.split("/").slice(1).join("-")}-390`, { fullPage: true });
  }
});
