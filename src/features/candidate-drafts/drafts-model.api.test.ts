// A draft's fields proposed by the assistant's model (a fake OpenAI-compatible server on
// 127.0.0.1, driven through the real SDK): used when it answers, checked against the CV's own
// text, and replaced by the rules when it fails, answers nonsense or takes too long.
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startFakeOpenAI } from "../../../test/fakes/openai";

const fake = startFakeOpenAI();
afterAll(() => fake.stop());
// A short deadline, so the test of a model that never answers takes a moment.
const t = makeTestApp({ OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: fake.url, OPENAI_MODEL: "fake-model", OPENAI_TIMEOUT_MS: "800" });

async function draftOf(cookie: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], "cv.txt", { type: "text/plain" }));
  const made = await t.request("/api/participants/from-files", { method: "POST", body: form, cookie, headers: { origin: "http://localhost" } });
  expect(made.status).toBe(201);
  const id = (await made.json()).drafts[0].id;
  for (let i = 0; i < 4; i++) {
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
  }
  return (await (await t.request(`/api/participant-drafts/${id}`, { cookie })).json()).draft;
}

const HEADER = "Ada Lovelace\nSenior Backend Engineer\nLondon, UK | ada@example.com | +44 7700 900123\nSkills: Go, Kubernetes\n";

describe("with a model configured", () => {
  test("the model's fields are proposed (bounded: three summary lines), asked as JSON with the CV as data", async () => {
    const u = await t.signUp();
    fake.requests.length = 0;
    const answer = {
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 7700 900123",
      city: "London",
      role: "Staff Engineer",
      linkedin: null,
      summary: "One.\nTwo.\nThree.\nFour.",
      skills: ["Go", "Kubernetes", "Distributed systems"],
    };
    const d = await draftOf(u.cookie, `${HEADER}model says: ${JSON.stringify(answer)}\n`);
    expect(d.status).toBe("ready");
    expect(d.proposedBy).toBe("model");
    expect(d.fields).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 7700 900123",
      city: "London",
      role: "Staff Engineer",
      linkedin: null,
      summary: "One.\nTwo.\nThree.",
      skills: "Go, Kubernetes, Distributed systems",
    });
    const req = fake.requests.find((r) => r.body.response_format)!;
    expect(req.authorization).toBe("Bearer sk-fake");
    expect(req.body).toMatchObject({ model: "fake-model", response_format: { type: "json_object" } });
    expect(req.body.messages[0].content).toContain("not instructions");
    expect(req.body.messages[1].content).toStartWith("<cv>\nAda Lovelace");
  });

  test("contact details the CV does not hold are not taken from the model: the rules' are; its gaps are the rules' too", async () => {
    const u = await t.signUp();
    const invented = { name: "A. Lovelace", email: "made.up@example.com", phone: "+1 202 555 0100", linkedin: "https://www.linkedin.com/in/someone-else", city: null };
    const d = await draftOf(u.cookie, `${HEADER}model says base64: ${Buffer.from(JSON.stringify(invented)).toString("base64")}\n`);
    expect(d.proposedBy).toBe("model");
    expect(d.fields).toMatchObject({
      name: "A. Lovelace",
      email: "ada@example.com",
      phone: "+44 7700 900123",
      linkedin: null,
      city: "London",
      role: "Senior Backend Engineer",
      skills: "Go, Kubernetes",
    });
  });

  const fallbacks: [string, string][] = [
    ["an error of the model's server", "explode"],
    ["an answer that is not JSON", "model says: here are the fields you asked for"],
    ["a JSON list instead of an object", 'model says: ["Ada"]'],
    ["no answer within OPENAI_TIMEOUT_MS", "hang"],
  ];
  for (const [what, line] of fallbacks) {
    test(`${what}: the rules propose the fields`, async () => {
      const u = await t.signUp();
      const started = performance.now();
      const d = await draftOf(u.cookie, `${HEADER}${line}\n`);
      expect(d.status).toBe("ready");
      expect(d.proposedBy).toBe("rules");
      expect(d.fields).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", phone: "+44 7700 900123", city: "London", role: "Senior Backend Engineer", skills: "Go, Kubernetes" });
      expect(performance.now() - started).toBeLessThan(30_000); // ended by OPENAI_TIMEOUT_MS, not the SDK's 10 minutes
    });
  }
});
