import { expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { POOL_PASSWORD } from "./pool-password";
import { basename, dirname, join } from "node:path";

export const DEMO_EMAIL = "demo@frank.local";
export const DEMO_PASSWORD = "demo-password";

let n = 0;

/**
 * The APP_SECRET of a demo server on `db`: the CLI refuses to run without one, and a demo
 * server keeps the secret it generated beside its database.
 */
export function demoSecret(db: string): string {
  return readFileSync(join(dirname(db), ".app-secret"), "utf8").trim();
}

/** The environment the CLI (and the account pool) needs to write to the e2e server's database. */
export function cliEnv(): NodeJS.ProcessEnv {
  const db = process.env.E2E_DB ?? "";
  return { ...process.env, DATABASE_PATH: db, APP_SECRET: demoSecret(db) };
}

/**
 * The accounts made before the tests start (e2e/global-setup.ts), claimed one at a time. The
 * server starts on a new database each run, so the e-mails repeat from run to run.
 */
export function accountPool() {
  const db = process.env.E2E_DB ?? "data/e2e.db";
  // Enough for every unnamed account the suite makes; more are made with the CLI. The claims
  // folder is beside the database, not named after it (the server's start removes E2E_DB*).
  return { size: 60, prefix: "e2e-pool-", claims: join(dirname(db), `account-claims.${basename(db)}`) };
}

/** The pool's next unclaimed account: mkdir is atomic, so two workers never take the same one. */
function claimPooled(): { email: string; password: string } | null {
  const pool = accountPool();
  if (!existsSync(pool.claims)) return null;
  for (let i = 0; i < pool.size; i++) {
    try {
      mkdirSync(join(pool.claims, String(i)));
    } catch {
      continue;
    }
    return { email: `${pool.prefix}${i}@example.com`, password: POOL_PASSWORD };
  }
  return null;
}

/**
 * A new account (and workspace) on the e2e server's database: one of the pool's, or, for a
 * given name or once the pool is used up, one made with the CLI.
 */
export function createAccount(opts: { name?: string } = {}): { email: string; password: string } {
  if (opts.name === undefined) {
    const pooled = claimPooled();
    if (pooled) return pooled;
  }
  const email = `e2e-${process.pid}-${Date.now()}-${++n}@example.com`;
  const password = POOL_PASSWORD;
  const r = spawnSync("./node_modules/.bin/bun", ["src/main.ts", "user", "create", "--email", email, "--password", password, "--name", opts.name ?? "E2E Recruiter"], {
    env: cliEnv(),
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`user create failed: ${r.stderr}`);
  return { email, password };
}

/**
 * Signs in with the login API (the session cookie lands in the page's browser context) and opens
 * the dashboard. The form itself is driven by loginThroughForm, in the tests about signing in.
 */
export async function login(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/dashboard");
}

/** Signs in through the login form and waits for the dashboard. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
}

/** A fresh account, signed in. */
export async function loginAsNewUser(page: Page, opts: { name?: string } = {}) {
  const account = createAccount(opts);
  await login(page, account.email, account.password);
  return account;
}

/** Waits until every island on the page is hydrated. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll("[data-island]")].every((el) => (el as HTMLElement).dataset.hydrated === "true"));
}

/**
 * axe-core on the page's top document. Legacy mode runs axe where the page is instead of opening a
 * blank page per check to merge frame results: the pages checked have no cross-origin frames,
 * and the extra page and second copy of axe were most of each check's cost.
 */
export function axeOn(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true);
}
