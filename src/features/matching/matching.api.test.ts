import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { loadMatchingSet, ndcgAt, precisionAt, SET_CVS } from "../../../test/kits/matching-set";

const t = makeTestApp();

async function workspace() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { ...init, cookie: init.cookie ?? u.cookie });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text, location: res.headers.get("location") };
  };
  const set = loadMatchingSet(t.deps, u.workspaceId);
  return { ...u, call, ...set };
}

describe("matching candidates to jobs", () => {
  test("criteria are proposed from the description, and the recruiter's list replaces them", async () => {
    const w = await workspace();
    const job = w.jobs.get("frontend")!;
    const proposed = (await w.call(`/api/jobs/${job}/criteria`)).body;
    expect(proposed.source).toBe("rules");
    const labels = proposed.criteria.map((c: any) => c.label);
    expect(labels).toEqual(expect.arrayContaining(["React", "TypeScript", "JavaScript", "Node.js", "Figma", "5+ years of experience", "London"]));
    expect(proposed.criteria.find((c: any) => c.label === "React").mustHave).toBe(true);
    expect(proposed.criteria.find((c: any) => c.label === "Figma").mustHave).toBe(false);
    expect(proposed.criteria.find((c: any) => c.label === "Figma").weight).toBe(1);

    const saved = await w.call(`/api/jobs/${job}/criteria`, { method: "PUT", json: { criteria: [{ kind: "skill", label: "Vue", mustHave: true, weight: 3, terms: ["Vue.js"] }] } });
    expect(saved.status).toBe(200);
    expect(saved.body.source).toBe("recruiter");
    expect((await w.call(`/api/jobs/${job}/criteria`)).body.criteria.map((c: any) => c.label)).toEqual(["Vue"]);
    expect((await w.call(`/api/jobs/${job}/criteria`, { method: "PUT", json: { criteria: [{ kind: "skill", label: "x", weight: 7 }] } })).status).toBe(400);
    const other = await t.signUp();
    expect((await t.request(`/api/jobs/${job}/criteria`, { cookie: other.cookie })).status).toBe(404);
  });

  test("matches are ranked with per-criterion evidence quoted from the CV; Add to job and Not a fit are recorded", async () => {
    const w = await workspace();
    const job = w.jobs.get("nurse")!;
    const res = await w.call(`/api/jobs/${job}/matches?limit=10`);
    expect(res.status).toBe(200);
    const { matches, notice } = res.body;
    expect(notice).toContain("suggestions");
    expect(matches.length).toBe(10);
    const keys = matches.map((m: any) => w.cvOf.get(m.candidate.id));
    expect(ndcgAt(10, keys, "nurse")).toBeGreaterThan(0.7);
    expect(precisionAt(5, keys, "nurse")).toBeGreaterThanOrEqual(0.8);
    const top = matches[0];
    expect(top.madeBy).toBe("rules");
    expect(top.score).toBeGreaterThan(60);
    const met = top.criteria.find((c: any) => c.status === "met");
    const cv = SET_CVS.find((c) => c.key === w.cvOf.get(top.candidate.id))!;
    expect(met.evidence.source).toBeTruthy();
    expect(`${cv.cv} ${cv.city} ${cv.jobTitle}`).toContain(met.evidence.quote);
    for (let i = 1; i < matches.length; i++) expect(matches[i - 1].score).toBeGreaterThanOrEqual(matches[i].score);

    // Add to job: on the board, marked, and the suggestion accepted.
    const added = await w.call(`/api/jobs/${job}/matches/${top.candidate.id}/add`, { method: "POST" });
    expect(added.status).toBe(201);
    const again = (await w.call(`/api/jobs/${job}/matches?limit=10`)).body.matches;
    expect(again.find((m: any) => m.candidate.id === top.candidate.id).onJob).toBe(true);
    // Not a fit: hidden for this job, with the reason on record.
    const second = matches[1].candidate.id;
    expect((await w.call(`/api/jobs/${job}/matches/${second}/not-a-fit`, { method: "POST", json: { reason: "" } })).status).toBe(400);
    expect((await w.call(`/api/jobs/${job}/matches/${second}/not-a-fit`, { method: "POST", json: { reason: "Wants nights only" } })).status).toBe(200);
    expect((await w.call(`/api/jobs/${job}/matches?limit=50`)).body.matches.some((m: any) => m.candidate.id === second)).toBe(false);

    const s1 = (await w.call(`/api/participants/${top.candidate.id}/suggestions`)).body.suggestions;
    const m1 = s1.find((s: any) => s.feature === "matching" && s.subject === `job:${job}`);
    expect(m1.decision.status).toBe("accepted");
    expect(m1.madeBy).toBe("rules");
    expect(m1.inputHash).toMatch(/^[0-9a-f]{32}$/);
    const s2 = (await w.call(`/api/participants/${second}/suggestions`)).body.suggestions;
    expect(s2[0].decision).toMatchObject({ status: "dismissed", reason: "Wants nights only" });
    // Seen twice from the same input: kept once.
    expect(s1.filter((s: any) => s.subject === `job:${job}`).length).toBe(1);

    // In the export in plain words, and gone with the candidate.
    const exported = (await w.call(`/api/participants/${second}/export`)).body;
    expect(exported.automatedTools.title).toBe("How automated tools were used about you");
    expect(exported.automatedTools.items[0].what).toContain("Wants nights only");
    expect((await w.call(`/api/participants/${second}`, { method: "DELETE" })).status).toBe(200);
    const left = t.deps.db.$client.prepare("select count(*) as n from suggestions where participant_id = ?").get(second) as { n: number };
    expect(left.n).toBe(0);
  });

  test("Suggested candidates on the job's page and Suggested jobs on the candidate's, without JavaScript", async () => {
    const w = await workspace();
    const job = w.jobs.get("warehouse")!;
    const page = await w.call(`/jobs/${job}`);
    expect(page.body).toContain("Suggested candidates");
    expect(page.body).toContain("Add to job");
    const id = [...w.cvOf].find(([, k]) => k === "w1")![0];
    const form = await t.request(`/jobs/${job}/matches/${id}/add`, {
      method: "POST",
      body: new URLSearchParams({}),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookie: w.cookie,
    });
    expect(form.status).toBe(303);
    const candidate = await w.call(`/candidates/${[...w.cvOf].find(([, k]) => k === "a1")![0]}`);
    expect(candidate.body).toContain("Suggested jobs");
    expect(candidate.body).toContain("Management Accountant");
  });

  test("Settings → Assistant: owners and admins switch matching off, in the activity log", async () => {
    const w = await workspace();
    const recruiter = await addMember(t, w.cookie, "recruiter");
    expect((await t.request("/api/assistant/settings", { method: "PUT", json: { matching: false }, cookie: recruiter.cookie })).status).toBe(403);
    expect((await w.call("/api/assistant/settings", { method: "PUT", json: { retentionMonths: 3 } })).status).toBe(400);
    const saved = await w.call("/api/assistant/settings", { method: "PUT", json: { matching: false, retentionMonths: 12 } });
    expect(saved.body).toMatchObject({ matching: false, cvFields: true, retentionMonths: 12 });
    expect((await w.call(`/api/jobs/${w.jobs.get("data")}/matches`)).body.matches).toEqual([]);
    const log = (await w.call("/api/workspace/activity?action=assistant.settings_changed")).body;
    expect(JSON.stringify(log)).toContain("Matching candidates to jobs off");
  });
});
