import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { makeWorld } from "../../../test/kits/api-scenario";
import { sha256 } from "../../lib/crypto";
import { API_KEY_REQUESTS_PER_MINUTE } from "./api-keys";

const t = makeTestApp();

const create = async (cookie: string, json: unknown) => t.request("/api/api-keys", { cookie, json });

describe("API keys", () => {
  test("made by an owner, shown once, stored hashed, listed without the key", async () => {
    const w = await makeWorld(t);
    const res = await create(w.headers.owner.cookie!, { name: "Zapier", scope: "read-write" });
    expect(res.status).toBe(201);
    const made = await res.json();
    expect(made.key).toMatch(/^frank_[A-Za-z0-9_-]{43}$/);
    expect(made.id).toBeNumber();
    const row = t.deps.db.$client.query<{ key_hash: string }, [number]>("select key_hash from api_keys where id = ?").get(made.id)!;
    expect(row.key_hash).toBe(sha256(made.key));
    expect(JSON.stringify(t.deps.db.$client.query("select * from api_keys").all())).not.toContain(made.key);
    const list = await (await t.request("/api/api-keys", { cookie: w.headers.owner.cookie })).json();
    const mine = list.apiKeys.find((k: { id: number }) => k.id === made.id);
    expect(mine).toMatchObject({ name: "Zapier", scope: "read-write", lastUsedAt: null });
    expect(made.key.startsWith(mine.prefix)).toBe(true);
    expect(JSON.stringify(list)).not.toContain(made.key);
  });

  test("bad input and roles", async () => {
    const w = await makeWorld(t);
    const bad = await create(w.headers.owner.cookie!, { name: "", scope: "admin" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toMatchObject({ name: "Name is required", scope: 'Scope must be "read" or "read-write"' });
    expect((await create(w.headers.admin.cookie!, { name: "Admin's", scope: "read" })).status).toBe(201);
    expect((await create(w.headers.recruiter.cookie!, { name: "Mine", scope: "read" })).status).toBe(403);
    expect((await t.request("/api/api-keys", { cookie: w.headers.recruiter.cookie })).status).toBe(403);
  });

  test("a key acts in its workspace only, with its scope, and records when it was used", async () => {
    const w = await makeWorld(t);
    await t.request("/api/jobs", { cookie: w.headers.owner.cookie, json: { title: "Mine" } });
    const other = await (await t.request("/api/jobs", { cookie: w.headers.stranger.cookie, json: { title: "Theirs" } })).json();
    const read = await t.request("/api/jobs", { headers: w.headers.readKey });
    expect((await read.json()).jobs.map((j: { title: string }) => j.title)).toEqual(["Mine"]);
    expect((await t.request(`/api/jobs/${other.job.id}`, { method: "DELETE", headers: w.headers.writeKey })).status).toBe(404);
    const refused = await t.request("/api/jobs", { headers: w.headers.readKey, json: { title: "No" } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("insufficient_scope");
    const list = await (await t.request("/api/api-keys", { headers: w.headers.writeKey })).json();
    expect(list.apiKeys.find((k: { scope: string }) => k.scope === "read").lastUsedAt).not.toBeNull();
  });

  test("a revoked key, an unknown key and a removed member's key answer 401", async () => {
    const w = await makeWorld(t);
    const made = await (await create(w.headers.owner.cookie!, { name: "Temp", scope: "read" })).json();
    const bearer = { authorization: `Bearer ${made.key}` };
    expect((await t.request("/api/jobs", { headers: bearer })).status).toBe(200);
    expect((await t.request(`/api/api-keys/${made.id}`, { method: "DELETE", cookie: w.headers.owner.cookie })).status).toBe(200);
    const after = await t.request("/api/jobs", { headers: bearer });
    expect(after.status).toBe(401);
    expect((await after.json()).message).toBe("Invalid API key");
    expect((await t.request(`/api/api-keys/${made.id}`, { method: "DELETE", cookie: w.headers.owner.cookie })).status).toBe(404);
    expect((await t.request("/api/jobs", { headers: { authorization: "Bearer frank_nope" } })).status).toBe(401);
    expect((await t.request("/api/jobs", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    // Another workspace's key cannot be revoked from here.
    const theirs = await (await create(w.headers.stranger.cookie!, { name: "Theirs", scope: "read" })).json();
    expect((await t.request(`/api/api-keys/${theirs.id}`, { method: "DELETE", cookie: w.headers.owner.cookie })).status).toBe(404);
  });

  test("no CSRF question for Bearer requests; a cookie from another site is still refused", async () => {
    const w = await makeWorld(t);
    const foreign = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const withKey = await t.request("/api/jobs", { headers: { ...foreign, ...w.headers.writeKey }, json: { title: "From Zapier" } });
    expect(withKey.status).toBe(201);
    const withCookie = await t.request("/api/jobs", { headers: { ...foreign, ...w.headers.owner }, json: { title: "Forged" } });
    expect(withCookie.status).toBe(403);
    // The key is the whole credential: a cookie beside it is not read.
    const keyAndCookie = await t.request("/api/jobs", { headers: { ...w.headers.readKey, cookie: w.headers.owner.cookie! }, json: { title: "x" } });
    expect(keyAndCookie.status).toBe(403);
  });

  test("a key is rate limited, also under concurrent requests", async () => {
    const w = await makeWorld(t);
    const made = await (await create(w.headers.owner.cookie!, { name: "Busy", scope: "read" })).json();
    const bearer = { authorization: `Bearer ${made.key}` };
    const all = await Promise.all(Array.from({ length: API_KEY_REQUESTS_PER_MINUTE + 20 }, () => t.request("/api/jobs", { headers: bearer })));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_KEY_REQUESTS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const limited = all.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other keys are not held back.
    expect((await t.request("/api/jobs", { headers: w.headers.readKey })).status).toBe(200);
    t.clock.advance(61_000);
    expect((await t.request("/api/jobs", { headers: bearer })).status).toBe(200);
  });
});

describe("Settings → API keys page", () => {
  const form = (cookie: string, path: string, fields: Record<string, string>) =>
    t.request(path, { cookie, headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

  test("create shows the key once, a refused form keeps what was typed, revoke goes back with a toast", async () => {
    const w = await makeWorld(t);
    const owner = w.headers.owner.cookie!;
    const page = await t.request("/settings/api-keys", { cookie: owner });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Create a key");
    const made = await form(owner, "/settings/api-keys", { name: "Website", scope: "read-write" });
    expect(made.status).toBe(200);
    const html = await made.text();
    const key = /value="(frank_[^"]+)"/.exec(html)?.[1];
    expect(key).toBeString();
    expect((await t.request("/api/jobs", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const again = await (await t.request("/settings/api-keys", { cookie: owner })).text();
    expect(again).toContain("Website");
    expect(again).not.toContain(key!);
    const refused = await form(owner, "/settings/api-keys", { name: "", scope: "read" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Name is required");
    const id = (await (await t.request("/api/api-keys", { cookie: owner })).json()).apiKeys.find((k: { name: string }) => k.name === "Website").id;
    const revoked = await form(owner, `/settings/api-keys/${id}/revoke`, {});
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe("/settings/api-keys");
    expect(revoked.headers.get("set-cookie")).toContain("frank_flash=");
    expect((await t.request("/api/jobs", { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    const missing = await form(owner, `/settings/api-keys/${id}/revoke`, {});
    expect(missing.status).toBe(303);
    expect(decodeURIComponent(missing.headers.get("set-cookie")!)).toContain("frank_flash=");
    expect((await t.request("/settings/api-keys", { cookie: w.headers.recruiter.cookie })).status).toBe(403);
  });
});

describe("an /api route that answers strangers with 404", () => {
  test("GET /api/interviews/{id} takes an API key of its workspace", async () => {
    const w = await makeWorld(t);
    // Unknown ids answer the same 404 to everyone; a bad key is still a 401.
    expect((await t.request("/api/interviews/nope", { headers: w.headers.readKey })).status).toBe(404);
    expect((await t.request("/api/interviews/nope", {})).status).toBe(404);
    expect((await t.request("/api/interviews/nope", { headers: { authorization: "Bearer frank_bad" } })).status).toBe(401);
  });
});
