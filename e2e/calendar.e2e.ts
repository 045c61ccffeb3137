import { expect, test, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { createAccount, demoSecret, hydrated, loginAsNewUser } from "./fixtures";
import { freePort, spawnFrank, START_TIMEOUT_MS, waitFor } from "./own-server";

// The manager page in each state. Without Google credentials: the shared e2e server.
// Connected: a second Frank server started here, pointed at the fake Google (test/fakes/google.ts).

test.describe("without Google credentials", () => {
  test("logged out: a prompt to sign in", async ({ page }) => {
    await page.goto("/ical-manager");
    await expect(page.getByText("Please log in to manage calendar connections")).toBeVisible();
    await page.getByRole("link", { name: "Go to Login" }).click();
    // Back to the calendar page after signing in (issue 41).
    await expect(page).toHaveURL(/\/login\?next=%2Fical-manager$/);
  });

  test("not connected: the Connect button explains what to configure; the feed works and regenerates", async ({ page }) => {
    await loginAsNewUser(page, { to: "/ical-manager" });
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Connect Google Calendar" })).toBeDisabled();
    await expect(page.getByText("GOOGLE_CLIENT_ID")).toBeVisible();
    await expect(page.getByTestId("calendar-dot")).toHaveAttribute("data-connected", "false");

    const feed = page.getByLabel("Private feed address");
    const first = await feed.inputValue();
    expect(first).toMatch(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await page.request.get(first);
    expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await res.text()).toContain("BEGIN:VCALENDAR");

    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Regenerate URL" }).click();
    await expect(page.getByText("Feed URL Regenerated")).toBeVisible();
    await expect(feed).not.toHaveValue(first);
    expect((await page.request.get(first)).status()).toBe(404);
  });

  test("an error parameter shows Connection Failed and is removed from the address", async ({ page }) => {
    await loginAsNewUser(page, { to: "/ical-manager?error=access_denied" });
    await expect(page.getByText("Connection Failed")).toBeVisible();
    await expect(page.getByText("Failed to connect Google Calendar. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/ical-manager$/);
  });
});

// ---- A Frank server with Google pointed at the fake ----

let google: ChildProcess;
let frank: ChildProcess;
let googleUrl = "";
let base = "";
let db = "";

const control = (body: object) => fetch(`${googleUrl}/__control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function signIn(page: Page) {
  const email = `cal-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createAccount({ database: db, secret: demoSecret(db), email, password: "e2e-password-123", name: "Cal Recruiter" });
  await page.goto(`${base}/login`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
}

/** A scheduling session made through the API (the busy-times check calls Google). */
async function createSession(page: Page) {
  await page.request.post(`${base}/api/candidates/seed`);
  const candidates = await (await page.request.get(`${base}/api/candidates`)).json();
  const list = Array.isArray(candidates) ? candidates : (candidates.candidates ?? []);
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 2);
  start.setUTCHours(10, 0, 0, 0);
  const end = new Date(start.getTime() + 3600_000);
  const res = await page.request.post(`${base}/api/scheduling-sessions`, {
    data: { candidateId: list[0].id, title: "Interview", duration: 60, timeZone: "UTC", timeSlots: [{ startTime: start.toISOString(), endTime: end.toISOString() }] },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** A booked interview, made through the API while Google is down, so it has no event yet. */
async function bookWhileGoogleDown(page: Page) {
  await control({ down: true });
  try {
    const session = await createSession(page);
    const view = await (await page.request.get(`${base}/api/book/${session.sessionToken}`)).json();
    const booked = await page.request.post(`${base}/api/book/${session.sessionToken}`, { data: { slotId: view.availableSlots[0].id } });
    expect(booked.status()).toBe(200);
  } finally {
    await control({ down: false });
  }
}

test.describe("with Google (fake)", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    google = spawn("./node_modules/.bin/bun", ["test/fakes/google.ts"], { stdio: ["ignore", "pipe", "inherit"] });
    const line = await new Promise<string>((resolve) => createInterface({ input: google.stdout! }).once("line", resolve));
    googleUrl = JSON.parse(line).url;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    db = `data/e2e-calendar-${port}.db`;
    frank = spawnFrank(
      ["serve", "--demo"],
      {
        PORT: String(port),
        DATABASE_PATH: db,
        APP_URL: base,
        NODE_ENV: "test",
        GOOGLE_CLIENT_ID: "fake-client-id",
        GOOGLE_CLIENT_SECRET: "fake-client-secret",
        GOOGLE_OAUTH_BASE_URL: googleUrl,
        GOOGLE_API_BASE_URL: googleUrl,
        // The busy cache is read again every 2 s (the default is 120).
        CALENDAR_POLL_SECONDS: "2",
      },
      ["ignore", "ignore", "inherit"],
    );
    await waitFor(`${base}/healthz`);
  });

  test.afterAll(async () => {
    frank?.kill();
    google?.kill();
    for (const suffix of ["", "-wal", "-shm", ".lock"]) rmSync(db + suffix, { force: true });
  });

  test("connect (loading, toast, clean address), choose the primary, sync, disconnect", async ({ page }) => {
    await signIn(page);
    await page.goto(`${base}/ical-manager`);
    await hydrated(page);
    await expect(page.getByTestId("calendar-dot")).toHaveAttribute("data-connected", "false");

    // Hold the status call to see the loading state on the way back from Google.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route("**/api/calendar/status*", async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole("link", { name: "Connect Google Calendar" }).click();
    await expect(page.getByText("Loading calendar status...")).toBeVisible();
    await expect(page.getByText("Calendar Connected")).toBeVisible();
    release();
    await expect(page.getByTestId("calendar-email")).toHaveText("recruiter@example.com");
    await expect(page).toHaveURL(`${base}/ical-manager`);
    await page.unroute("**/api/calendar/status*");

    const select = page.getByLabel("Calendar for interview events");
    await expect(select.locator("option")).toHaveText(["Choose a calendar...", "recruiter@example.com · Primary", "Team Interviews"]);
    const save = page.getByRole("button", { name: "Save as Primary Calendar" });
    await expect(save).toBeDisabled(); // the choice already is the primary
    await select.selectOption("");
    await expect(save).toBeDisabled(); // nothing chosen
    await select.selectOption({ label: "Team Interviews" });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText("Primary Calendar Saved")).toBeVisible();
    await expect(page.getByText("Team Interviews is now your primary calendar.")).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(page.getByTestId("calendar-dot")).toHaveAttribute("data-connected", "true");

    // The Sync link of the account menu; the sync page pushes the interview Google missed.
    await bookWhileGoogleDown(page);
    await page.goto(`${base}/dashboard`);
    await page.getByTestId("account-menu").locator("summary").click();
    await page.getByRole("link", { name: "Sync", exact: true }).click();
    await expect(page).toHaveURL(`${base}/sync-ical`);
    // The work queue retries the missed event by itself too: whichever came first made it.
    await expect(page.getByTestId("sync-report")).toHaveText(/^Sync complete: (1 created, 0 already there|0 created, 1 already there), 0 failed\.$/);
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByTestId("sync-report")).toHaveText("Sync complete: 0 created, 1 already there, 0 failed.");

    await page.getByRole("link", { name: "Go to iCal Manager" }).click();
    await hydrated(page);
    await page.getByRole("button", { name: "Disconnect Google Calendar" }).click();
    await expect(page.getByText("Calendar Disconnected")).toBeVisible();
    await expect(page.getByRole("link", { name: "Connect Google Calendar" })).toBeVisible();
    await expect(page.getByTestId("calendar-dot")).toHaveAttribute("data-connected", "false");
  });

  test("a grant Google refuses shows a clear disconnected state", async ({ page }) => {
    await signIn(page);
    await page.goto(`${base}/ical-manager`);
    await page.getByRole("link", { name: "Connect Google Calendar" }).click();
    await expect(page.getByTestId("calendar-email")).toBeVisible();
    await control({ revokeAll: "recruiter@example.com" });
    // The next call to Google finds out: here the busy cache's polling sync (every 2 s in these tests).
    await expect(async () => {
      await page.goto(`${base}/ical-manager`);
      await expect(page.getByRole("alert")).toContainText("Google no longer accepts this connection", { timeout: 500 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole("link", { name: "Connect Google Calendar" })).toBeVisible();
    await expect(page.getByTestId("calendar-dot")).toHaveAttribute("data-connected", "false");
  });

  test("without JavaScript: the connected state, save and disconnect post forms", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${base}/ical-manager`);
    await page.getByRole("link", { name: "Connect Google Calendar" }).click();
    await expect(page.getByText("Calendar Connected")).toBeVisible();
    await expect(page.getByTestId("calendar-email")).toHaveText("recruiter@example.com");
    await page.getByLabel("Calendar for interview events").selectOption({ label: "Team Interviews" });
    await page.getByRole("button", { name: "Save as Primary Calendar" }).click();
    await expect(page.getByText("Primary Calendar Saved")).toBeVisible();
    await page.getByRole("button", { name: "Disconnect Google Calendar" }).click();
    await expect(page.getByText("Calendar Disconnected")).toBeVisible();
    await context.close();
  });

  test("calendars that count: check a second calendar, and a busy event in it hides the slot on the candidate's page", async ({ page }) => {
    await signIn(page);
    await page.goto(`${base}/ical-manager`);
    await page.getByRole("link", { name: "Connect Google Calendar" }).click();
    await expect(page.getByText("Calendar Connected")).toBeVisible();
    const count = page.getByRole("region", { name: "Calendars that count" });
    await expect(count.getByText("Up to date")).toBeVisible();
    await expect(count.getByLabel("Check recruiter@example.com for conflicts")).toBeChecked();
    const team = count.getByLabel("Check Team Interviews for conflicts");
    await expect(team).not.toBeChecked();
    await team.check();
    await count.getByRole("button", { name: "Save calendars" }).click();
    await expect(page.getByText("Calendars Saved")).toBeVisible();
    await expect(page.getByRole("region", { name: "Calendars that count" }).getByLabel("Check Team Interviews for conflicts")).toBeChecked();

    const session = await createSession(page);
    const slot = session.timeSlots[0];
    await page.goto(`${base}/book/${session.sessionToken}`);
    await expect(page.locator('input[name="slotId"]')).toHaveCount(1);
    // A client meeting lands in the team calendar: the next poll (2 s) and its sync take the slot off
    // the page. The wait bounds a hang: on cores kept busy by other work the sync took over 15 s.
    await control({
      addEvent: { calendarId: "team-interviews@group.calendar.google.com", summary: "Client meeting", start: slot.startTime, end: new Date(Date.parse(slot.startTime) + 30 * 60_000).toISOString() },
    });
    await expect(async () => {
      await page.reload();
      await expect(page.locator('input[name="slotId"]')).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 60_000 });
  });
});
