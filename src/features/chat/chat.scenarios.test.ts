import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";
import { EMPTY_MESSAGE, TOO_LONG } from "./model";

const t = makeTestApp();

/** One turn as `who`: the conversation's id. */
async function converse(w: World, who: "owner" | "stranger") {
  const res = await t.request("/api/chat/openai", { headers: w.headers[who], json: { message: "How many candidates do I have?" } });
  if (res.status !== 200) throw new Error(`chat: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

apiScenarios(
  "assistant API",
  t,
  async (w) => {
    w.ids.chat = await converse(w, "owner");
    w.ids.strangerChat = await converse(w, "stranger");
  },
  [
    {
      name: "answers a turn",
      method: "POST",
      url: "/api/chat/openai",
      body: { message: "Hello" },
      as: "owner",
      status: 200,
      expect: (j) => {
        expect(typeof j.response).toBe("string");
        expect(j.sessionId).toMatch(/^[\w-]+$/);
      },
    },
    {
      name: "continues a conversation",
      method: "POST",
      url: "/api/chat/openai",
      body: (w: World) => ({ message: "And today?", sessionId: w.ids.chat }),
      as: "owner",
      status: 200,
      expect: (j, w) => expect(j.sessionId).toBe(w.ids.chat),
    },
    { name: "without a session", method: "POST", url: "/api/chat/openai", body: { message: "Hello" }, as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key may not ask (a turn is written)", method: "POST", url: "/api/chat/openai", body: { message: "Hello" }, as: "readKey", status: 403, code: "insufficient_scope" },
    {
      name: "a read-write key asks",
      method: "POST",
      url: "/api/chat/openai",
      body: { message: "Hello" },
      as: "writeKey",
      status: 200,
      expect: (j) => expect(j.response).toContain("without a language model"),
    },
    { name: "no message", method: "POST", url: "/api/chat/openai", body: {}, as: "owner", status: 400, code: "validation_failed", message: EMPTY_MESSAGE },
    { name: "a blank message", method: "POST", url: "/api/chat/openai", body: { message: "   " }, as: "owner", status: 400, message: EMPTY_MESSAGE },
    { name: "a message too long", method: "POST", url: "/api/chat/openai", body: { message: "x".repeat(4001) }, as: "recruiter", status: 400, message: TOO_LONG },
    { name: "the stream refuses a blank message too", method: "POST", url: "/api/chat/openai/stream", body: { message: "" }, as: "owner", status: 400, message: EMPTY_MESSAGE },
    {
      name: "a conversation's messages",
      url: (w) => `/api/chat/history?sessionId=${w.ids.chat}`,
      as: "owner",
      status: 200,
      expect: (j, w) => {
        expect(j.sessionId).toBe(w.ids.chat);
        expect(j.messages.length).toBeGreaterThanOrEqual(4);
        expect(Object.keys(j.messages[0]).sort()).toEqual(["content", "id", "role", "timestamp"]);
      },
    },
    { name: "a read key reads history", url: (w) => `/api/chat/history?sessionId=${w.ids.chat}`, as: "readKey", status: 200, expect: (j) => expect(j.messages.length).toBeGreaterThan(0) },
    {
      name: "another workspace's conversation is not there",
      url: (w) => `/api/chat/history?sessionId=${w.ids.strangerChat}`,
      as: "owner",
      status: 200,
      expect: (j) => expect(j).toEqual({ sessionId: null, messages: [] }),
    },
    { name: "a session id too long", url: `/api/chat/history?sessionId=${"x".repeat(101)}`, as: "owner", status: 400, code: "validation_failed" },
    { name: "history needs a session", url: "/api/chat/history", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a malformed action id", method: "POST", url: "/api/chat/actions/not*an*id/confirm", as: "owner", status: 400, code: "validation_failed", message: "Invalid action id" },
    { name: "an unknown action", method: "POST", url: "/api/chat/actions/abcdefabcdef/confirm", as: "owner", status: 404, code: "not_found" },
    { name: "confirming needs write scope", method: "POST", url: "/api/chat/actions/abcdefabcdef/confirm", as: "readKey", status: 403, code: "insufficient_scope" },
    // Chat events: what an integration reports.
    { name: "an unknown event", method: "POST", url: "/api/chat-events", body: { type: "nope" }, as: "owner", status: 400, code: "validation_failed", message: "Unknown event type" },
    { name: "events need a session", method: "POST", url: "/api/chat-events", body: { type: "meeting_detected", candidateName: "Sam Smith" }, as: "anonymous", status: 401, code: "unauthorized" },
    {
      name: "a meeting detected",
      method: "POST",
      url: "/api/chat-events",
      body: { type: "meeting_detected", candidateName: "Sam Smith", position: "Welder" },
      as: "writeKey",
      status: 200,
      events: { "candidate.created": 1 },
      expect: (j) => {
        expect(j.success).toBe(true);
        expect(j.candidate).toMatchObject({ name: "Sam Smith", position: "Welder" });
      },
    },
    {
      name: "add to a shortlist",
      method: "POST",
      url: "/api/chat-events",
      body: { type: "add_to_shortlist", candidateName: "Sam Smith", position: "Welder" },
      as: "owner",
      status: 200,
      events: { "shortlist.changed": 1, "shortlist.created": 1 },
      expect: (j) => expect(j.shortlist).toMatchObject({ name: "Welder shortlist", size: 1 }),
    },
    { name: "another workspace's candidate id", method: "POST", url: "/api/chat-events", body: { type: "meeting_detected", candidateId: 999_999 }, as: "owner", status: 404, code: "not_found" },
    // The chat platform's webhook: the shared secret is the only way in.
    { name: "webhook without text", method: "POST", url: "/api/webhook/chat", body: {}, as: "anonymous", status: 400, message: "text is required" },
    { name: "webhook without its secret", method: "POST", url: "/api/webhook/chat", body: { text: "Let's meet Sam Smith" }, as: "anonymous", status: 401, message: "Invalid webhook secret" },
    {
      name: "an API key is not the webhook's secret",
      method: "POST",
      url: "/api/webhook/chat",
      body: { text: "Let's meet Sam Smith" },
      as: "writeKey",
      status: 401,
      message: "Invalid webhook secret",
    },
  ],
);
