import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants, upsertParticipantFromVisitor } from "../candidates/service";
import { Browser, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { eraseIdleCandidates } from "./retention";
import { updateCandidateSettings } from "../candidates/settings";

const t = makeTestApp({ DEV_PAGES: "1" });

describe("privacy notice", () => {
  test("the prequalifier and the assessment show the workspace's notice and policy link before the first question", async () => {
    const r = await recruiterWithCampaign(t);
    const b = new Browser(t, "10.7.0.1");
    const page = await (await b.get(`/prequalifier?c=${r.campaign.code}`)).text();
    expect(page).toContain('data-testid="privacy-notice"');
    expect(page.indexOf("privacy-notice")).toBeLessThan(page.indexOf("What is your full name") === -1 ? page.length : page.indexOf("What is your full name"));
    expect(page).toContain('href="/privacy"');
    expect((await t.request("/privacy")).status).toBe(200);
    await t.request("/api/candidate-settings", {
      method: "PATCH",
      cookie: r.cookie,
      json: { privacyNotice: "Acme keeps your answers for 12 months.", privacyPolicyUrl: "https://acme.example/privacy" },
    });
    const again = await (await b.get(`/assessment?c=${r.campaign.code}`)).text();
    expect(again).toContain("Acme keeps your answers for 12 months.");
    expect(again).toContain('href="https://acme.example/privacy"');
  });
});

describe("retention and test data", () => {
  test("with retention on, candidates idle for N months are erased; recent ones stay; off by default", async () => {
    const u = await t.signUp();
    const old = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "old", name: "Olga Oldrecord", emailAddress: "olga@example.com" });
    t.clock.set(new Date(t.clock.now().getTime() + 400 * 86_400_000));
    const fresh = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "new", name: "Nina New", emailAddress: "nina@example.com" });
    expect(eraseIdleCandidates(t.deps)).toBe(0); // off by default
    await updateCandidateSettings(t.deps, u.workspaceId, { retentionMonths: 12 }, "system"); // (the session expired with the clock move)
    expect(eraseIdleCandidates(t.deps)).toBe(1);
    const ids = t.deps.db.all<{ id: number }>(sql`select id from participants where workspace_id = ${u.workspaceId}`).map((r) => r.id);
    expect(ids).toEqual([fresh.id]);
    expect(ids).not.toContain(old.id);
  });

  test("test data is marked, shown as such, and removed in one action (only in its workspace)", async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const call = async (method: string, path: string, cookie = u.cookie) => {
      const res = await t.request(path, { method, cookie });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect((await t.request("/api/candidates/seed", { method: "POST", cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/candidates/seed", { method: "POST", cookie: other.cookie })).status).toBe(200);
    addParticipants(t.deps, u.workspaceId, [{ name: "Real Person", emailAddress: "real@example.com" }]);
    const list = (await call("GET", "/api/participants?limit=100")).body.participants;
    expect(list.filter((p: any) => p.isTest)).toHaveLength(10);
    expect((await call("GET", "/api/participants/test-data")).body.count).toBe(10);
    expect((await call("DELETE", "/api/participants/test-data")).body).toMatchObject({ success: true, removed: 10 });
    expect((await call("GET", "/api/participants")).body.participants.map((p: any) => p.name)).toEqual(["Real Person"]);
    expect((await call("GET", "/api/participants/test-data", other.cookie)).body.count).toBe(10);
  });
});
