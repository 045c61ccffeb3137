// Test harness: a real app on a temporary SQLite file, driven through app.handle().
import type { FileStore } from "../src/lib/files/storage";
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { afterAll } from "bun:test";
import { loadConfig, type Config } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { migrateDatabase, openDatabase } from "../src/db/client";
import { migrationFiles } from "../src/migrations.gen";
import { createApp } from "../src/app";
import { FakeClock } from "../src/lib/clock";
import { createUser } from "../src/features/auth/service";
import type { AppContext, Replacements } from "../src/app";
import { checkAnswer } from "./kits/answer-check";

const BASE = "http://localhost";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** The infrastructure with every feature's context (tests call services with it). */
  deps: AppContext;
  clock: FakeClock;
  /** Sends a request; JSON bodies are encoded; `cookie` is sent as the Cookie header. */
  request(path: string, init?: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; cookie?: string }): Promise<Response>;
  /** Creates a user (with its own workspace) and returns a signed-in session cookie. */
  signUp(opts?: { email?: string; password?: string; name?: string }): Promise<{ cookie: string; userId: number; workspaceId: number; email: string; password: string }>;
  login(email: string, password: string): Promise<string>;
}

let counter = 0;

let template: string | null = null;

/**
 * One migrated database per set of migrations, copied for each test app: migrating from scratch
 * costs more than the copy, and on the copy createDeps' migrate finds nothing left to apply. It is
 * kept in the temporary folder under the migrations' hash, so later runs reuse it and nothing is
 * left behind per run (bun test runs no exit handlers); a new migration makes a new file.
 */
function migratedTemplate(): string {
  if (template) return template;
  const hash = createHash("sha256").update(JSON.stringify(migrationFiles)).digest("hex").slice(0, 16);
  const path = join(tmpdir(), `frank-template-${hash}.db`);
  if (!existsSync(path)) {
    // Built under a name of its own and renamed into place: two test processes may race here.
    const building = `${path}.${process.pid}.building`;
    const db = openDatabase(building);
    migrateDatabase(db);
    // Everything into the main file, so copying that one file copies the whole database.
    db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE);");
    db.$client.close();
    for (const suffix of ["-wal", "-shm"]) rmSync(building + suffix, { force: true });
    renameSync(building, path);
  }
  template = path;
  return path;
}

/** A fresh app with its own database file (removed after the test file). */
export function makeTestApp(env: Record<string, string> = {}, opts: { demo?: boolean; replace?: Replacements; files?: FileStore } = {}): TestApp {
  const dir = mkdtempSync(join(tmpdir(), "frank-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(migratedTemplate(), join(dir, "test.db"));
  const config: Config = loadConfig(
    { APP_SECRET: "test-secret-test-secret-test-secret-0123", DATABASE_PATH: join(dir, "test.db"), APP_URL: "http://localhost", NODE_ENV: "test", ...env },
    { demo: opts.demo },
  );
  const clock = new FakeClock(new Date());
  const app = createApp(createDeps(config, { clock, quiet: true, files: opts.files }), opts.replace);
  const deps = app.context;

  // Each /api answer is also held against /api/openapi.json (test/kits/answer-check.ts).
  const request: TestApp["request"] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (init.cookie) headers.cookie = init.cookie;
    const method = init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET");
    const res = await app.handle(new Request(BASE + path, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body }));
    await checkAnswer(app, config.APP_URL, method, path, res);
    return res;
  };

  const login = async (email: string, password: string) => {
    const res = await request("/api/auth/login", { json: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return sessionCookie(res);
  };

  return {
    app,
    deps,
    clock,
    request,
    login,
    async signUp(o = {}) {
      const email = o.email ?? `user${++counter}-${Date.now()}@example.com`;
      const password = o.password ?? "correct-horse-battery";
      const user = await createUser(deps, { email, password, name: o.name ?? "Test Recruiter" });
      return { cookie: await login(email, password), userId: user.id, workspaceId: user.workspaceId, email, password };
    },
  };
}

/** The `frank_session=…` pair from a response's Set-Cookie. */
export function sessionCookie(res: Response): string {
  const all = res.headers.getSetCookie();
  const c = all.find((h) => h.startsWith("frank_session="));
  if (!c) throw new Error("no session cookie");
  return c.split(";")[0]!;
}
