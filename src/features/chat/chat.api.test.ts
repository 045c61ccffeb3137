import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { listShortlists } from "../shortlists/service";
import { namedCandidates, PEOPLE, seedPeople } from "../../../test/kits/chat-people";
import { NO_MODEL_NOTE } from "./prompt";
import { CHAT_LIMIT_PER_MINUTE } from "./model";

const t = makeTestApp({ DEV_PAGES: "1" });

async function chat(cookie: string, message: string, sessionId?: string | null) {
  const res = await t.request("/api/chat/openai", { json: { message, sessionId }, cookie });
  return { status: res.status, body: (await res.json()) as any };
}

describe("POST /api/chat/openai", () => {
  test("needs a signed-in user", async () => {
    const res = await t.request("/api/chat/openai", { json: { message: "hello there", sessionId: null } });
    expect(res.status).toBe(401);
  });

  test("an empty or whitespace message is refused with 400; an over-long one too", async () => {
    const u = await t.signUp();
    for (const message of ["", "   \n\t "]) {
      const r = await chat(u.cookie, message);
      expect(r.status).toBe(400);
      expect(r.body.fields.message).toBe("Please enter a message");
    }
    expect((await chat(u.cookie, "x".repeat(4001))).status).toBe(400);
    expect((await t.request("/api/chat/openai", { json: { sessionId: "x" }, cookie: u.cookie })).status).toBe(400);
  });

  test("answers {response, sessionId}; the conversation continues under the id and is stored per user", async () => {
    const u = await t.signUp();
    const first = await chat(u.cookie, "hello");
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["response", "sessionId"]);
    expect(first.body.response).toContain(NO_MODEL_NOTE);
    const second = await chat(u.cookie, "how many candidates?", first.body.sessionId);
    expect(second.body.sessionId).toBe(first.body.sessionId);
    const h = await (await t.request(`/api/chat/history?sessionId=${first.body.sessionId}`, { cookie: u.cookie })).json();
    expect(h.messages.map((m: any) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);

    // Another user's session id starts a new conversation and reveals nothing.
    const other = await t.signUp();
    const theirs = await chat(other.cookie, "hello", first.body.sessionId);
    expect(theirs.body.sessionId).not.toBe(first.body.sessionId);
    const peek = await (await t.request(`/api/chat/history?sessionId=${first.body.sessionId}`, { cookie: other.cookie })).json();
    expect(peek.messages).toEqual([]);
  });

  test("a per-user rate limit answers 429 with Retry-After", async () => {
    const u = await t.signUp();
    for (let i = 0; i < CHAT_LIMIT_PER_MINUTE; i++) expect((await chat(u.cookie, `hi ${i}`)).status).toBe(200);
    const res = await t.request("/api/chat/openai", { json: { message: "one more" }, cookie: u.cookie });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await chat(u.cookie, "again")).status).toBe(200);
  });
});

describe("the built-in assistant answers from the data", () => {
  test("find, count, stage, words in answers, summary; every name it gives is a real candidate", async () => {
    const u = await t.signUp();
    const rows = seedPeople(t.deps, u.workspaceId);
    const real = new Map(rows.map((p) => [p.id, p.name]));
    const ask = async (m: string) => (await chat(u.cookie, m)).body.response as string;

    const designers = await ask("find designers in Sydney");
    expect(designers).toContain("Sarah Chen");
    expect(designers).toContain("Priya Patel");
    expect(designers).not.toContain("Tom Baker");
    const react = await ask("who mentioned React?");
    expect(react).toContain("Sarah Chen");
    expect(react).toContain("Olivia Brown");
    expect(react).not.toContain("Liam Nguyen");
    expect(await ask("how many candidates are at stage 5?")).toContain("1 candidate(s)");
    expect(await ask("how many candidates do I have?")).toContain(`${PEOPLE.length} candidate(s)`);
    const summary = await ask("summarise Tom Baker");
    expect(summary).toContain("Product Owner");
    expect(summary).toContain("Scrum master");

    for (const text of [designers, react, summary]) {
      for (const n of namedCandidates(text)) expect(real.get(n.id)).toBe(n.name);
    }
    expect(await ask("tell me about Zelda Fitzgerald")).toContain("I found no candidate by that name or id in your workspace.");
    expect(await ask("find developers in Hobart")).toContain("No candidates");
  });

  test("proposes a shortlist and an interview; Confirm performs them, the interview with a booking link", async () => {
    const u = await t.signUp();
    seedPeople(t.deps, u.workspaceId);
    const confirm = async (id: string) => (await t.request(`/api/chat/actions/${id}/confirm`, { method: "POST", cookie: u.cookie })).json() as Promise<any>;
    const s = await chat(u.cookie, "shortlist Sarah Chen and Priya Patel to Design team shortlist");
    expect(s.body.response).toContain('to a new shortlist "Design team"');
    expect(listShortlists(t.deps, u.workspaceId)).toEqual([]);
    await confirm(s.body.actions[0].id);
    const lists = listShortlists(t.deps, u.workspaceId);
    expect(lists.map((l) => [l.name, l.candidateIds.length])).toEqual([["Design team", 2]]);

    const i = await chat(u.cookie, "propose an interview with Tom Baker for 45 minutes");
    expect(i.body.response).toMatch(/45-minute interview to Tom Baker/);
    expect((await (await t.request("/api/scheduling-sessions", { cookie: u.cookie })).json()).sessions).toEqual([]);
    const done = await confirm(i.body.actions[0].id);
    expect(done.bookingUrl).toMatch(/^http:\/\/localhost\/book\/[A-Za-z0-9_-]+$/);
    const sessions = await (await t.request("/api/scheduling-sessions", { cookie: u.cookie })).json();
    expect(sessions.sessions.length).toBe(1);
    expect(sessions.sessions[0].duration).toBe(45);
  });
});

describe("the streaming endpoint", () => {
  test("sends delta events, then done with {response, sessionId}", async () => {
    const u = await t.signUp();
    const res = await t.request("/api/chat/openai/stream", { json: { message: "hello" }, cookie: u.cookie });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    expect(text).toContain("event: delta");
    const done = JSON.parse(text.match(/event: done\ndata: (.*)/)![1]!);
    expect(done.sessionId).toBeTruthy();
    expect(done.response).toContain(NO_MODEL_NOTE);
    expect((await t.request("/api/chat/openai/stream", { json: { message: " " }, cookie: u.cookie })).status).toBe(400);
  });
});

describe("pages", () => {
  test("the chat pages render for a signed-in user and redirect otherwise", async () => {
    const u = await t.signUp();
    for (const path of ["/chat", "/dashboardX", "/meeting-detection", "/chat/webhook"]) {
      expect((await t.request(path)).status).toBe(303);
      const res = await t.request(path, { cookie: u.cookie });
      expect(res.status).toBe(200);
    }
    const html = await (await t.request("/chat", { cookie: u.cookie })).text();
    expect(html).toContain("Beta 2.0 on the Starter Plan");
    expect((await t.request("/shortlist-test")).status).toBe(200);
  });

  test("the chat form works without JavaScript", async () => {
    const u = await t.signUp();
    seedPeople(t.deps, u.workspaceId);
    const form = new URLSearchParams({ message: "find managers", sessionId: "" });
    const res = await t.request("/chat", { body: form, headers: { "content-type": "application/x-www-form-urlencoded" }, cookie: u.cookie });
    expect(res.status).toBe(303);
    const page = await (await t.request(res.headers.get("location")!, { cookie: u.cookie })).text();
    expect(page).toContain("Olivia Brown");
  });
});
