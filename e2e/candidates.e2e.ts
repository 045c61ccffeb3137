import { expect, test, type Page } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

/**
 * A workspace of the test's own with ten candidates, on the dashboard: these tests edit candidates
 * and run side by side, so the shared demo workspace would let one change another's rows.
 */
async function dashboardWithCandidates(page: Page) {
  await loginAsNewUser(page, { name: "Nora Recruiter", to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  await page.goto("/dashboard");
  await hydrated(page);
}

test("a recruiter edits a candidate, changes the stage, adds a note and sees it in the timeline", async ({ page }) => {
  await dashboardWithCandidates(page);
  // From the dashboard: the details dialog opens the candidate page.
  await page
    .getByTestId("candidate-row")
    .first()
    .getByRole("link", { name: /^#\d+$/ })
    .click();
  await page.getByRole("link", { name: "Open candidate page" }).click();
  await expect(page).toHaveURL(/\/candidates\/\d+$/);
  await hydrated(page);

  const city = `Hobart ${Date.now()}`;
  await page.getByLabel("City").fill(city);
  await page.getByLabel("E-mail").fill("not an e-mail");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#e-emailAddress")).toHaveText("Enter a valid e-mail address");
  await page.getByLabel("E-mail").fill(`edited-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#e-emailAddress")).toHaveCount(0);
  await expect(page.getByTestId("timeline")).toContainText("Edited");

  // The seeded candidate's stage is random: move it to a stage it is not at, or nothing changes.
  const [stage, label] = (await page.getByLabel("Screening progress", { exact: true }).inputValue()) === "5" ? ["4", "Voice Interview Completed"] : ["5", "Ready for Final Interview"];
  await page.getByLabel("Screening progress", { exact: true }).selectOption(stage);
  await expect(page.getByTestId("stage-badge")).toHaveText(label);
  await expect(page.getByTestId("timeline")).toContainText(`to ${label}`);

  await page.getByRole("textbox", { name: "Note" }).fill("Great portfolio, invite to final round");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("timeline")).toContainText("Note by Nora");
  await expect(page.getByTestId("timeline")).toContainText("Great portfolio, invite to final round");

  // It is all stored: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel("City")).toHaveValue(city);
  await expect(page.getByTestId("stage-badge")).toHaveText(label);
  await expect(page.getByTestId("timeline")).toContainText("Great portfolio, invite to final round");
});

test("the quick stage control in All Candidates changes a candidate's stage", async ({ page }) => {
  await dashboardWithCandidates(page);
  const row = page.getByTestId("candidate-row").nth(1);
  const select = row.getByRole("combobox", { name: /^Screening progress of/ });
  const stage = (await select.inputValue()) === "3" ? "4" : "3";
  await select.selectOption(stage);
  await expect(page.getByText("Screening progress changed")).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(
    page
      .getByTestId("candidate-row")
      .nth(1)
      .getByRole("combobox", { name: /^Screening progress of/ }),
  ).toHaveValue(stage);
});

test("the Schedule Interview picker searches every candidate on the server and works with the keyboard", async ({ page }) => {
  await dashboardWithCandidates(page);
  const card = page.locator("section:has(#schedule-title)");
  const name = ((await page.getByTestId("candidate-row").last().locator("a[href^='/candidates/']").textContent()) ?? "").trim();
  const picker = card.getByRole("combobox", { name: "Candidate", exact: true });
  const options = card.locator("#sched-candidate-list [role=option]");
  await picker.fill(name.split(" ")[0]!);
  await expect(options.filter({ hasText: name }).first()).toBeVisible();
  // The keys act on the list the full name brought back, not on the first name's list still shown.
  // Read back as the browser sent it: a name like O'Brien goes out as O%27Brien.
  const searched = page.waitForResponse((r) => r.url().includes("/api/participants?") && new URL(r.url()).searchParams.get("search") === name);
  await picker.fill(name);
  // Every word is a prefix, so the full name may bring back others too: "Ava Ryan" also finds a
  // Mateo Ryan who said he is "available". The list shown is the answer's, in its order.
  const found = ((await (await searched).json()) as { participants: { name: string }[] }).participants.map((p) => p.name);
  expect(found).toContain(name);
  await expect(options).toHaveCount(found.length);
  for (const [i, shown] of found.entries()) await expect(options.nth(i)).toContainText(shown);
  // Down and up again lands on the first option; then down to the named candidate and Enter.
  await picker.press("ArrowDown");
  await picker.press("ArrowUp");
  for (let i = 0; i < found.indexOf(name); i++) await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(picker).toHaveValue(new RegExp(`^${name}`));
  await expect(card.locator("#sched-candidate-list")).toHaveCount(0);
});

test("on /candidates a changed role or location filter applies at once (issue 41)", async ({ page }) => {
  await dashboardWithCandidates(page);
  await page.goto("/candidates");
  await hydrated(page);
  await page.getByLabel("Role").selectOption("Other");
  await expect(page).toHaveURL(/[?&]role=Other/);
  await hydrated(page);
  await page.getByLabel("Location").selectOption("Other");
  await expect(page).toHaveURL(/role=Other.*location=Other|location=Other.*role=Other/);
});
