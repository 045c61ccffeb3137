import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants } from "../candidates/service";
import { extractParticipant, type DebugParticipant } from "./extract";

const t = makeTestApp({ DEV_PAGES: "1" });

const PAGES = ["/participants-monitor", "/database-test", "/database-debug", "/dashboard2", "/dashboard4"];
const APIS: [string, string][] = [
  ["GET", "/api/participants/sync/status"],
  ["GET", "/api/participants/backup?limit=10"],
  ["POST", "/api/participants/sync/trigger"],
  ["GET", "/api/participants/debug"],
  ["GET", "/api/participants/design-test"],
];

async function workspaceWith(rows: Parameters<typeof addParticipants>[2], name = "Recruiter") {
  const u = await t.signUp({ name });
  addParticipants(t.deps, u.workspaceId, rows);
  return u;
}

describe("signed out", () => {
  test.each(PAGES)("page %s redirects to /login", async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
  });

  test("/database-integration is public (part2 §2: audience any)", async () => {
    const res = await t.request("/database-integration");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("AI Database Integration");
    expect(html).not.toContain("account-menu");
  });

  test.each(APIS)("%s %s answers 401", async (method, path) => {
    const res = await t.request(path, { method });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
  });

  test("form posts are refused too, and start no run", async () => {
    for (const path of ["/participants-monitor/sync", "/database-test/seed"]) {
      const res = await t.request(path, { method: "POST" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
    }
    expect(t.deps.db.$client.query("select count(*) as n from sync_runs").get()).toEqual({ n: 0 });
  });
});

describe("the API", () => {
  test("sync status, trigger and backup, scoped to the workspace", async () => {
    const a = await workspaceWith([{ uniqueId: "a1", name: "Alice Atlas", emailAddress: "alice@a.test", roleApplied: "UX Designer", industry: "Tech", stages: 3 }]);
    const b = await workspaceWith([
      { uniqueId: "b1", name: "Bob Borg" },
      { uniqueId: "b2", name: "Bea Borg" },
    ]);

    let status = await (await t.request("/api/participants/sync/status", { cookie: a.cookie })).json();
    expect(status).toMatchObject({
      isInitialized: true,
      originalExists: true,
      originalCount: 1,
      backupExists: true,
      backupCount: 0,
      lastSync: null,
      cronActive: false,
      cronSchedule: "Hourly",
    });

    const trig = await (await t.request("/api/participants/sync/trigger", { method: "POST", cookie: a.cookie })).json();
    expect(trig).toMatchObject({ success: true, recordCount: 1 });
    expect(trig.message).toMatch(/^Synchronized 1 records in \d+ms$/);

    status = await (await t.request("/api/participants/sync/status", { cookie: a.cookie })).json();
    expect(status.backupCount).toBe(1);
    expect(Date.parse(status.lastSync)).not.toBeNaN();

    const backup = await (await t.request("/api/participants/backup?limit=10", { cookie: a.cookie })).json();
    expect(backup.backupData).toHaveLength(1);
    expect(backup.backupData[0]).toMatchObject({
      name: "Alice Atlas",
      email: "alice@a.test",
      position: "UX Designer",
      department: "Tech",
      status: "Assessment Completed",
      sync_status: "synced",
    });
    expect(Date.parse(backup.backupData[0].sync_timestamp)).not.toBeNaN();

    // Workspace B sees none of A's backup, and its own counts.
    const bStatus = await (await t.request("/api/participants/sync/status", { cookie: b.cookie })).json();
    expect(bStatus).toMatchObject({ originalCount: 2, backupCount: 0, lastSync: null });
    expect((await (await t.request("/api/participants/backup", { cookie: b.cookie })).json()).backupData).toEqual([]);
  });

  test("limit is validated (400, never a 500)", async () => {
    const u = await t.signUp();
    for (const q of ["0", "101", "abc", "-1"]) {
      const res = await t.request(`/api/participants/backup?limit=${q}`, { cookie: u.cookie });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("validation_failed");
    }
    expect((await t.request("/api/participants/debug?limit=5000", { cookie: u.cookie })).status).toBe(400);
  });

  test("static routes do not clash with /api/participants/:id", async () => {
    const u = await workspaceWith([{ uniqueId: "c1", name: "Cleo Clash" }]);
    const list = await (await t.request("/api/participants?limit=10", { cookie: u.cookie })).json();
    const id = list.participants[0].id;
    expect((await (await t.request(`/api/participants/${id}`, { cookie: u.cookie })).json()).name).toBe("Cleo Clash");
    expect((await t.request("/api/participants/999999", { cookie: u.cookie })).status).toBe(404);
    expect(Object.keys(await (await t.request("/api/participants/backup", { cookie: u.cookie })).json())).toEqual(["backupData"]);
    expect(Object.keys(await (await t.request("/api/participants/debug", { cookie: u.cookie })).json())).toEqual(["participants"]);
    expect(Object.keys(await (await t.request("/api/participants/design-test", { cookie: u.cookie })).json())).toEqual(["participants"]);
    expect(Object.keys(await (await t.request("/api/participants/sync/status", { cookie: u.cookie })).json())).toContain("cronSchedule");
  });

  test("debug and design-test give the database fields of this workspace only", async () => {
    const u = await workspaceWith([
      { uniqueId: "d1", name: "Dana Design", roleApplied: "Senior Designer", city: "Melbourne", prequalifier: "I design things" },
      { uniqueId: "d2", name: "Dev Dev", roleApplied: "Developer", city: "Perth", assessment: "Passed" },
      { uniqueId: "d3", name: null, prequalifier: "Hi, my name is Uma Ux and I am a UX lead in Brisbane" },
    ]);
    await workspaceWith([{ uniqueId: "x1", name: "Other Workspace Designer", roleApplied: "Designer" }]);

    const all: DebugParticipant[] = (await (await t.request("/api/participants/debug", { cookie: u.cookie })).json()).participants;
    expect(all.map((p) => p.unique_id).sort()).toEqual(["d1", "d2", "d3"]);
    expect(Object.keys(all[0]!).sort()).toEqual(
      ["id", "unique_id", "name", "email_address", "role_applied", "city", "job_title", "prequalifier", "assessment", "voice_transcript", "stages", "industry"].sort(),
    );
    const design: DebugParticipant[] = (await (await t.request("/api/participants/design-test", { cookie: u.cookie })).json()).participants;
    expect(design.map((p) => p.unique_id).sort()).toEqual(["d1", "d3"]);

    const uma = extractParticipant(all.find((p) => p.unique_id === "d3")!);
    expect(uma).toMatchObject({ name: "Uma Ux", role: "UX Designer", location: "Brisbane" });
    expect(uma.sources.map((s) => [s.key, s.present])).toEqual([
      ["prequalifier", true],
      ["assessment", false],
      ["voice_transcript", false],
    ]);
  });
});

describe("pages", () => {
  test("each page renders for a signed-in user with its texts", async () => {
    const u = await workspaceWith([{ uniqueId: "p1", name: "Paula Page", roleApplied: "Designer" }], "Pat Recruiter");
    const html = async (path: string) => {
      const res = await t.request(path, { cookie: u.cookie });
      expect(res.status).toBe(200);
      return res.text();
    };
    const monitor = await html("/participants-monitor");
    for (const s of ["System Status", "Active", "Original Table", "Backup Table", "Cron Job", "Stopped", "Schedule: Hourly", "Never", "Refresh", "Manual Sync", "1 record", "Empty", "Paula Page"]) {
      expect(monitor).toContain(s);
    }
    expect(monitor).toContain('data-island="monitor-participants"');
    const test = await html("/database-test");
    for (const s of ["Add Test Candidates", "Refresh Candidates", "Test ChatGPT Integration", 'href="/dashboardX"', "Total: 1", "Paula"]) expect(test).toContain(s);
    const debug = await html("/database-debug");
    for (const s of ["Fetch All Participants", "Test Design Query"]) expect(debug).toContain(s);
    expect(await html("/database-debug?view=all")).toContain("Paula Page");
    expect(await html("/database-integration")).toContain("AI Database Integration");
    const d2 = await html("/dashboard2");
    expect(d2.match(/Welcome Pat Recruiter/g)).toHaveLength(3);
    for (const s of ["Profile", u.email, "iCal Manager", "Log out", "Debug"]) expect(d2).toContain(s);
    expect(await html("/dashboard4")).toContain("Developer tools");
  });

  test("Manual Sync and Add Test Candidates work without JavaScript (303 with a toast)", async () => {
    const u = await workspaceWith([{ uniqueId: "n1", name: "No Script" }]);
    const res = await t.request("/participants-monitor/sync", { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/participants-monitor");
    const flash = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("frank_flash="))!
      .split(";")[0]!;
    const page = await (await t.request("/participants-monitor", { cookie: `${u.cookie}; ${flash}` })).text();
    expect(page).toMatch(/Synchronized 1 records in \d+ms/);

    const seed = await t.request("/database-test/seed", { method: "POST", cookie: u.cookie });
    expect(seed.status).toBe(303);
    const list = await (await t.request("/api/candidates", { cookie: u.cookie })).json();
    expect(list.total).toBeGreaterThan(1);
  });
});
