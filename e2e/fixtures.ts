import { expect, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

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

/** Creates a new account (and workspace) with the CLI against the e2e server's database. */
export function createAccount(opts: { name?: string } = {}): { email: string; password: string } {
  const email = `e2e-${process.pid}-${Date.now()}-${++n}@example.com`;
  const password = "e2e-password-123";
  const r = spawnSync("./node_modules/.bin/bun", ["src/main.ts", "user", "create", "--email", email, "--password", password, "--name", opts.name ?? "E2E Recruiter"], {
    env: { ...process.env, DATABASE_PATH: process.env.E2E_DB ?? "", APP_SECRET: demoSecret(process.env.E2E_DB ?? "") },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`user create failed: ${r.stderr}`);
  return { email, password };
}

/** Signs in through the login form and waits for the dashboard. */
export async function login(page: Page, email: string, password: string) {
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
