import { expect, test, type Browser, type Page } from "@playwright/test";
import axe from "axe-core";
import { axeCheck, hydrated, loginAsNewUser, withAxe } from "./fixtures";

// Candidate pages pass a strict accessibility check: axe-core with every rule, experimental and
// best-practice included, finds no serious or critical violation, with JavaScript on and off.
// "Off" loads the page as served with its scripts blocked: the DOM a browser without JavaScript
// shows, while axe itself can still run in the page.

const EVERY_RULE = Object.fromEntries(axe.getRules().map((r) => [r.ruleId, { enabled: true }]));

async function seriousViolations(page: Page) {
  const result = await axeCheck(page, { options: { rules: EVERY_RULE } });
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** How far the page reaches past the screen's right edge, in px: a page scrolls down, never across. */
const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

/**
 * One tab per mode, reused from page to page with its cookies and storage cleared in between, so
 * each page is met as a new visitor meets it; a tab per page cost a browser process each time.
 */
async function checker(browser: Browser, js: boolean) {
  // Without JavaScript on a 390 px phone, as many candidates open their link; with it on a 1280 px
  // screen, then narrowed in place to the phone (no script reads the width) to see it fits there too.
  const context = await browser.newContext({ timezoneId: "Australia/Melbourne", viewport: js ? WIDE : PHONE });
  await withAxe(context);
  const page = await context.newPage();
  if (!js) await page.route(/\.js(\?|$)/, (r) => r.abort());
  const across = async () => {
    const px = await widerThanScreen(page);
    return px > 0 ? [`${px} px wider than a ${page.viewportSize()!.width} px screen`] : [];
  };
  return {
    async check(path: string) {
      await page.goto(path);
      // Checked once its islands have taken over (with scripts blocked, as served).
      if (js) await hydrated(page);
      const found = [...(await seriousViolations(page)), ...(await across())];
      if (js) {
        await page.setViewportSize(PHONE);
        found.push(...(await across()));
        await page.setViewportSize(WIDE);
      }
      const scripted = await page.evaluate(() => document.scripts.length > 0);
      // Every page checked is on the one origin: this clears what the next one would see.
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await context.clearCookies();
      return { found, scripted };
    },
    close: () => context.close(),
  };
}

test("booking, manage, cancel, reschedule, visitor pages and login: no serious or critical axe violation, JavaScript on and off", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const { candidates } = await (await page.request.get("/api/candidates")).json();
  const slot = (days: number, hour: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + days);
    d.setUTCHours(hour, 0, 0, 0);
    return { startTime: d.toISOString(), endTime: new Date(d.getTime() + 3_600_000).toISOString() };
  };
  const session = async (candidateId: number, hours: number[]) =>
    (await (
      await page.request.post("/api/scheduling-sessions", { data: { candidateId, duration: 60, timeSlots: hours.map((h) => slot(4, h)), timeZone: "Australia/Melbourne", sendEmail: false } })
    ).json()) as { sessionToken: string; timeSlots: { id: string }[] };
  const open = await session(candidates[0].id, [0, 1, 2, 3]);
  const booked = await session(candidates[1].id, [5, 6, 7]);
  const done = await (await page.request.post(`/api/book/${booked.sessionToken}`, { data: { slotId: booked.timeSlots[0]!.id } })).json();
  const manage = done.confirmationUrl as string;

  const job = (await (await page.request.post("/api/jobs", { data: { title: "Accessible Role" } })).json()).job;
  const campaign = (await (await page.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "LinkedIn" } })).json()).campaign;
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await page.request.put("/api/candidate-pages/settings/availability", { data: { introCallMinutes: 30, timeZone: "UTC", weekly } })).ok()).toBe(true);

  const pages = [
    `/book/${open.sessionToken}`,
    `/booking-option-b/${open.sessionToken}`,
    manage,
    `${manage}?cancel=1`,
    `${manage}?booked=1`,
    `/prequalifier?c=${campaign.code}`,
    `/assessment?c=${campaign.code}`,
    `/scheduleacall?c=${campaign.code}`,
    "/login",
  ];
  const problems: string[] = [];
  // A page that loads no script is the same document with JavaScript off: checked once.
  const withoutScript = new Set<string>();
  for (const js of [true, false]) {
    const tab = await checker(browser, js);
    for (const path of pages) {
      if (!js && withoutScript.has(path)) continue;
      const { found, scripted } = await tab.check(path);
      if (js && !scripted) withoutScript.add(path);
      for (const v of found) problems.push(`${path} (JavaScript ${js ? "on" : "off"}): ${v}`);
    }
    await tab.close();
  }
  // The pages with a script were checked both ways.
  expect(pages.filter((p) => !withoutScript.has(p)).length).toBeGreaterThanOrEqual(4);
  expect(problems).toEqual([]);
  // The check itself finds what it should: an image without a text alternative and an unnamed field.
  await page.setContent(`<html lang="en"><title>x</title><main><img src="/favicon.ico"><input type="text"></main></html>`);
  expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^image-alt \(critical\)/), expect.stringMatching(/^label \(critical\)/)]);
});

