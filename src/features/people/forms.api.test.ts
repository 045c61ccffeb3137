import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();

async function workspace() {
  const u = await t.signUp({ name: "Form Recruiter" });
  const form = (path: string, fields: [string, string][]) =>
    t.request(path, { method: "POST", cookie: u.cookie, body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  const get = (path: string) => t.request(path, { cookie: u.cookie });
  return { ...u, form, get };
}

describe("the candidate pages without JavaScript", () => {
  test("/candidates/{id}: edit, stage and note forms answer 303 back to the page; the page shows them", async () => {
    const w = await workspace();
    const p = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "f1", name: "Fay Form", emailAddress: "fay@example.com" });
    expect(
      (
        await w.form(`/candidates/${p.id}`, [
          ["city", "Darwin"],
          ["name", "Fay Formal"],
        ])
      ).status,
    ).toBe(303);
    expect((await w.form(`/candidates/${p.id}`, [["stages", "4"]])).status).toBe(303);
    const bad = await w.form(`/candidates/${p.id}`, [["stages", "9"]]);
    expect(bad.status).toBe(303);
    expect((await w.form(`/candidates/${p.id}/notes`, [["body", "Phoned, keen"]])).status).toBe(303);
    const html = await (await w.get(`/candidates/${p.id}`)).text();
    expect(html).toContain("Fay Formal");
    expect(html).toContain("Darwin");
    expect(html).toContain("Voice Interview Completed");
    expect(html).toContain("Note by Form Recruiter: Phoned, keen");
    const del = await w.form(`/candidates/${p.id}/delete`, []);
    expect(del.status).toBe(303);
    expect((await w.get(`/candidates/${p.id}`)).status).toBe(404);
  });

  test("/candidates/settings: buckets, privacy and retention saved; duplicates merged; test data removed", async () => {
    const w = await workspace();
    expect((await w.get("/candidates/settings")).status).toBe(200);
    expect(
      (
        await w.form("/candidates/settings", [
          ["locations", "Auckland\nWellington"],
          ["roles", "Nurse\nDoctor"],
        ])
      ).status,
    ).toBe(303);
    expect(
      (
        await w.form("/candidates/settings", [
          ["privacyNotice", "Kept for a year."],
          ["privacyPolicyUrl", ""],
          ["retentionMonths", "12"],
        ])
      ).status,
    ).toBe(303);
    const s = (await (await w.get("/api/candidate-settings")).json()) as any;
    expect(s).toMatchObject({ locations: ["Auckland", "Wellington"], roles: ["Nurse", "Doctor"], privacyNotice: "Kept for a year.", privacyPolicyUrl: "/privacy", retentionMonths: 12 });

    const a = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "d1", name: "Dup One", emailAddress: "dup@example.com" });
    const b = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "d2", name: "Dup Two", emailAddress: "dup2@example.com", city: "Auckland" });
    t.deps.db.run(sql`update participants set email_address = 'dup@example.com' where id = ${b.id}`);
    expect(await (await w.get("/candidates/settings")).text()).toContain("Merge into #" + a.id);
    expect(
      (
        await w.form("/candidates/merge", [
          ["keepId", String(a.id)],
          ["mergeIds", String(b.id)],
        ])
      ).status,
    ).toBe(303);
    const kept = (await (await w.get(`/api/participants/${a.id}`)).json()) as any;
    expect(kept).toMatchObject({ name: "Dup One", city: "Auckland" });
    expect((await w.get(`/api/participants/${b.id}`)).status).toBe(404);
  });
});
