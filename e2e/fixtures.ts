import { expect, type BrowserContext, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The APP_SECRET of a demo server on `db`: the CLI refuses to run without one, and a demo
 * server keeps the secret it generated beside its database.
 */
export function demoSecret(db: string): string {
  return readFileSync(join(dirname(db), ".app-secret"), "utf8").trim();
}

/** The environment the CLI (and the account server) needs to write to the e2e server's database. */
export function cliEnv(): NodeJS.ProcessEnv {
  const db = process.env.E2E_DB ?? "";
  return { ...process.env, DATABASE_PATH: db, APP_SECRET: demoSecret(db) };
}

/**
 * A new account (and workspace) on the e2e server's database, made by e2e/account-server.ts; or,
 * for a test with a server of its own, on that server's `database` (with its `secret`), with the
 * e-mail and password given.
 */
export async function createAccount(opts: { name?: string; database?: string; secret?: string; email?: string; password?: string } = {}): Promise<{ email: string; password: string }> {
  const res = await fetch(process.env.E2E_ACCOUNTS_URL!, { method: "POST", body: JSON.stringify(opts) });
  if (res.status !== 201) throw new Error(`making an account failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { email: string; password: string };
}

/** The newest e-mail to `to` on the e2e server, as its recipient reads it. */
export async function newestMailTo(to: string): Promise<{ html: string; text: string }> {
  const url = new URL(process.env.E2E_ACCOUNTS_URL!);
  url.pathname = "/mail";
  url.searchParams.set("to", to);
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`no e-mail to ${to}: ${res.status}`);
  return (await res.json()) as { html: string; text: string };
}

/**
 * Signs in with the login API (the session cookie lands in the page's browser context) and opens
 * `to`, the dashboard unless told otherwise; null opens nothing, for a test that prepares its data
 * through the API first. The form itself is driven by loginThroughForm, in the tests about signing in.
 */
export async function login(page: Page, email: string, password: string, to: string | null = "/dashboard") {
  const res = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  if (to !== null) await page.goto(to);
}

/** Signs in through the login form and waits for the dashboard. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
}

/** A fresh account, signed in, on `to` (see login). */
export async function loginAsNewUser(page: Page, opts: { name?: string; to?: string | null } = {}) {
  const account = await createAccount({ name: opts.name });
  await login(page, account.email, account.password, opts.to);
  return account;
}

/**
 * A picture of the page for a person to look at (test-results/NAME.png), taken only when
 * E2E_SCREENSHOTS is set: nothing reads them in a run, and a full-page one costs the browser about
 * 0.2 CPU-seconds, a second of the whole suite for every five.
 */
export async function picture(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/${name}.png`, fullPage: opts.fullPage });
}

/**
 * Waits until every island on the page is hydrated (or every one whose name starts with `group`,
 * for a test about one feature's islands): none is left without data-hydrated.
 * A locator waits in the world Playwright's own script already lives in for the page's clicks
 * and checks; waitForFunction waits in the page's main world, where Playwright first sends its
 * whole injected script (about 345 KB, compiled by the page) for that one wait.
 */
export async function hydrated(page: Page, group?: string) {
  const island = group ? `[data-island^="${group}"]` : "[data-island]";
  await page.locator(`${island}:not([data-hydrated="true"])`).first().waitFor({ state: "detached" });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core run in the page's top document, from the minified build (about 650 KB;
 * @axe-core/playwright sent the 1.5 MB source twice per check and parsed it twice). A context that
 * checks several pages gets it once, as an init script (`withAxe`): sent with every check, it cost
 * the browser about 70 ms per page, against 30 ms evaluated at each page's start. The pages
 * checked have no cross-origin frames. Only violations are listed node by node: the tests read
 * nothing else, and the passing nodes of every rule made a large result to send back.
 */
export async function withAxe(context: BrowserContext) {
  await context.addInitScript(AXE_SOURCE);
}

export async function axeCheck(page: Page, opts: { include?: string[]; options?: RunOptions } = {}): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([include, options]) => (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(include ? { include: include.map((s) => [s]) } : document, options),
    [opts.include ?? null, { resultTypes: ["violations"], ...opts.options }] as const,
  );
}

/**
 * A new recruiter signed in with sample candidates, a client "Acme Pay" with the contact Jane Doe,
 * and a shortlist of the first `size` candidates: where the client-shortlist tests start.
 */
export async function agencyWithShortlist(page: Page, size: number) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsNewUser(page, { to: null });
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await api("POST", "/api/candidates/seed");
  const people = (await api("GET", `/api/participants?limit=${size}`)).participants as { id: number; name: string }[];
  const client = (await api("POST", "/api/clients", { name: "Acme Pay" })).client;
  const contactEmail = `jane-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@acme.example`;
  await api("POST", `/api/clients/${client.id}/contacts`, { name: "Jane Doe", email: contactEmail });
  const shortlist = await api("POST", "/api/shortlists", { name: "Payments shortlist" });
  await api("POST", `/api/shortlists/${shortlist.id}/candidates`, { candidateIds: people.map((p) => p.id) });
  return { api, people, client, shortlist, contactEmail };
}
