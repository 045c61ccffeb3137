// Table-driven API scenarios in the style of PocketBase's ApiScenario: each row is one request as
// one kind of caller, and the status, the error envelope's code and the body it must answer with.
// As there, an answer with a body must have it checked, and the rows the call writes to the task
// table and the event record are declared by kind: an undeclared side effect fails the row.
import { describe, expect, test } from "bun:test";
import type { TestApp } from "../helpers";
import { hashPassword } from "../../src/lib/crypto";
import { insertMember } from "../../src/features/auth/membership-repo";
import { differences, watchWrites, type Declared } from "./side-effects";

type Caller = "owner" | "admin" | "recruiter" | "anonymous" | "stranger" | "readKey" | "writeKey" | "strangerKey";

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
  /** Texts the raw answer must hold (PocketBase's ExpectedContent), and must not. */
  contains?: string[];
  notContains?: string[];
  /** Why a non-empty answer is not checked (else a row with a body and no check fails). */
  bodyUnchecked?: string;
  /**
   * Task rows the call writes, by kind, counted after the work it sets off has run: `{ "mail.send": 1 }`.
   * A kind not named counts toward `"*"`, which is 0 unless given: left out, nothing may be written.
   */
  tasks?: Declared;
  /** Event rows the call writes, by kind, as `tasks`: `{ "interview.booked": 1 }`. */
  events?: Declared;
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
        const watch = await watchWrites(t);
        const res = await t.request(url, { method: row.method ?? "GET", headers: w.headers[row.as], ...(body !== undefined ? { json: body } : {}) });
        const text = await res.text();
        const written = await watch.written();
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
        if (text.trim() && !bodyChecked(row)) throw new Error(`the answer has a body: check it (expect, contains, code, message) or say why not (bodyUnchecked): ${text.slice(0, 200)}`);
        for (const c of row.contains ?? []) expect(text).toContain(c);
        for (const c of row.notContains ?? []) expect(text).not.toContain(c);
        row.expect?.(json, w);
        const wrong = [differences("tasks", row.tasks ?? {}, written.tasks), differences("events", row.events ?? {}, written.events)].filter(Boolean);
        if (wrong.length) throw new Error(wrong.join("\n"));
      });
    }
  });
}

const bodyChecked = (row: Scenario) => !!(row.expect || row.contains?.length || row.notContains?.length || row.code || row.message || row.bodyUnchecked);
