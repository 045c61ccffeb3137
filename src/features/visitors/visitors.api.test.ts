import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { getParticipant, listParticipants } from "../candidates/service";
import { listCampaigns } from "../jobs/service";
import { Browser, GOOD_ANSWERS, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { ANSWERS_PER_IP } from "./chat-service";
import { DEFAULT_ASSESSMENT_QUESTIONS, PREQUALIFIER_QUESTIONS } from "./questions";

const t = makeTestApp({ TRUST_PROXY: "1" });
let ipCounter = 1;
const browser = () => new Browser(t, `10.1.0.${ipCounter++}`);

async function answerAll(b: Browser, path: string, answers: string[], code?: string) {
  for (const [i, a] of answers.entries()) {
    const res = await b.form(path + (code ? `?c=${code}` : ""), { answer: a, step: i, ...(code ? { c: code } : {}) });
    expect(res.status).toBe(303);
  }
}

describe("visitor id and page frame", () => {
  test("a first visit sets prequalifier_id: q + 5 alphanumerics, one year, kept on the next visit", async () => {
    await t.signUp();
    const b = browser();
    const res = await b.get("/prequalifier");
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("prequalifier_id="))!;
    expect(set).toMatch(/^prequalifier_id=q[A-Za-z0-9]{5};/);
    expect(set).toMatch(/Max-Age=31536000/);
    const html = await res.text();
    expect(html).toContain(b.visitorId!);
    for (const label of ["Plans &amp; Pricing", "Buy LinkedIn Media", "Terms", "Help &amp; Support", "Sign In"]) expect(html).toContain(`>${label}</a>`);
    // Home: the workspace's own site; without one (and without a campaign), the start of these pages (issue 41).
    expect(html).toContain('<a href="/prequalifier" class="menu-item">Home</a>');
    const again = await b.get("/assessment");
    expect(again.headers.getSetCookie().some((c) => c.startsWith("prequalifier_id="))).toBe(false);
    expect(await again.text()).toContain(b.visitorId!);
  });

  test("a guessed visitor id without its key gets a new id and none of the answers", async () => {
    const owner = browser();
    await owner.get("/prequalifier");
    await answerAll(owner, "/prequalifier", ["Secret Person"]);
    const thief = browser();
    thief.cookies.set("prequalifier_id", owner.visitorId!);
    const res = await thief.get("/prequalifier");
    expect(thief.visitorId).not.toBe(owner.visitorId);
    expect(await res.text()).not.toContain("Secret Person");
  });

  test("the pages never ask for a session; /scheduleacall ships no script", async () => {
    for (const p of ["/prequalifier", "/assessment", "/scheduleacall"]) expect((await browser().get(p)).status).toBe(200);
    expect(await (await browser().get("/scheduleacall")).text()).not.toContain("<script");
  });
});

