import { expect, test, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { createAccount, demoSecret, hydrated } from "./fixtures";
import { freePort, spawnFrank, START_TIMEOUT_MS, waitFor } from "./own-server";

// Microsoft 365 (decision 34): a Frank server started here, pointed at the fake Microsoft identity
// platform and Graph (test/fakes/microsoft.ts). A recruiter connects Outlook, picks the calendars
// that count, and a candidate books; the interview lands in Outlook.

let fake: ChildProcess;
let frank: ChildProcess;
let fakeUrl = "";
let base = "";
let db = "";

const control = (body: object) => fetch(`${fakeUrl}/__control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
const state = () => fetch(`${fakeUrl}/__state`).then((r) => r.json() as Promise<{ events: { id: string; calendarId: string; body: any }[]; invitationsSent: unknown[] }>);

async function signIn(page: Page) {
  const email = `ms-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createAccount({ database: db, secret: demoSecret(db), email, password: "e2e-password-123", name: "Outlook Recruiter" });
  await page.goto(`${base}/login`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
}

test.describe("with Microsoft (fake)", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    fake = spawn("./node_modules/.bin/bun", ["test/fakes/microsoft.ts"], { stdio: ["ignore", "pipe", "inherit"] });
    const line = await new Promise<string>((resolve) => createInterface({ input: fake.stdout! }).once("line", resolve));
    fakeUrl = JSON.parse(line).url;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    db = `data/e2e-microsoft-${port}.db`;
    frank = spawnFrank(
      ["serve", "--demo"],
      {
        PORT: String(port),
        DATABASE_PATH: db,
        APP_URL: base,
        NODE_ENV: "test",
        MICROSOFT_CLIENT_ID: "fake-ms-client-id",
        MICROSOFT_CLIENT_SECRET: "fake-ms-client-secret",
        MICROSOFT_AUTHORITY_URL: fakeUrl,
        MICROSOFT_GRAPH_URL: `${fakeUrl}/v1.0`,
        CALENDAR_POLL_SECONDS: "2",
      },
      ["ignore", "ignore", "inherit"],
    );
    await waitFor(`${base}/healthz`);
  });

  test.afterAll(async () => {
    frank?.kill();
    fake?.kill();
    for (const suffix of ["", "-wal", "-shm", ".lock"]) rmSync(db + suffix, { force: true });
  });

  test("connect Microsoft Outlook, pick the calendars that count, and a candidate books: the interview is in Outlook with a Teams link", async ({ page, browser }) => {
    await signIn(page);
    await page.goto(`${base}/ical-manager`);
    await hydrated(page);
    await page.getByRole("link", { name: "Connect Microsoft Outlook" }).click();
    await expect(page.getByText("Calendar Connected")).toBeVisible();
    await expect(page.getByTestId("calendar-email")).toHaveText("recruiter@example.com");
    await expect(page.getByRole("heading", { name: "Microsoft Outlook" })).toBeVisible();

    const count = page.getByRole("region", { name: "Calendars that count" });
    await expect(count.getByText("Up to date")).toBeVisible({ timeout: 10_000 });
    await expect(count.getByLabel("Check Calendar for conflicts")).toBeChecked();
    const team = count.getByLabel("Check Team Interviews for conflicts");
    await expect(team).not.toBeChecked();
    await team.check();
    await count.getByRole("button", { name: "Save calendars" }).click();
    await expect(page.getByText("Calendars Saved")).toBeVisible();
    await expect(page.getByRole("region", { name: "Calendars that count" }).getByLabel("Check Team Interviews for conflicts")).toBeChecked();
    // A work account: Teams is the video link offered.
    await expect(page.getByLabel("Microsoft Teams (made with the Outlook event)")).toBeChecked();

    // Two slots; a meeting in the team calendar takes the first off the candidate's page.
    await page.request.post(`${base}/api/candidates/seed`);
    const candidates = await (await page.request.get(`${base}/api/candidates`)).json();
    const list = Array.isArray(candidates) ? candidates : (candidates.candidates ?? []);
    const at = (h: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + 2);
      d.setUTCHours(h, 0, 0, 0);
      return d;
    };
    const made = await page.request.post(`${base}/api/scheduling-sessions`, {
      data: { candidateId: list[0].id, title: "Interview", duration: 60, timeZone: "UTC", timeSlots: [10, 14].map((h) => ({ startTime: at(h).toISOString(), endTime: at(h + 1).toISOString() })) },
    });
    expect(made.status()).toBe(201);
    const session = await made.json();
    await control({ addEvent: { calendarId: "AAMkCal-team-interviews", subject: "Client meeting", start: at(10).toISOString(), end: new Date(at(10).getTime() + 30 * 60_000).toISOString() } });

    const candidate = await browser.newPage();
    await expect(async () => {
      await candidate.goto(`${base}/book/${session.sessionToken}`);
      await expect(candidate.locator('input[name="slotId"]')).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 60_000 });
    await candidate
      .locator("label", { has: candidate.locator('input[name="slotId"]') })
      .first()
      .click();
    await candidate.getByRole("button", { name: "Confirm Interview" }).click();
    await expect(candidate.getByText("Interview Scheduled!")).toBeVisible();
    await candidate.close();

    // The event is in the default calendar, a Teams meeting, Frank's id on it, no Microsoft invitation.
    await expect(async () => {
      const s = await state();
      const ev = s.events.find((e) => e.body.transactionId?.startsWith("frank-"));
      expect(ev?.calendarId).not.toBe("AAMkCal-team-interviews");
      expect(String(ev?.body.start.dateTime).slice(0, 19)).toBe(at(14).toISOString().slice(0, 19));
      expect(ev?.body.onlineMeeting?.joinUrl).toContain("https://teams.microsoft.com/");
      expect(s.invitationsSent).toEqual([]);
    }).toPass({ timeout: 60_000 });
  });
});
