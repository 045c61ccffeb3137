import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants, upsertParticipantFromVisitor, latestParticipants } from "./service";
import { sampleCandidates } from "./sample-data";
import { matchesJob } from "./classify";

const t = makeTestApp({ DEV_PAGES: "1" });

async function workspace() {
  const u = await t.signUp();
  const get = async (path: string) => {
    const res = await t.request(path, { cookie: u.cookie });
    return { status: res.status, body: (await res.json()) as any };
  };
  const post = async (path: string, json: unknown) => {
    const res = await t.request(path, { cookie: u.cookie, json });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { ...u, get, post };
}

const person = (o: Record<string, any>): any => ({ uniqueId: crypto.randomUUID(), stages: 1, ...o });

describe("GET /api/participants", () => {
  test("answers the §3 shape with pagination, newest first", async () => {
    const w = await workspace();
    addParticipants(t.deps, w.workspaceId, sampleCandidates({ count: 45, now: t.clock.now(), seed: 7 }));
    const r = await w.get("/api/participants?limit=20&page=3");
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ total: 45, page: 3, limit: 20 });
    expect(r.body.participants).toHaveLength(5);
    const first = (await w.get("/api/participants?limit=2")).body.participants;
    expect(first[0].id).toBeGreaterThan(first[1].id);
    expect(Object.keys(first[0]).sort()).toEqual(
      [
        "id",
        "uniqueId",
        "name",
        "emailAddress",
        "city",
        "jobTitle",
        "roleApplied",
        "linkedinUrl",
        "phone",
        "industry",
        "visaStatus",
        "salaryExpectation",
        "availability",
        "stages",
        "prequalifier",
        "assessment",
        "voiceTranscript",
        "summary",
        "skills",
        "jobId",
        "campaignId",
        "createdAt",
        "lastUpdated",
        "shortlistId",
        "isTest",
      ].sort(),
    );
  });

  test("search is case-insensitive over name, e-mail, city, role, job title, industry and conversation", async () => {
    const w = await workspace();
    addParticipants(t.deps, w.workspaceId, [
      person({ name: "Zelda Quartz", emailAddress: "zq@mail.test", city: "Hobart", roleApplied: "Developer", jobTitle: "Welder", industry: "Aerospace", prequalifier: "I love kayaking" }),
      person({ name: "Other Person", city: "Perth", roleApplied: "Manager" }),
    ]);
    for (const q of ["zelda", "QUARTZ", "zq@mail.test", "hobart", "develo", "welder", "aerospace", "Kayak", "zelda hobart"]) {
      const r = await w.get(`/api/participants?search=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      expect(r.body.participants.map((p: any) => p.name)).toEqual(["Zelda Quartz"]);
    }
    expect((await w.get("/api/participants?search=nomatchword")).body.pagination.total).toBe(0);
    expect((await w.get(`/api/participants?search=${encodeURIComponent('"*) OR (')}`)).status).toBe(200);
  });

  test("search sees updates and combines with role and location filters", async () => {
    const w = await workspace();
    addParticipants(t.deps, w.workspaceId, [
      person({ name: "Anna Sydney Dev", city: "Sydney NSW", roleApplied: "Senior Developer" }),
      person({ name: "Anna Perth Dev", city: "Perth", roleApplied: "Backend Developer" }),
      person({ name: "Anna Sydney UX", city: "Sydney", roleApplied: "UX Designer" }),
    ]);
    const r = await w.get("/api/participants?search=anna&role=Developer&location=Sydney");
    expect(r.body.participants.map((p: any) => p.name)).toEqual(["Anna Sydney Dev"]);
    expect((await w.get("/api/participants?role=UX%20Designer")).body.pagination.total).toBe(1);
    expect((await w.get("/api/participants?location=all&role=all")).body.pagination.total).toBe(3);
    upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "v-1", name: "Bruno Later", city: "Adelaide", roleApplied: "Product Owner" });
    expect((await w.get("/api/participants?search=bruno&location=Adelaide&role=Product%20Owner")).body.pagination.total).toBe(1);
    upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "v-1", name: "Bruno Renamed", city: "Brisbane" });
    expect((await w.get("/api/participants?search=bruno&location=Adelaide")).body.pagination.total).toBe(0);
    expect((await w.get("/api/participants?search=renamed&location=Brisbane")).body.pagination.total).toBe(1);
  });

  test("validation: bad filters and limits answer 400 with a message", async () => {
    const w = await workspace();
    for (const q of ["role=Astronaut", "location=Tokyo", "limit=0", "limit=101", "page=0", "jobId=abc"]) {
      const r = await w.get(`/api/participants?${q}`);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe("string");
    }
  });

  test("401 without a session", async () => {
    expect((await t.request("/api/participants")).status).toBe(401);
  });
});

describe("participants and the job match", () => {
  test("jobId filters by the §5 rule, the same in SQL as in the pure module", async () => {
    const w = await workspace();
    const rows = [
      person({ name: "A", roleApplied: "Developer", city: "Melbourne" }),
      person({ name: "B", roleApplied: "Senior Frontend Developer", city: "Melbourne VIC" }),
      person({ name: "C", roleApplied: "Backend Developer", city: "Sydney" }),
      person({ name: "D", roleApplied: "Frontend Developer", city: "Sydney" }),
      person({ name: "E", roleApplied: "UX Designer", city: "Melbourne" }),
      person({ name: "F", roleApplied: null, jobTitle: "Developer", city: null }),
      person({ name: "G", roleApplied: "Product Owner", city: "" }),
    ];
    addParticipants(t.deps, w.workspaceId, rows as any);
    for (const job of [
      { title: "Frontend Developer", location: "Melbourne" },
      { title: "UX Designer", location: null },
      { title: "Product Owner / Manager", location: "Perth" },
      { title: "Lead UX / UI", location: "Melbourne" },
    ]) {
      const created = await w.post("/api/jobs", job);
      const got = (await w.get(`/api/participants?jobId=${created.body.job.id}`)).body.participants.map((p: any) => p.name).sort();
      const expected = rows
        .filter((p) => matchesJob(job, p as any))
        .map((p) => p.name)
        .sort();
      expect(got).toEqual(expected);
    }
  });

  test("a job's list says why a candidate with an unrelated role is in it: applied via campaign X", async () => {
    const w = await workspace();
    const job = (await w.post("/api/jobs", { title: "Frontend Developer", location: "Melbourne" })).body.job;
    const campaign = (await w.post(`/api/jobs/${job.id}/campaigns`, { name: "Seek spring" })).body;
    const campaignId = campaign.campaign?.id ?? campaign.id;
    expect(typeof campaignId).toBe("number");
    addParticipants(t.deps, w.workspaceId, [
      person({ name: "Via Campaign", roleApplied: "Chef", city: "Perth", jobId: job.id, campaignId }),
      person({ name: "By Role", roleApplied: "Frontend Developer", city: "Melbourne" }),
      person({ name: "Both", roleApplied: "Frontend Developer", city: "Melbourne", jobId: job.id, campaignId }),
    ] as any);
    const rows = (await w.get(`/api/participants?jobId=${job.id}`)).body.participants as any[];
    const byName = Object.fromEntries(rows.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["Both", "By Role", "Via Campaign"]);
    expect(byName["Via Campaign"].matchReason).toBe("applied via campaign Seek spring");
    expect(byName["By Role"].matchReason).toBeUndefined();
    expect(byName["Both"].matchReason).toBeUndefined();
    // Without a job filter there is nothing to explain.
    expect(((await w.get(`/api/participants`)).body.participants as any[]).every((p) => p.matchReason === undefined)).toBe(true);
  });

  test("GET /api/participants/{id}; another workspace's id is 404", async () => {
    const a = await workspace();
    const b = await workspace();
    const p = upsertParticipantFromVisitor(t.deps, a.workspaceId, { uniqueId: "x1", name: "Iso Lated", stages: 2 });
    expect((await a.get(`/api/participants/${p.id}`)).body.name).toBe("Iso Lated");
    expect((await b.get(`/api/participants/${p.id}`)).status).toBe(404);
    expect((await b.get(`/api/participants`)).body.pagination.total).toBe(0);
    expect((await b.get(`/api/participants?search=iso`)).body.pagination.total).toBe(0);
    expect((await a.get(`/api/participants?search=iso`)).body.pagination.total).toBe(1);
    expect((await a.get(`/api/participants/999999`)).status).toBe(404);
    expect((await a.get(`/api/participants/abc`)).status).toBe(400);
  });

  test("upsert by unique_id keeps one row, keeps untouched fields and never lowers the stage", async () => {
    const w = await workspace();
    upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "visitor-9", name: "Una Visitor", city: "Perth", stages: 3 });
    const p = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "visitor-9", assessment: "done", stages: 2 });
    expect(p).toMatchObject({ name: "Una Visitor", city: "Perth", assessment: "done", stages: 3 });
    expect((await w.get("/api/participants?location=Perth")).body.pagination.total).toBe(1);
  });
});

describe("database stats", () => {
  test("totals, buckets, 30 days of activity, and a job filter", async () => {
    const w = await workspace();
    const now = t.clock.now();
    addParticipants(t.deps, w.workspaceId, [
      person({ city: "Melbourne", roleApplied: "Developer", createdAt: now }),
      person({ city: "melbourne vic", roleApplied: "UX Designer", createdAt: new Date(now.getTime() - 2 * 86400_000) }),
      person({ city: "Tokyo", roleApplied: "Chef", createdAt: new Date(now.getTime() - 40 * 86400_000) }),
    ] as any);
    const r = await w.get("/api/database/stats");
    expect(r.status).toBe(200);
    expect(r.body.totalCandidates).toBe(3);
    expect(r.body.byLocation[0]).toEqual({ location: "Melbourne", count: 2 });
    expect(r.body.byLocation.find((x: any) => x.location === "Other").count).toBe(1);
    expect(r.body.byRole.find((x: any) => x.role === "UX Designer").count).toBe(1);
    expect(r.body.recentActivity).toHaveLength(30);
    expect(r.body.recentActivity.at(-1)).toEqual({ date: now.toISOString().slice(0, 10), count: 1 });
    expect(r.body.recentActivity.reduce((s: number, d: any) => s + d.count, 0)).toBe(2);
    expect(typeof r.body.lastUpdated).toBe("string");
    const job = await w.post("/api/jobs", { title: "Developer" });
    expect((await w.get(`/api/database/stats?jobId=${job.body.job.id}`)).body.totalCandidates).toBe(1);
    const other = await workspace();
    expect((await other.get(`/api/database/stats?jobId=${job.body.job.id}`)).status).toBe(404);
    expect((await other.get(`/api/database/stats`)).body.totalCandidates).toBe(0);
  });
});

describe("/api/candidates (test page)", () => {
  test("seed adds realistic candidates; the list has the test page's shape", async () => {
    const w = await workspace();
    const seeded = await w.post("/api/candidates/seed", {});
    expect(seeded.status).toBe(200);
    expect(seeded.body.message).toBe("Test candidates added to database");
    const r = await w.get("/api/candidates");
    expect(r.body.total).toBe(seeded.body.count);
    const c = r.body.candidates[0];
    expect(Object.keys(c).sort()).toEqual(["email", "firstName", "id", "lastName", "position"]);
    expect(c.email).toContain("@");
    expect((await t.request("/api/candidates/seed", { method: "POST" })).status).toBe(401);
    expect(latestParticipants(t.deps, w.workspaceId, 3)).toHaveLength(3);
  });
});