describe("prequalifier", () => {
  test("the last answer and the candidate commit together: a failure while creating the candidate leaves the chat unfinished, and sending again finishes it", async () => {
    const r = await recruiterWithCampaign(t);
    const b = browser();
    await b.get(`/prequalifier?c=${r.campaign.code}`);
    await answerAll(b, "/prequalifier", GOOD_ANSWERS.slice(0, -1), r.campaign.code);
    const sqlite = t.deps.db.$client;
    const conversation = () =>
      sqlite
        .query<{ answers: string; completed_at: number | null; participant_id: number | null }, [string]>(
          "select answers, completed_at, participant_id from visitor_conversations where visitor_id = ? and kind = 'prequalifier'",
        )
        .get(b.visitorId!)!;
    const candidate = () => listParticipants(t.deps, r.workspaceId, {}).participants.find((x) => x.uniqueId === b.visitorId);
    // Creating the candidate fails (as a crash or a full disk would stop it).
    sqlite.exec("create trigger fail_new_candidates before insert on participants begin select raise(abort, 'candidate not written'); end");
    const last = GOOD_ANSWERS.length - 1;
    try {
      const failed = await b.form(`/prequalifier?c=${r.campaign.code}`, { answer: GOOD_ANSWERS[last]!, step: last, c: r.campaign.code });
      expect(failed.status).toBe(500);
    } finally {
      sqlite.exec("drop trigger fail_new_candidates");
    }
    expect(JSON.parse(conversation().answers)).toHaveLength(last);
    expect(conversation().completed_at).toBeNull();
    expect(candidate()).toBeUndefined();
    const page = await (await b.get(`/prequalifier?c=${r.campaign.code}`)).text();
    expect(page).toContain(`question ${last + 1} of ${GOOD_ANSWERS.length}`);
    // The same answer again: the chat finishes and the candidate exists, once.
    const again = await b.form(`/prequalifier?c=${r.campaign.code}`, { answer: GOOD_ANSWERS[last]!, step: last, c: r.campaign.code });
    expect(again.status).toBe(303);
    expect(conversation().completed_at).not.toBeNull();
    expect(candidate()).toMatchObject({ name: "Ada Lovelace", stages: 2 });
    expect(conversation().participant_id).toBe(candidate()!.id);
    expect(listParticipants(t.deps, r.workspaceId, {}).participants.filter((x) => x.uniqueId === b.visitorId)).toHaveLength(1);
  });

  test("a chat left with every answer but unfinished (before the fix) finishes on the next answer sent", async () => {
    const r = await recruiterWithCampaign(t);
    const b = browser();
    await b.get(`/prequalifier?c=${r.campaign.code}`);
    await answerAll(b, "/prequalifier", GOOD_ANSWERS.slice(0, -1), r.campaign.code);
    const sqlite = t.deps.db.$client;
    // What a crash between the two writes left behind: all answers, no candidate, not completed.
    const row = sqlite.query<{ id: number; answers: string }, [string]>("select id, answers from visitor_conversations where visitor_id = ?").get(b.visitorId!)!;
    sqlite.run("update visitor_conversations set answers = ? where id = ?", [JSON.stringify([...JSON.parse(row.answers), GOOD_ANSWERS.at(-1)]), row.id]);
    const res = await b.form(`/prequalifier?c=${r.campaign.code}`, { answer: GOOD_ANSWERS.at(-1)!, step: GOOD_ANSWERS.length - 1, c: r.campaign.code });
    expect(res.status).toBe(303);
    expect(listParticipants(t.deps, r.workspaceId, {}).participants.find((x) => x.uniqueId === b.visitorId)).toMatchObject({ name: "Ada Lovelace", stages: 2 });
  });

  test("a campaign link → the chat → the participant of that workspace: stage 2, fields, transcript; one click per visitor", async () => {
    const r = await recruiterWithCampaign(t);
    const b = browser();
    const page = await b.get(`/prequalifier?c=${r.campaign.code}`);
    expect(await page.text()).toContain("Senior Developer");
    await b.get(`/prequalifier?c=${r.campaign.code}`);
    expect(listCampaigns(t.deps, r.workspaceId, r.job.id)[0]!.clickCount).toBe(1);

    await answerAll(b, "/prequalifier", GOOD_ANSWERS, r.campaign.code);
    const { participants } = listParticipants(t.deps, r.workspaceId, {});
    const p = participants.find((x) => x.uniqueId === b.visitorId)!;
    expect(p).toBeDefined();
    expect(p.stages).toBe(2);
    expect(p.name).toBe("Ada Lovelace");
    expect(p.emailAddress).toBe("ada@example.com");
    expect(p.city).toBe("Melbourne");
    expect(p.linkedinUrl).toBe("https://www.linkedin.com/in/ada");
    expect(p.jobId).toBe(r.job.id);
    expect(p.campaignId).toBe(r.campaign.id);
    expect(p.prequalifier).toContain(`Frank: ${PREQUALIFIER_QUESTIONS[6]!.prompt}\nCandidate: Australian citizen`);
    expect(p.prequalifier!.length).toBeGreaterThan(50);

    const done = await (await b.get(`/prequalifier?c=${r.campaign.code}`)).text();
    expect(done).toContain("Thank you! Your answers have been sent to the hiring team.");
    expect(done).toContain("Continue to the assessment");

    const other = browser();
    await other.get(`/prequalifier?c=${r.campaign.code}`);
    expect(listCampaigns(t.deps, r.workspaceId, r.job.id)[0]!.clickCount).toBe(2);
  });

  test("a returning visitor continues where they stopped", async () => {
    const r = await recruiterWithCampaign(t);
    const b = browser();
    await b.get(`/prequalifier?c=${r.campaign.code}`);
    await answerAll(b, "/prequalifier", GOOD_ANSWERS.slice(0, 3), r.campaign.code);
    const html = await (await b.get(`/prequalifier?c=${r.campaign.code}`)).text();
    expect(html).toContain("question 4 of 9");
    expect(html).toContain("Ada Lovelace");
    const state = await (await b.get(`/api/visitors/prequalifier?c=${r.campaign.code}`)).json();
    expect(state.question.step).toBe(3);
    expect(state.messages.filter((m: any) => m.from === "me").map((m: any) => m.text)).toEqual(GOOD_ANSWERS.slice(0, 3));
  });

  test("a bad e-mail is refused with a clear message; earlier answers and the typed value stay", async () => {
    const b = browser();
    await b.get("/prequalifier");
    await answerAll(b, "/prequalifier", ["Grace Hopper"]);
    const res = await b.form("/prequalifier", { answer: "grace-at-example", step: 1 });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Grace Hopper");
    expect(html).toContain('value="grace-at-example"');
    const api = await b.json("/api/visitors/prequalifier/answer", { answer: "nope", step: 1 });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ message: "Invalid email address", fields: { answer: "Invalid email address" } });
    const ok = await b.json("/api/visitors/prequalifier/answer", { answer: "grace@example.com", step: 1 });
    expect((await ok.json()).question.step).toBe(2);
  });

  test("length caps, a bad URL, and a repeated step change nothing", async () => {
    const b = browser();
    await b.get("/prequalifier");
    expect((await b.json("/api/visitors/prequalifier/answer", { answer: "x".repeat(121), step: 0 })).status).toBe(400);
    expect((await b.json("/api/visitors/prequalifier/answer", { answer: "Alan Turing", step: 0 })).status).toBe(200);
    const twice = await b.json("/api/visitors/prequalifier/answer", { answer: "Alan Again", step: 0 });
    expect((await twice.json()).question.step).toBe(1);
    for (const a of ["alan@example.com", "London", "Developer"]) await b.json("/api/visitors/prequalifier/answer", { answer: a });
    const bad = await b.json("/api/visitors/prequalifier/answer", { answer: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("valid URL");
    // A number is not a profile (it would be stored as https://0.0.0.5/): asked again.
    for (const n of ["5", "120000"]) {
      const r = await b.json("/api/visitors/prequalifier/answer", { answer: n });
      expect(r.status).toBe(400);
      expect((await r.json()).message).toContain("valid URL");
    }
    const skip = await b.json("/api/visitors/prequalifier/answer", { answer: "skip" });
    expect((await skip.json()).question.step).toBe(5);
  });

  test("the honeypot stores nothing; the per-IP limit answers 429 with Retry-After", async () => {
    const bot = browser();
    await bot.get("/prequalifier");
    expect((await bot.form("/prequalifier", { answer: "Bot", step: 0, website: "http://spam" })).status).toBe(303);
    const state = await (await bot.get("/api/visitors/prequalifier")).json();
    expect(state.question.step).toBe(0);

    const flood = browser();
    for (let i = 0; i < ANSWERS_PER_IP; i++) await flood.json("/api/visitors/prequalifier/answer", { answer: "" });
    const res = await flood.form("/prequalifier", { answer: "Late", step: 0 });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("Too many attempts");
  });
});

