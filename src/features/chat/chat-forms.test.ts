// The chat page's forms without JavaScript (the `form` route option): 303 back to the conversation,
// with a red toast when the assistant or the confirmation refused.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";

const t = makeTestApp();

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  t.request(path, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie } });
const flashOf = (res: Response) => Buffer.from(decodeURIComponent(/frank_flash=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? ""), "base64url").toString();

describe("/chat without JavaScript", () => {
  test("a message: one turn, then the conversation; an empty one just goes back", async () => {
    const u = await t.signUp();
    const sent = await post("/chat", { message: "How many candidates do I have?" }, u.cookie);
    expect(sent.status).toBe(303);
    const back = sent.headers.get("location")!;
    expect(back).toMatch(/^\/chat\?s=[\w-]+$/);
    const html = await (await t.request(back, { cookie: u.cookie })).text();
    expect(html).toContain("How many candidates do I have?");
    const sessionId = back.split("=")[1]!;
    const empty = await post("/chat", { message: "  ", sessionId }, u.cookie);
    expect(empty.status).toBe(303);
    expect(empty.headers.get("location")).toBe(back);
    expect(flashOf(empty)).toBe("");
  });

  test("a refused confirmation goes back to the conversation with 'Error' and the reason", async () => {
    const u = await t.signUp();
    const bad = await post("/chat/actions/not*an*id/confirm", { sessionId: "abc-123" }, u.cookie);
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/chat?s=abc-123");
    expect(flashOf(bad)).toContain('"title":"Error"');
    expect(flashOf(bad)).toContain("Invalid action id");
    const unknown = await post("/chat/actions/abcdefabcdef/confirm", {}, u.cookie);
    expect(unknown.headers.get("location")).toBe("/chat");
    expect(flashOf(unknown)).toContain('"title":"Error"');
  });

  test("rotating the webhook secret says so; signed out goes to sign in", async () => {
    const u = await t.signUp();
    const res = await post("/chat/webhook/rotate", {}, u.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/chat/webhook");
    expect(flashOf(res)).toContain("Secret regenerated");
    const anon = await t.request("/chat/webhook/rotate", { method: "POST", headers: { origin: "http://localhost" } });
    expect(anon.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
  });
});
