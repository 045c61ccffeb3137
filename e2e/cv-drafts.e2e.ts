import { expect, test, type Page } from "@playwright/test";
import { createAccount, hydrated, login, picture } from "./fixtures";
import { tinyDocx, tinyPdf } from "../test/kits/cv-fixtures";

// Issue 39 item 6, without JavaScript: two CVs from the candidates page's plain form become
// drafts; the recruiter corrects and confirms one; it is a candidate, found by a word of its CV.

/** Reloads the drafts page until every draft's fields are proposed (the page also asks for this by its Refresh header). */
async function waitUntilRead(page: Page, count: number) {
  for (let i = 0; i < 30; i++) {
    if ((await page.locator('[data-draft][data-status="ready"]').count()) === count) return;
    await page.waitForTimeout(500);
    await page.goto("/candidates/drafts");
  }
  throw new Error("the drafts were not read");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("two CVs become drafts; one confirmed is a candidate found by a word of its CV", async ({ page }) => {
    const account = await createAccount();
    await login(page, account.email, account.password, "/candidates");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel("CV files").setInputFiles([
      {
        name: "Ada Lovelace CV.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(
          tinyPdf([
            ["Ada Lovelace", "Senior Backend Engineer", "London, UK | ada.e2e@example.com | +44 7700 900123", "Skills: Go, Kubernetes", "Experience", "Acme Pay: built the Zanzibarite ledger"],
          ]),
        ),
      },
      { name: "tom.docx", mimeType: "application/octet-stream", buffer: Buffer.from(tinyDocx(["Tom Baker", "Product Designer", "Brisbane, QLD", "tom.e2e@example.com"])) },
    ]);
    await page.getByRole("button", { name: "Upload CVs" }).click();
    await expect(page).toHaveURL(/\/candidates\/drafts$/);
    await waitUntilRead(page, 2);

    const ada = page.getByRole("form", { name: "Draft from Ada Lovelace CV.pdf" });
    await expect(ada.getByLabel("Name")).toHaveValue("Ada Lovelace");
    await expect(ada.getByLabel("E-mail")).toHaveValue("ada.e2e@example.com");
    await expect(ada.getByLabel("Phone")).toHaveValue("+44 7700 900123");
    await expect(ada.getByLabel("City")).toHaveValue("London");
    await picture(page, "cv-drafts-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(page, "cv-drafts-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A correction, then Confirm.
    await ada.getByLabel("Role").fill("Staff Backend Engineer");
    await ada.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/candidates\/drafts$/);
    await expect(page.getByRole("status").filter({ hasText: "Ada Lovelace added" })).toBeVisible();
    await expect(page.locator("[data-draft]")).toHaveCount(1);

    await page.goto("/candidates");
    await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeVisible();
    await expect(page.getByTestId("drafts-link")).toHaveText("1 draft from CVs to check");
    await page.getByRole("searchbox").fill("zanzibarite");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Ada Lovelace");
    await expect(rows.first()).toContainText("Staff Backend Engineer");
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "cv-candidates-390", { fullPage: true });

    // The candidate's page: the CV's fields and the CV itself.
    await page.setViewportSize({ width: 1280, height: 900 });
    await rows.first().getByRole("link", { name: "Ada Lovelace" }).click();
    await expect(page.getByLabel("Phone")).toHaveValue("+44 7700 900123");
    await expect(page.getByLabel("Skills (comma-separated)")).toHaveValue("Go, Kubernetes");
    await expect(page.getByTestId("candidate-files").getByRole("link", { name: "Ada Lovelace CV.pdf" })).toBeVisible();
    await picture(page, "cv-candidate-1280", { fullPage: true });
  });
});

test("with JavaScript, CVs dropped on the box become drafts at once", async ({ page }) => {
  const account = await createAccount();
  await login(page, account.email, account.password, "/candidates");
  await page.setViewportSize({ width: 1280, height: 900 });
  const box = page.getByTestId("cv-drop");
  await expect(box).toBeVisible();
  await hydrated(page);
  // What a browser hands the page when files are dropped on it.
  const files = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["Grace Hopper\nRear Admiral\ngrace.e2e@example.com\n"], "grace.txt", { type: "text/plain" }));
    dt.items.add(new File(["Alan Turing\nMathematician\nalan.e2e@example.com\n"], "alan.txt", { type: "text/plain" }));
    return dt;
  });
  await box.dispatchEvent("dragover", { dataTransfer: files });
  await expect(box).toHaveClass(/border-brand-500/);
  await picture(page, "cv-drop-1280");
  await box.dispatchEvent("drop", { dataTransfer: files });
  await expect(page).toHaveURL(/\/candidates\/drafts$/);
  await waitUntilRead(page, 2);
  await expect(page.getByRole("form", { name: "Draft from grace.txt" }).getByLabel("Name")).toHaveValue("Grace Hopper");
});

// Issue 60 item 6: CVs of the repository's set (test/fixtures/cvs) as a recruiter uploads them:
// the city filled from a header line, a line beside a phone and an address block, never the role.
test("CVs with the city in a header line, beside a phone and in an address block: each draft shows its city and role", async ({ page }) => {
  const { readFileSync } = await import("node:fs");
  const files = ["noah-williams.txt", "aisha-nguyen.txt", "liam-obrien.txt"];
  const account = await createAccount();
  await login(page, account.email, account.password, "/candidates");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel("CV files").setInputFiles(files.map((f) => ({ name: f, mimeType: "text/plain", buffer: readFileSync(`test/fixtures/cvs/${f}`) })));
  await page.getByRole("button", { name: "Upload CVs" }).click();
  await expect(page).toHaveURL(/\/candidates\/drafts$/);
  await waitUntilRead(page, 3);
  const want: Record<string, [string, string]> = { "noah-williams.txt": ["Melbourne", "Team Lead"], "aisha-nguyen.txt": ["Sydney", "Senior UX Designer"], "liam-obrien.txt": ["Brisbane", ""] };
  for (const [file, [city, role]] of Object.entries(want)) {
    const form = page.getByRole("form", { name: `Draft from ${file}` });
    await expect(form.getByLabel("City")).toHaveValue(city);
    await expect(form.getByLabel("Role")).toHaveValue(role);
  }
  await picture(page, "cv-drafts-cities-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await picture(page, "cv-drafts-cities-390", { fullPage: true });
});
