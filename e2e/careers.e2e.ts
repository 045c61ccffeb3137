import { expect, test, type Browser, type Page } from "@playwright/test";
import axe from "axe-core";
import { axeCheck, loginAsNewUser, picture } from "./fixtures";

// The careers site (issue 56): a candidate finds a job and applies, with JavaScript and without,
// on a wide screen and a phone; every page passes axe with every rule (no serious or critical
// violation). "Without JavaScript" is a browser with JavaScript off for the flow, and the page as
// served with its script blocked for axe (axe itself needs JavaScript to run).

const EVERY_RULE = Object.fromEntries(axe.getRules().map((r) => [r.ruleId, { enabled: true }]));
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function serious(page: Page) {
  const result = await axeCheck(page, { options: { rules: EVERY_RULE } });
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** How far the page reaches past the screen's right edge: a page scrolls down, never across. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A signed-in agency with a careers site and one published job with a screening question. */
async function agency(page: Page) {
  await loginAsNewUser(page, { to: null });
  const slug = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  expect((await page.request.put("/api/careers", { data: { slug, intro: "Nurses and engineers, placed with care.", privacyNotice: "We keep applications for 12 months." } })).status()).toBe(200);
  const made = await (await page.request.post("/api/jobs", { data: { title: "Registered Nurse" } })).json();
  const id = made.job.id as number;
  const patched = await page.request.patch(`/api/jobs/${id}`, {
    data: {
      published: true,
      description: "## The role\n\n- Day and night shifts\n- A friendly **ICU** team",
      city: "Melbourne",
      region: "VIC",
      country: "AU",
      employmentType: "full_time",
      salary: { min: 90000, max: 110000, currency: "AUD", period: "year" },
    },
  });
  expect(patched.status()).toBe(200);
  const form = await page.request.put(`/api/jobs/${id}/application-form`, {
    data: {
      fields: { cv: "required", phone: "optional", linkedin: "optional", note: "optional" },
      questions: [{ id: "rights", label: "Do you have the right to work in Australia?", kind: "yes_no", mode: "required", knockout: "no" }],
    },
  });
  expect(form.status()).toBe(200);
  return { slug, id };
}

const CV = { name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("Registered nurse, eight years in intensive care.") };

async function visitor(browser: Browser, viewport: { width: number; height: number }, js: boolean) {
  const context = await browser.newContext({ viewport, javaScriptEnabled: js });
  return { context, page: await context.newPage() };
}

for (const [label, viewport] of [
  ["1280 px", WIDE],
  ["390 px", PHONE],
] as const) {
  test(`without JavaScript at ${label}: list, job, a refused form that keeps what was typed, then the application`, async ({ page, browser }) => {
    const { slug, id } = await agency(page);
    const { context, page: p } = await visitor(browser, viewport, false);
    await p.goto(`/careers/${slug}?utm_source=e2e`);
    await expect(p.getByRole("heading", { name: /^Jobs at / })).toBeVisible();
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    await p.getByRole("link", { name: "Registered Nurse" }).click();
    await expect(p.getByRole("heading", { name: "Registered Nurse" })).toBeVisible();
    await expect(p.getByText("AUD 90,000–110,000 per year")).toBeVisible();
    await p.getByRole("link", { name: "Apply", exact: true }).click();
    await expect(p).toHaveURL(new RegExp(`/careers/${slug}/jobs/${id}/apply\\?source=e2e$`));
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    // The browser's own checks are what a person meets first; the server's are tested by turning them off.
    await p.evaluate(() => document.querySelector("form[data-apply-form]")?.setAttribute("novalidate", ""));
    await p.getByLabel("Full name").fill("Nina Nurse");
    await p.getByLabel("E-mail").fill("nina-at-example");
    await p.getByLabel("A note to the recruiter").fill("Available from March.");
    await p.waitForTimeout(3_200); // the form's minimum time
    await p.getByRole("button", { name: "Send application" }).click();
    await expect(p.locator("#email-error")).toHaveText("This is not an e-mail address (name@example.com)");
    await expect(p.locator("#cv-error")).toContainText("Please attach your CV");
    await expect(p.locator("#q_rights-error")).toHaveText("Please answer this question");
    await expect(p.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(p.getByLabel("Full name")).toHaveValue("Nina Nurse");
    await expect(p.getByLabel("A note to the recruiter")).toHaveValue("Available from March.");
    await picture(p, `careers-apply-errors-${viewport.width}`, { fullPage: true });
    await p.getByLabel("E-mail").fill(`nina-${viewport.width}@example.com`);
    await p.getByLabel("CV").setInputFiles(CV);
    await p.getByRole("radio", { name: "Yes" }).check();
    await p.getByRole("checkbox", { name: /I have read and agree/ }).check();
    await p.waitForTimeout(3_200);
    await p.getByRole("button", { name: "Send application" }).click();
    await expect(p.getByText("your application was sent")).toBeVisible();
    await expect(p.getByRole("heading", { name: "Your application for Registered Nurse" })).toBeVisible();
    await picture(p, `careers-applied-${viewport.width}`, { fullPage: true });
    await context.close();

    const apps = (await (await page.request.get(`/api/jobs/${id}/applications`)).json()).applications;
    expect(apps).toHaveLength(1);
    const one = (await (await page.request.get(`/api/applications/${apps[0].id}`)).json()).application;
    expect(one).toMatchObject({ source: "e2e", flags: [] });
  });

  test(`with JavaScript at ${label}: a CV dropped on the form is attached and sent`, async ({ page, browser }) => {
    const { slug, id } = await agency(page);
    const { context, page: p } = await visitor(browser, viewport, true);
    await p.goto(`/careers/${slug}/jobs/${id}/apply`);
    await p.getByLabel("Full name").fill("Omar Operator");
    await p.getByLabel("E-mail").fill(`omar-${viewport.width}@example.com`);
    await p.getByRole("radio", { name: "No" }).check();
    await p.getByRole("checkbox", { name: /I have read and agree/ }).check();
    // A file dragged from the desktop onto the form (not onto the file input).
    const dt = await p.evaluateHandle(() => {
      const d = new DataTransfer();
      d.items.add(new File(["Operator, ten years on night shifts."], "omar-cv.txt", { type: "text/plain" }));
      return d;
    });
    await p.locator("form[data-apply-form]").dispatchEvent("dragenter", { dataTransfer: dt });
    await p.locator("form[data-apply-form]").dispatchEvent("drop", { dataTransfer: dt });
    await expect(p.getByText("Attached: omar-cv.txt")).toBeVisible();
    await picture(p, `careers-apply-js-${viewport.width}`, { fullPage: true });
    await p.waitForTimeout(3_200);
    await p.getByRole("button", { name: "Send application" }).click();
    await expect(p.getByText("your application was sent")).toBeVisible();
    await context.close();
    const apps = (await (await page.request.get(`/api/jobs/${id}/applications`)).json()).applications;
    const one = (await (await page.request.get(`/api/applications/${apps[0].id}`)).json()).application;
    expect(one.flags).toEqual(["Knock-out answer: “Do you have the right to work in Australia?” → no"]);
    const files = (await (await page.request.get(`/api/participants/${one.candidateId}/files`)).json()).files;
    expect(files.map((f: { name: string }) => f.name)).toEqual(["omar-cv.txt"]);
  });
}

test("the careers pages pass axe with every rule, with and without their script, at 1280 and 390 px", async ({ page, browser }) => {
  const { slug, id } = await agency(page);
  for (const viewport of [WIDE, PHONE]) {
    for (const js of [true, false]) {
      const context = await browser.newContext({ viewport });
      const p = await context.newPage();
      if (!js) await p.route("**/assets/careers-apply-*.js", (r) => r.abort());
      for (const path of [`/careers/${slug}`, `/careers/${slug}/jobs/${id}`, `/careers/${slug}/jobs/${id}/apply`, `/careers/${slug}/privacy`]) {
        await p.goto(path);
        expect({ path, js, width: viewport.width, violations: await serious(p) }).toEqual({ path, js, width: viewport.width, violations: [] });
        expect(await overflow(p)).toBeLessThanOrEqual(0);
        if (js) await picture(p, `careers${path.replace(/\/careers\/[^/]+/, "").replace(/\//g, "-") || "-list"}-${viewport.width}`, { fullPage: true });
      }
      // The refused form, with its messages.
      await p.goto(`/careers/${slug}/jobs/${id}/apply`);
      await p.evaluate(() => document.querySelector("form[data-apply-form]")?.setAttribute("novalidate", ""));
      await p.getByRole("button", { name: "Send application" }).click();
      await expect(p.getByText("quicker than a person")).toBeVisible();
      expect(await serious(p)).toEqual([]);
      await context.close();
    }
  }
});

test("without JavaScript a recruiter sets up the site, publishes a job with its form on the Posting page, and finds it on the site", async ({ page, browser }) => {
  await loginAsNewUser(page, { to: null });
  const made = await (await page.request.post("/api/jobs", { data: { title: "Site Supervisor" } })).json();
  const cookies = await page.context().cookies();
  for (const viewport of [WIDE, PHONE]) {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    await context.addCookies(cookies);
    const p = await context.newPage();
    await p.goto("/settings/careers");
    const slug = `site-${viewport.width}-${Date.now().toString(36)}`;
    await p.getByLabel("Address").fill(slug);
    await p.getByLabel("Introduction").fill("Construction roles across Victoria.");
    await p.getByLabel("Privacy notice").fill("We keep applications for 12 months.");
    await p.getByRole("button", { name: "Save" }).click();
    await expect(p.getByText(`/careers/${slug}/feed.xml`)).toBeVisible();
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    await picture(p, `careers-settings-${viewport.width}`, { fullPage: true });

    await p.goto(`/jobs/${made.job.id}`);
    await p.getByRole("link", { name: "Posting and application form" }).click();
    await p.getByRole("checkbox", { name: "Published" }).check();
    await p.getByLabel("City").fill("Geelong");
    await p.getByLabel("Country (two letters)").fill("AU");
    await p.getByLabel("Employment type").selectOption("contract");
    await p.getByLabel("Description (Markdown)").fill("## The site\n\n- Civil works\n- **Team of 12**");
    await p.getByRole("button", { name: "Save posting" }).click();
    await expect(p.getByText("Status: open")).toBeVisible();
    await p.locator('input[name="q0_label"]').fill("Do you hold a white card?");
    await p.locator('input[name="q0_knockout"]').fill("no");
    await p.getByRole("button", { name: "Save application form" }).click();
    await expect(p.locator('input[name="q0_label"]')).toHaveValue("Do you hold a white card?");
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    await picture(p, `careers-posting-${viewport.width}`, { fullPage: true });

    await p.goto(`/careers/${slug}`);
    await p.getByRole("link", { name: "Site Supervisor" }).click();
    await expect(p.getByRole("heading", { name: "The site" })).toBeVisible();
    await p.getByRole("link", { name: "Apply", exact: true }).click();
    await expect(p.getByText("Do you hold a white card?")).toBeVisible();
    await context.close();
  }
});
