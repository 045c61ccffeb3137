// Table-driven API scenarios in the style of PocketBase's ApiScenario: each row is one request as
// one kind of caller, and the status, the error envelope's code and the body it must answer with.
import { describe, expect, test } from "bun:test";
import type { TestApp } from "../helpers";
import { hashPassword } from "../../src/lib/crypto";
import { insertMember } from "../../src/features/auth/membership-repo";

export type Caller = "owner" | "admin" | "recruiter" | "anonymous" | "stranger" | "readKey" | "writeKey" | "strangerKey";

export interface World {
  t: TestApp;
  workspaceId: number;
  ownerId: number;
  /** Objects the group's setup made, by name (ids in this workspace; `stranger*` in another). */
  ids: Record<string, number | string>;
  headers: Record<Caller, Record<string, string>>;
}

export interface Scenario {
  name: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string | ((w: World) => string);
  body?: unknown | ((w: World) => unknown);
  as: Caller;
  status: number;
  /** The error envelope's `code` (checked together with a non-empty `message`). */
  code?: string;
  /** The envelope's `message`, exactly. */
  message?: string;
  /** Further checks of the JSON answer. */
  expect?: (json: any, w: World) => void;
}

let n = 0;
let hash: Promise<string> | null = null;

/** A workspace with an owner, an admin and a recruiter, read and read-write API keys, and a second workspace. */
export async function makeWorld(t: TestApp): Promise<World> {
  hash ??= hashPassword("correct-horse-battery");
  const owner = await t.signUp();
  const stranger = await t.signUp();
  const member = async (role: "admin" | "recruiter") => {
    const u = insertMember(t.deps.db, { workspaceId: owner.workspaceId, email: `sc${++n}-${Date.now()}@scenario.example`, passwordHash: await hash!, name: `Member ${n}`, role });
    return `frank_session=${t.app.features.auth.api.signInAs(u.id).token}`;
  };
  const key = async (cookie: string, scope: "read" | "read-write") => {
    const res = await t.request("/api/api-keys", { cookie, json: { name: `scenario ${scope}`, scope } });
    if (res.status !== 201) throw new Error(`api key: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { key: string }).key;
  };
  const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
  return {
    t,
    workspaceId: owner.workspaceId,
    ownerId: owner.userId,
    ids: {},
    headers: {
      owner: { cookie: owner.cookie },
      admin: { cookie: await member("admin") },
      recruiter: { cookie: await member("recruiter") },
      anonymous: {},
      stranger: { cookie: stranger.cookie },
      readKey: bearer(await key(owner.cookie, "read")),
      writeKey: bearer(await key(owner.cookie, "read-write")),
      strangerKey: bearer(await key(stranger.cookie, "read-write")),
    },
  };
}

/** Runs the rows in order against one world (rows may depend on what earlier rows changed). */
export function apiScenarios(title: string, t: TestApp, setup: (w: World) => Promise<void>, rows: Scenario[]) {
  describe(title, () => {
    let world: World | null = null;
    const ready = async () => {
      if (!world) {
        world = await makeWorld(t);
        await setup(world);
      }
      return world;
    };
    for (const row of rows) {
      test(`${row.method ?? "GET"} ${typeof row.url === "string" ? row.url : "…"} as ${row.as}: ${row.name}`, async () => {
        const w = await ready();
        const url = typeof row.url === "function" ? row.url(w) : row.url;
        const body = typeof row.body === "function" ? (row.body as (w: World) => unknown)(w) : row.body;
        const res = await t.request(url, { method: row.method ?? "GET", headers: w.headers[row.as], ...(body !== undefined ? { json: body } : {}) });
        const text = await res.text();
        const json = text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null;
        if (res.status !== row.status) throw new Error(`expected ${row.status}, got ${res.status}: ${text.slice(0, 300)}`);
        if (res.status >= 400) {
          expect(typeof json?.message).toBe("string");
          expect(json.message.length).toBeGreaterThan(0);
          expect(typeof json.code).toBe("string");
          expect(text).not.toContain("    at ");
        }
        if (row.code) expect(json?.code).toBe(row.code);
        if (row.message) expect(json?.message).toBe(row.message);
        row.expect?.(json, w);
      });
    }
  });
}
