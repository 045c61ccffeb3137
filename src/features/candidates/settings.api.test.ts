import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants } from "./service";

const t = makeTestApp();

async function workspace() {
  const u = await t.signUp();
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await t.request(path, { method, cookie: u.cookie, json });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { ...u, call };
}

describe("candidate settings: buckets per workspace, privacy notice, retention", () => {
  test("defaults are the spec's buckets, a notice with a policy link, and no retention", async () => {
    const w = await workspace();
    const r = await w.call("GET", "/api/candidate-settings");
    expect(r.body.locations).toEqual(["Melbourne", "Sydney", "Brisbane", "Perth", "Adelaide"]);
    expect(r.body.roles).toEqual(["Product Owner", "Designer", "UX Designer", "Developer", "Manager"]);
    expect(r.body.privacyNotice.length).toBeGreaterThan(50);
    expect(r.body.privacyPolicyUrl).toBe("/privacy");
    expect(r.body.retentionMonths).toBeNull();
  });

  test("new buckets re-sort the candidates; filters, stats and search follow; other workspaces keep theirs", async () => {
    const w = await workspace();
    const other = await workspace();
    const people = [
      { uniqueId: "a", name: "Ana", city: "Auckland", roleApplied: "Data Scientist" },
      { uniqueId: "b", name: "Ben", city: "New York City", roleApplied: "Nurse" },
      { uniqueId: "c", name: "Cat", city: "Sydney", roleApplied: "Senior Developer" },
    ];
    addParticipants(t.deps, w.workspaceId, people);
    addParticipants(t.deps, other.workspaceId, people);
    expect((await w.call("GET", "/api/participants?location=Auckland")).status).toBe(400);
    const saved = await w.call("PATCH", "/api/candidate-settings", { locations: ["Auckland", "New York", "Sydney"], roles: ["Data Scientist", "Nurse", "Developer"] });
    expect(saved.status).toBe(200);
    expect(saved.body.locations).toEqual(["Auckland", "New York", "Sydney"]);
    const names = async (q: string) => (await w.call("GET", `/api/participants?${q}`)).body.participants.map((p: any) => p.name);
    expect(await names("location=Auckland")).toEqual(["Ana"]);
    expect(await names("location=New%20York&role=Nurse")).toEqual(["Ben"]);
    expect(await names("location=New%20York&search=ben")).toEqual(["Ben"]);
    expect(await names("role=Data%20Scientist")).toEqual(["Ana"]);
    const stats = (await w.call("GET", "/api/database/stats")).body;
    expect(stats.byLocation.map((l: any) => l.location).sort()).toEqual(["Auckland", "New York", "Other", "Sydney"]);
    expect(stats.byRole.find((r: any) => r.role === "Nurse").count).toBe(1);
    expect((await other.call("GET", "/api/participants?location=Auckland")).status).toBe(400);
    expect((await other.call("GET", "/api/database/stats")).body.byLocation.find((l: any) => l.location === "Sydney").count).toBe(1);
  });

  test("bad settings are refused with the field named", async () => {
    const w = await workspace();
    for (const [body, field] of [
      [{ locations: [] }, "locations"],
      [{ locations: ["Other"] }, "locations.0"],
      [{ roles: ["A", "a"] }, "roles"],
      [{ roles: ['Dev"eloper'] }, "roles.0"],
      [{ privacyPolicyUrl: "javascript:alert(1)" }, "privacyPolicyUrl"],
      [{ retentionMonths: 0 }, "retentionMonths"],
    ] as const) {
      const r = await w.call("PATCH", "/api/candidate-settings", body);
      expect(r.status).toBe(400);
      expect(r.body.fields[field]).toBeTruthy();
    }
    expect((await w.call("PATCH", "/api/candidate-settings", { retentionMonths: 24, privacyNotice: "Our notice" })).body).toMatchObject({ retentionMonths: 24, privacyNotice: "Our notice" });
    expect((await w.call("PATCH", "/api/candidate-settings", { retentionMonths: null })).body.retentionMonths).toBeNull();
  });
});