describe("campaign clicks from one address", () => {
  test("count up to VISITOR_CLICKS_PER_IP an hour (30 by default); the page is still served", async () => {
    expect(t.deps.config.VISITOR_CLICKS_PER_IP).toBe(30);
    const few = makeTestApp({ TRUST_PROXY: "1", VISITOR_CLICKS_PER_IP: "2" });
    const r = await recruiterWithCampaign(few);
    const clicks = () => listCampaigns(few.deps, r.workspaceId, r.job.id)[0]!.clickCount;
    for (let i = 0; i < 3; i++) expect((await new Browser(few, "10.9.0.1").get(`/prequalifier?c=${r.campaign.code}`)).status).toBe(200);
    expect(clicks()).toBe(2);
    await new Browser(few, "10.9.0.2").get(`/prequalifier?c=${r.campaign.code}`);
    expect(clicks()).toBe(3);
    few.clock.advance(60 * 60_000 + 1);
    await new Browser(few, "10.9.0.1").get(`/prequalifier?c=${r.campaign.code}`);
    expect(clicks()).toBe(4);
  });
});

describe("assessment and workspaces", () => {
  test("the assessment asks the job's questions (default set when none) and moves the stage to 3", async () => {
    const r = await recruiterWithCampaign(t);
    const b = browser();
    await b.get(`/prequalifier?c=${r.campaign.code}`);
    await answerAll(b, "/prequalifier", GOOD_ANSWERS, r.campaign.code);
    expect(await (await b.get(`/assessment?c=${r.campaign.code}`)).text()).toContain(DEFAULT_ASSESSMENT_QUESTIONS[0]!.replace("'", "&#x27;"));

    const put = await t.request(`/api/candidate-pages/jobs/${r.job.id}/questions`, { method: "PUT", json: { questions: ["Why us?", "  ", "What is your superpower?"] }, cookie: r.cookie });
    expect((await put.json()).questions).toEqual(["Why us?", "What is your superpower?"]);
    await b.form(`/assessment/restart?c=${r.campaign.code}`, {});
    await answerAll(b, "/assessment", ["Because.", "Patience"], r.campaign.code);
    const p = listParticipants(t.deps, r.workspaceId, {}).participants.find((x) => x.uniqueId === b.visitorId)!;
    expect(p.stages).toBe(3);
    expect(p.assessment).toBe("Frank: Why us?\nCandidate: Because.\nFrank: What is your superpower?\nCandidate: Patience");
    // Doing the prequalifier again does not move the stage back.
    await b.form(`/prequalifier/restart?c=${r.campaign.code}`, {});
    await answerAll(b, "/prequalifier", GOOD_ANSWERS, r.campaign.code);
    expect(getParticipant(t.deps, r.workspaceId, p.id).stages).toBe(3);
  });

  test("a campaign code of another workspace never leaks its job", async () => {
    const a = await recruiterWithCampaign(t, "Job of A");
    const bWs = await recruiterWithCampaign(t, "Secret job of B");
    const v = browser();
    await v.get(`/prequalifier?c=${a.campaign.code}`);
    await answerAll(v, "/prequalifier", GOOD_ANSWERS, a.campaign.code);

    // The same visitor follows B's link: B's page, a fresh chat, nothing of A's.
    const html = await (await v.get(`/prequalifier?c=${bWs.campaign.code}`)).text();
    expect(html).toContain("Secret job of B");
    expect(html).not.toContain("Job of A");
    expect(html).not.toContain("Ada Lovelace");
    await answerAll(v, "/prequalifier", GOOD_ANSWERS, bWs.campaign.code);

    const inA = listParticipants(t.deps, a.workspaceId, {}).participants.filter((p) => p.uniqueId === v.visitorId);
    const inB = listParticipants(t.deps, bWs.workspaceId, {}).participants.filter((p) => p.uniqueId === v.visitorId);
    expect(inA.map((p) => p.jobId)).toEqual([a.job.id]);
    expect(inB.map((p) => p.jobId)).toEqual([bWs.job.id]);

    // A recruiter cannot read or set questions of B's job: 404 with nothing about it.
    for (const method of ["GET", "PUT"]) {
      const res = await t.request(`/api/candidate-pages/jobs/${bWs.job.id}/questions`, { method, json: method === "PUT" ? { questions: ["x"] } : undefined, cookie: a.cookie });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Secret job of B");
    }
    const page = await t.request(`/settings/candidate-pages?job=${bWs.job.id}`, { cookie: a.cookie });
    expect(await page.text()).not.toContain("Secret job of B");
  });

  test("an outside chatbot URL is framed with its origin allowed in frame-src; bad URLs are refused", async () => {
    const r = await recruiterWithCampaign(t);
    const bad = await t.request("/api/candidate-pages/settings/urls", { method: "PUT", json: { prequalifierUrl: "javascript:alert(1)" }, cookie: r.cookie });
    expect(bad.status).toBe(400);
    const ok = await t.request("/api/candidate-pages/settings/urls", { method: "PUT", json: { prequalifierUrl: "https://bot.example.com/chat?x=1" }, cookie: r.cookie });
    expect(ok.status).toBe(200);
    const b = browser();
    const res = await b.get(`/prequalifier?c=${r.campaign.code}`);
    expect(res.headers.get("content-security-policy")).toContain("frame-src https://bot.example.com");
    const html = await res.text();
    expect(html).toContain(`src="https://bot.example.com/chat?x=1&amp;prequalifier_id=${b.visitorId}&amp;c=${r.campaign.code}"`);
    expect(html).not.toContain("<script");
    // The assessment keeps Frank's own chat and the default policy.
    const own = await b.get(`/assessment?c=${r.campaign.code}`);
    expect(own.headers.get("content-security-policy")).not.toContain("frame-src");
  });
});
