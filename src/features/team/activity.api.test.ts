import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));

type Activity = { activity: { member: { id: number } | null; action: string; object: { type: string; id: string | null } }[] };

describe("activity log", () => {
  test("records who did what; owners and admins read it, filtered by member and action; recruiters get 403", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const admin = await addMember(t, owner.cookie, "admin");
    const cand = upsertParticipantFromVisitor(t.deps, owner.workspaceId, {
      uniqueId: "act-1",
      name: "Ann Able",
      emailAddress: "ann@example.com",
      roleApplied: "UX Designer",
      linkedinUrl: "https://linkedin.com/in/a",
    });

    const sl = (await (await t.request("/api/shortlists", { cookie: rec.cookie, json: { name: "Designers" } })).json()) as { id: number };
    expect((await t.request(`/api/shortlists/${sl.id}/candidates`, { cookie: rec.cookie, json: { candidateIds: [cand.id] } })).status).toBeLessThan(300);
    const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    const s = (await (
      await t.request("/api/scheduling-sessions", { cookie: rec.cookie, json: { candidateId: cand.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false } })
    ).json()) as { id: number };
    expect((await t.request(`/api/scheduling-sessions/${s.id}`, { method: "DELETE", cookie: rec.cookie })).status).toBe(200);
    expect((await t.request(`/api/participants/${cand.id}`, { method: "PATCH", cookie: rec.cookie, json: { stages: 3 } })).status).toBe(200);
    expect((await t.request("/api/workspace/site", { method: "PUT", cookie: admin.cookie, json: { siteUrl: "https://agency.example" } })).status).toBe(200);
    // A refused change records nothing.
    expect((await t.request("/api/workspace/site", { method: "PUT", cookie: rec.cookie, json: { siteUrl: "https://x.example" } })).status).toBe(403);

    const res = await t.request("/api/workspace/activity", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const all = ((await res.json()) as Activity).activity;
    const actions = all.map((a) => a.action);
    for (const a of ["member.invited", "member.joined", "shortlist.created", "shortlist.changed", "session.created", "session.cancelled", "candidate.stage_changed", "settings.changed"])
      expect(actions).toContain(a);
    expect(all.filter((a) => a.action === "settings.changed")).toHaveLength(1);
    expect(all.find((a) => a.action === "session.cancelled")).toMatchObject({ member: { id: rec.id }, object: { type: "session", id: String(s.id) } });

    const byRec = ((await (await t.request(`/api/workspace/activity?member=${rec.id}`, { cookie: admin.cookie })).json()) as Activity).activity;
    expect(byRec.length).toBeGreaterThan(0);
    expect(byRec.every((a) => a.member?.id === rec.id)).toBe(true);
    const cancelled = ((await (await t.request("/api/workspace/activity?action=session.cancelled", { cookie: owner.cookie })).json()) as Activity).activity;
    expect(cancelled.map((a) => a.action)).toEqual(["session.cancelled"]);

    const refused = await t.request("/api/workspace/activity", { cookie: rec.cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("You do not have permission to do this.");
  });
});

describe("activity log of the forms without JavaScript", () => {
  test("a saved candidate form is recorded; a refused one is not", async () => {
    const owner = await t.signUp();
    const cand = upsertParticipantFromVisitor(t.deps, owner.workspaceId, {
      uniqueId: "act-form",
      name: "Fay Form",
      emailAddress: "fay@example.com",
      roleApplied: "UX Designer",
      linkedinUrl: "https://linkedin.com/in/f",
    });
    const form = (fields: Record<string, string>) =>
      t.request(`/candidates/${cand.id}`, { cookie: owner.cookie, body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
    expect((await form({ stages: "2" })).status).toBe(303);
    expect((await form({ stages: "9" })).status).toBe(303);
    const rows = ((await (await t.request(`/api/workspace/activity?member=${owner.userId}`, { cookie: owner.cookie })).json()) as Activity).activity;
    expect(rows.filter((a) => a.action === "candidate.stage_changed")).toHaveLength(1);
  });
});
