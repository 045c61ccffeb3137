import { expect, test } from "@playwright/test";
import { picture } from "./fixtures";

// Issue 60 item 9: the demo a recruiter believes. The suite's server runs in demo mode: its demo
// workspace is what `npm start` shows a newcomer. Read in a Sydney browser, as the demo's agency is.
test.use({ timezoneId: "Australia/Sydney" });

test("the demo's board: jobs for clients, candidates who applied for the job, weeks in stage, funnel medians in days", async ({ page }) => {
  expect((await page.request.post("/api/auth/demo-login", { data: {} })).status()).toBe(200);
  await page.goto("/jobs");
  // The jobs are for the agency's clients, not for the agency itself.
  await expect(page.getByText("Harbour Bank").first()).toBeVisible();
  await expect(page.getByText("Demo Agency")).toHaveCount(0);
  await page.getByRole("link", { name: "Frontend Developer" }).first().click();
  await expect(page.locator("[data-card]").first()).toBeVisible();

  const labels = await page.locator("[data-card]").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label") ?? ""));
  expect(labels.length).toBeGreaterThan(10);
  // Days in stage, not every card "today".
  expect(labels.filter((l) => l.endsWith("today")).length).toBeLessThan(labels.length / 4);
  // The funnel's medians are days, not all "0 d".
  const funnel = await page.getByText(/ reached · /).allTextContents();
  expect(funnel.some((t) => /median (?:[1-9]\d*|\d+\.\d*[1-9]) days? here/.test(t))).toBe(true);
  // A card's interview reads in the reader's zone (Sydney's, the demo agency's), not "… UTC".
  const interview = page.locator('[data-card] a[href^="/interview-details/"]');
  for (const text of await interview.allTextContents()) expect(text).toMatch(/^Interview \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M GMT\+1[01]$/);
  await picture(page, "demo-board-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await picture(page, "demo-board-390", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A candidate on this board applied for this role, and says in the conversation the notice in the field.
  await page.locator("[data-card] a").first().click();
  await expect(page.getByLabel("Role applied")).toHaveValue("Frontend Developer");
  const notice = await page.getByLabel("Availability").inputValue();
  const conversation = await page.getByLabel("Prequalifier conversation").inputValue();
  if (/available /.test(conversation)) expect(conversation.toLowerCase()).toContain(`available ${notice.toLowerCase()}.`);
  await picture(page, "demo-candidate-1280", { fullPage: true });
});