test("without JavaScript the prequalifier's current question and the closing message are in view on a 390×844 phone", async ({ browser, page }) => {
  await loginAsNewUser(page, { to: null });
  const job = (await (await page.request.post("/api/jobs", { data: { title: "Phone Role" } })).json()).job;
  const campaign = (await (await page.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "Phone" } })).json()).campaign;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const c = await context.newPage();
  await c.goto(`/prequalifier?c=${campaign.code}`);
  const answers = ["Pat Phone", "pat.phone@example.com", "Melbourne", "Senior Developer", "skip", "Software", "Australian citizen", "150k", "Four weeks"];
  for (const [i, a] of answers.entries()) {
    if (i === 3) await expect(c.getByTestId("current-question")).toBeInViewport();
    await c.getByLabel(/Your answer/).fill(a);
    await c.getByRole("button", { name: "Send" }).click();
  }
  await expect(c.getByTestId("closing-message")).toBeInViewport();
  await context.close();
});

// Issue 41 item 7: every signed-in section, light and dark, at 1280 and 390 px: no serious or
// critical violation (axe's default rules, contrast included).
test("signed-in sections: no serious or critical axe violation in light and dark, at 1280 and 390 px", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const { candidates } = await (await page.request.get("/api/candidates")).json();
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(1, 0, 0, 0);
  const timeSlots = [0, 1].map((h) => ({ startTime: new Date(start.getTime() + h * 3_600_000).toISOString(), endTime: new Date(start.getTime() + (h + 1) * 3_600_000).toISOString() }));
  const s = await (await page.request.post("/api/scheduling-sessions", { data: { candidateId: candidates[0].id, duration: 60, timeSlots, timeZone: "Australia/Melbourne", sendEmail: false } })).json();
  expect((await page.request.post(`/api/book/${s.sessionToken}`, { data: { slotId: s.timeSlots[0].id } })).ok()).toBe(true);
  await page.request.post("/api/scheduling-sessions", { data: { candidateId: candidates[1].id, duration: 60, timeSlots, timeZone: "Australia/Melbourne", sendEmail: false } });
  const job = (await (await page.request.post("/api/jobs", { data: { title: "Accessible Role", location: "Remote" } })).json()).job;
  await page.request.post(`/api/jobs/${job.id}/campaigns`, { data: { name: "LinkedIn" } });
  const interview = (await (await page.request.get("/api/meetings")).json()).meetings[0].id;
  // A draft from a CV to check (issue 39), with the e-mail of a candidate, so it says whom it joins.
  const cv = `Grace Hopper\nRear Admiral\nArlington, USA | ${candidates[0].email} | +1 202 555 0100\nSkills: COBOL, Compilers\n`;
  expect((await page.request.post("/api/participants/from-files", { multipart: { file: { name: "grace.txt", mimeType: "text/plain", buffer: Buffer.from(cv) } } })).status()).toBe(201);

  const pages = [
    "/dashboard",
    "/candidates",
    "/candidates/drafts",
    `/candidates/${candidates[0].id}`,
    "/jobs",
    "/interviews",
    `/interview-details/${interview}`,
    "/chat",
    "/settings",
    "/settings/members",
    "/settings/activity",
    "/settings/candidate-pages",
    "/settings/api-keys",
    "/settings/webhooks",
    "/settings/email",
    "/ical-manager",
  ];
  // Each page is loaded once and checked four ways: the theme and the layout follow CSS media
  // queries alone (no script reads the width or the colour scheme), so switching them in place
  // shows what a fresh load in that mode shows, without three more loads per page.
  // Each width gets every default rule in the light theme. The dark theme sets colours and nothing
  // else (src/styles/app.css; each page's style sheets are read below to hold it to that), so in
  // the dark the rules that read colours are the ones whose answer can change: contrast, and links
  // told apart from text by colour alone.
  const colourRules = ["color-contrast", "link-in-text-block"];
  const darkThemeProperties = (tab: Page) =>
    tab.evaluate(() => {
      const found = new Set<string>();
      const walk = (rules: CSSRuleList, dark: boolean) => {
        for (const rule of rules) {
          const inDark = dark || (rule instanceof CSSMediaRule && rule.conditionText.includes("prefers-color-scheme: dark"));
          if (inDark && "style" in rule) for (const name of (rule as CSSStyleRule).style) found.add(name);
          if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules, inDark);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
      return [...found];
    });
  const modes = [
    { colorScheme: "light", width: 1280 },
    { colorScheme: "dark", width: 1280 },
    { colorScheme: "dark", width: 390 },
    { colorScheme: "light", width: 390 },
  ] as const;
  const size = (width: number) => ({ width, height: width === 390 ? 844 : 900 });
  const problems: string[] = [];
  const context = await browser.newContext({ viewport: size(1280), timezoneId: "Australia/Melbourne" });
  await withAxe(context);
  const tab = await context.newPage();
  // The switch's colour transitions run a hundred times faster, for every page this tab opens: axe
  // reads the same colours once they end, and the browser draws a few frames per switch instead of
  // about ten, for every element that fades at once.
  const devtools = await context.newCDPSession(tab);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 100 });
  expect((await tab.request.post("/api/auth/login", { data: { email: account.email, password: account.password } })).ok()).toBe(true);
  // Every other page goes through the modes backwards, so each page loads in the mode the one
  // before it ended in: no switch is spent on a page that is about to be left.
  let shown: (typeof modes)[number] = modes[0];
  await tab.emulateMedia({ colorScheme: shown.colorScheme });
  for (const [index, path] of pages.entries()) {
    await tab.goto(path);
    await hydrated(tab);
    expect(
      (await darkThemeProperties(tab)).filter((name) => !name.endsWith("color")),
      `${path}: what the dark theme sets besides colours`,
    ).toEqual([]);
    for (const { colorScheme, width } of index % 2 === 0 ? modes : [...modes].reverse()) {
      if (colorScheme !== shown.colorScheme) await tab.emulateMedia({ colorScheme });
      if (width !== shown.width) await tab.setViewportSize(size(width));
      shown = { colorScheme, width };
      // Colours are read once the switch's transitions have ended, as a person sees them.
      expect(
        await tab.evaluate(async () => {
          const moving = () => document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running");
          for (let i = 0; i < 40 && moving(); i++) await new Promise((r) => setTimeout(r, 50));
          return [innerWidth, matchMedia("(prefers-color-scheme: dark)").matches];
        }),
      ).toEqual([width, colorScheme === "dark"]);
      const across = await widerThanScreen(tab);
      if (across > 0) problems.push(`${path} ${colorScheme} ${width}px: ${across} px wider than the screen`);
      const result = await axeCheck(tab, colorScheme === "dark" ? { options: { runOnly: colourRules } } : {});
      for (const v of result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        problems.push(
          `${path} ${colorScheme} ${width}px: ${v.id} (${v.impact}) — ${v.nodes
            .slice(0, 4)
            .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`)
            .join(" | ")}`,
        );
      }
    }
  }
  await context.close();
  expect(problems).toEqual([]);
});
