// The model path of matching (issue 57 item 2): the top of the rules ranking is judged in the job
// queue through the openai SDK (JSON mode) against the fake server; a quote that is not in the
// candidate's text is dropped and its "met" becomes "unknown"; the suggestion names the model.
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startFakeOpenAI } from "../../../test/fakes/openai";
import { addCandidate, SET_JOBS } from "../../../test/kits/matching-set";
import { createJob } from "../jobs/service";

const fake = startFakeOpenAI();
afterAll(() => fake.stop());
const t = makeTestApp({ OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: fake.url, OPENAI_MODEL: "fake-model", OPENAI_TIMEOUT_MS: "2000" });

describe("matching with a model", () => {
  test("the model's verdicts replace the rules' once judged, quotes checked against the text", async () => {
    const u = await t.signUp();
    const spec = SET_JOBS.find((j) => j.key === "warehouse")!;
    const job = createJob(t.deps, u.workspaceId, { title: spec.title, description: spec.description, location: spec.location, clientId: null }, "system");
    const criteria = (await (await t.request(`/api/jobs/${job.id}/criteria`, { cookie: u.cookie })).json()) as any;
    const forklift = criteria.criteria.find((c: any) => c.label === "Forklift licence").id;
    const picking = criteria.criteria.find((c: any) => c.label === "Warehouse").id;
    const answer = {
      criteria: [
        { id: forklift, status: "met", quote: "Forklift licence held since 2019", source: "CV" },
        { id: picking, status: "met", quote: "a made-up quote about picking", source: "CV" },
      ],
    };
    const cv = `Forklift licence held since 2019. Warehouse work, stock control.\nmodel says base64: ${Buffer.from(JSON.stringify(answer)).toString("base64")}`;
    const id = addCandidate(t.deps, u.workspaceId, { key: "m1", name: "Sam Doe", city: "Leeds", jobTitle: "Operative", cv }, "m1");

    const first = (await (await t.request(`/api/jobs/${job.id}/matches`, { cookie: u.cookie })).json()) as any;
    expect(first.matches[0].madeBy).toBe("rules");
    expect(first.pending).toBe(1);
    await t.deps.jobs.runDue();
    expect(fake.requests.some((r) => r.body?.response_format?.type === "json_object" || r.response_format?.type === "json_object")).toBe(true);

    const after = (await (await t.request(`/api/jobs/${job.id}/matches`, { cookie: u.cookie })).json()) as any;
    const m = after.matches.find((x: any) => x.candidate.id === id);
    expect(m.madeBy).toBe("fake-model");
    expect(after.pending).toBe(0);
    const f = m.criteria.find((c: any) => c.criterionId === forklift);
    expect(f).toMatchObject({ status: "met", evidence: { quote: "Forklift licence held since 2019", source: "CV" } });
    // Not in the text: dropped, and "met" without evidence is "unknown".
    expect(m.criteria.find((c: any) => c.criterionId === picking)).toMatchObject({ status: "unknown", evidence: null });

    const s = (await (await t.request(`/api/participants/${id}/suggestions`, { cookie: u.cookie })).json()) as any;
    const byModel = s.suggestions.find((x: any) => x.madeBy === "fake-model");
    expect(byModel).toMatchObject({ feature: "matching", promptVersion: "match-judge-1" });
    expect(byModel.output.quotesDropped).toBe(1);
  });

  test("a list seen twice queues its judging once, and another app with the same ids queues its own", async () => {
    const env = { OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: fake.url, OPENAI_MODEL: "fake-model", OPENAI_TIMEOUT_MS: "2000" };
    const judgings = (app: ReturnType<typeof makeTestApp>) => (app.deps.db.$client.query("SELECT count(*) AS n FROM tasks WHERE kind = 'matching.judge'").get() as { n: number }).n;
    const spec = SET_JOBS.find((j) => j.key === "warehouse")!;
    // Two apps on databases of their own: the same workspace, job and candidate ids, the same CV.
    const [a, b] = [makeTestApp(env), makeTestApp(env)];
    const ids: number[][] = [];
    for (const app of [a, b]) {
      const u = await app.signUp({ email: "same@example.com" });
      const job = createJob(app.deps, u.workspaceId, { title: spec.title, description: spec.description, location: spec.location, clientId: null }, "system");
      const id = addCandidate(app.deps, u.workspaceId, { key: "s1", name: "Sam Doe", city: "Leeds", jobTitle: "Operative", cv: "Forklift licence held since 2019. Warehouse work." }, "s1");
      ids.push([u.workspaceId, job.id, id]);
      for (let i = 0; i < 2; i++) expect(((await (await app.request(`/api/jobs/${job.id}/matches`, { cookie: u.cookie })).json()) as any).pending).toBe(1);
    }
    expect(ids[0]).toEqual(ids[1]);
    expect([judgings(a), judgings(b)]).toEqual([1, 1]);
  });
});
