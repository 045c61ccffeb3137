import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createAccount, hydrated, loginAsNewUser } from "./fixtures";
import { freePort, spawnFrank, START_TIMEOUT_MS, waitFor } from "./own-server";

// The shared e2e server runs without Stripe (billing off, the gate never blocks). These
// tests start their own: a fake Stripe (test/fakes/stripe.ts) and a Frank server whose
// Stripe SDK points at it, on free ports, with their own database file.
const WEBHOOK_SECRET = "whsec_e2e_billing";
let app = "";
let fake = "";
let db = "";
const children: ChildProcess[] = [];

/** Kept to be stopped after the tests; its errors show in the test output. */
function track(child: ChildProcess): ChildProcess {
  children.push(child);
  child.stderr!.on("data", (d: Buffer) => process.stderr.write(d));
  return child;
}

test.describe("with Stripe configured", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    const port = await freePort();
    app = `http://127.0.0.1:${port}`;
    db = `data/e2e-billing-${port}.db`;
    const stripe = track(
      spawn("./node_modules/.bin/bun", ["test/fakes/stripe.ts"], {
        env: { ...process.env, FAKE_STRIPE_WEBHOOK_URL: `${app}/api/stripe/webhook`, FAKE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    fake = await new Promise<string>((resolve, reject) => {
      stripe.stdout!.on("data", (d: Buffer) => {
        const m = /FAKE_STRIPE_URL=(\S+)/.exec(d.toString());
        if (m) resolve(m[1]!);
      });
      stripe.once("exit", (code) => reject(new Error(`fake stripe exited ${code}`)));
    });
    track(
      spawnFrank(
        ["serve"],
        {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_PATH: db,
          APP_URL: app,
          APP_SECRET: "e2e-billing-secret-e2e-billing-secret-0123",
          NODE_ENV: "test",
          STRIPE_SECRET_KEY: "sk_test_e2e",
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: fake,
        },
        ["ignore", "pipe", "pipe"],
      ),
    );
    await waitFor(`${app}/healthz`);
  });

  test.afterAll(() => {
    for (const c of children) c.kill("SIGTERM");
    for (const suffix of ["", "-wal", "-shm", ".lock"]) rmSync(db + suffix, { force: true });
  });

  let n = 0;
  async function signIn(page: Page) {
    const email = `billing-${process.pid}-${Date.now()}-${++n}@example.com`;
    const password = "e2e-password-123";
    await createAccount({ database: db, secret: "e2e-billing-secret-e2e-billing-secret-0123", email, password, name: "Billing Tester" });
    await page.goto(`${app}/login`);
    await hydrated(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await hydrated(page);
    return email;
  }

  /** Plans tab → Starter → the fake's hosted page in a new tab → Pay (the fake delivers the webhooks). */
  async function buyStarter(page: Page, context: BrowserContext) {
    const dialog = page.getByTestId("profile-dialog");
    await dialog.getByRole("tab", { name: "Plans" }).click();
    const [checkout] = await Promise.all([context.waitForEvent("page"), dialog.getByRole("button", { name: "Start 7-Day Free Trial" }).click()]);
    await expect(checkout).toHaveURL(new RegExp(`^${fake}/checkout/cs_`));
    await checkout.getByRole("button", { name: "Pay" }).click();
    // Back on the dashboard: the toast, and the parameter leaves the address.
    await expect(checkout.locator("#toaster").getByText("Payment Successful")).toBeVisible();
    await expect(checkout).toHaveURL(`${app}/dashboard`);
    await checkout.close();
  }

  test("without a subscription the dialog cannot be closed; after the webhook makes them active it closes", async ({ page, context }) => {
    await signIn(page);
    const dialog = page.getByTestId("profile-dialog");
    // The dashboard opens it by itself, on the Billing tab, with the red dot.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Billing" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText("No active subscription")).toBeVisible();
    await expect(dialog.getByTestId("billing-dot")).toBeVisible();

    await dialog.getByRole("button", { name: "Close" }).click();
    const toaster = page.locator("#toaster");
    await expect(toaster.getByText("Subscription Required")).toBeVisible();
    await expect(toaster.getByText("Please subscribe to a plan to access the application.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    // The gate is the server's: every signed-in page answers 402 with the dialog, which has Log out.
    const chat = await page.request.get(`${app}/chat`);
    expect(chat.status()).toBe(402);
    expect((await page.request.get(`${app}/api/jobs`)).status()).toBe(402);
    await expect(dialog.getByRole("button", { name: "Log out" })).toBeVisible();

    await buyStarter(page, context);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    // Reopened from the account menu: a subscription exists, so it starts on Profile.
    await page.getByTestId("account-menu").locator("summary").click();
    await page.locator("[data-open-profile]").click();
    await expect(dialog.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByTestId("billing-dot")).toHaveCount(0);
    await dialog.getByRole("tab", { name: "Billing" }).click();
    await expect(dialog.getByTestId("subscription-status")).toHaveText("Trialing");
    await expect(dialog.getByText("Free Trial Active")).toBeVisible();
    await expect(dialog.getByText("$97.00")).toBeVisible();

    // Edit Profile → Save.
    await dialog.getByRole("tab", { name: "Profile" }).click();
    await dialog.getByRole("button", { name: "Edit Profile" }).click();
    await dialog.getByLabel("Company").fill("Acme Hiring");
    await dialog.getByLabel("Job Title").fill("Recruiter");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile Updated")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Edit Profile" })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(dialog).toBeHidden();
  });

  test("a past_due trial shows 'Trial Expired - Payment Required'", async ({ page, context }) => {
    const email = await signIn(page);
    await buyStarter(page, context);
    const state = await (await fetch(`${fake}/_fake/state`)).json();
    const customer = state.customers.find((c: { email: string }) => c.email === email);
    const sub = state.subscriptions.find((s: { customer: string }) => s.customer === customer.id);
    const res = await fetch(`${fake}/_fake/subscriptions/${sub.id}`, {
      method: "POST",
      body: JSON.stringify({ status: "past_due", trial_end: Math.floor(Date.now() / 1000) - 3600 }),
    });
    expect((await res.json()).codes).toEqual([200]);

    await page.reload();
    await hydrated(page);
    const dialog = page.getByTestId("profile-dialog");
    await page.getByTestId("account-menu").locator("summary").click();
    await page.locator("[data-open-profile]").click();
    await dialog.getByRole("tab", { name: "Billing" }).click();
    await expect(dialog.getByTestId("subscription-status")).toHaveText("Payment Required");
    await expect(dialog.getByText("Trial Expired - Payment Required")).toBeVisible();
    // The trial ended an hour ago: the message names that day (part1 §4).
    const ended = new Date(Date.now() - 3_600_000).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
    await expect(dialog.getByTestId("trial-box")).toContainText(`Your free trial expired on ${ended}.`);
    // Its Update Payment Method goes to the Plans tab (part1 §4).
    await dialog.getByTestId("trial-box").getByRole("button", { name: "Update Payment Method" }).click();
    await expect(dialog.getByRole("tab", { name: "Plans" })).toHaveAttribute("aria-selected", "true");
    // The Plans tab marks the current plan; a trial is not offered again.
    await dialog.getByRole("tab", { name: "Plans" }).click();
    await expect(dialog.locator('[data-plan="starter"]').getByRole("button", { name: "Current" })).toBeDisabled();
    await expect(dialog.locator('[data-plan="pro"]').getByRole("button", { name: "Change" })).toBeEnabled();
    await expect(dialog.getByRole("button", { name: "Start 7-Day Free Trial" })).toHaveCount(0);
    // Past due while the planned trial end is still ahead (the trial ended early): no future date is called the expiry.
    const later = await fetch(`${fake}/_fake/subscriptions/${sub.id}`, { method: "POST", body: JSON.stringify({ trial_end: Math.floor(Date.now() / 1000) + 7 * 86_400 }) });
    expect((await later.json()).codes).toEqual([200]);
    await page.reload();
    await hydrated(page);
    await page.getByTestId("account-menu").locator("summary").click();
    await page.locator("[data-open-profile]").click();
    await dialog.getByRole("tab", { name: "Billing" }).click();
    await expect(dialog.getByTestId("trial-box")).toContainText("Your free trial expired. Update your payment method");
    // The billing actions' Update Payment Method opens the Stripe customer portal, which returns to the dashboard with a toast.
    await dialog.getByTestId("billing-actions").getByRole("button", { name: "Update Payment Method" }).click();
    await expect(page).toHaveURL(new RegExp(`^${fake}/portal/bps_`));
    await page.getByRole("link", { name: "Return to Frank" }).click();
    await expect(page.locator("#toaster").getByText("Billing Updated")).toBeVisible();
    await expect(page).toHaveURL(`${app}/dashboard`);
  });

  test("plan change from the Plans tab; cancel at period end shows and can be resumed", async ({ page, context }) => {
    const email = await signIn(page);
    await buyStarter(page, context);
    await page.reload();
    await hydrated(page);
    const dialog = page.getByTestId("profile-dialog");
    await page.getByTestId("account-menu").locator("summary").click();
    await page.locator("[data-open-profile]").click();
    await dialog.getByRole("tab", { name: "Plans" }).click();
    page.once("dialog", (d) => d.accept());
    await dialog.locator('[data-plan="pro"]').getByRole("button", { name: "Change" }).click();
    await expect(page.locator("#toaster").getByText("Plan Changed")).toBeVisible();
    await expect(dialog.locator('[data-plan="pro"]').getByRole("button", { name: "Current" })).toBeVisible();
    await expect(dialog.locator('[data-plan="starter"]').getByRole("button", { name: "Change" })).toBeVisible();

    const state = await (await fetch(`${fake}/_fake/state`)).json();
    const customer = state.customers.find((c: { email: string }) => c.email === email);
    const sub = state.subscriptions.find((s: { customer: string }) => s.customer === customer.id);
    await fetch(`${fake}/_fake/subscriptions/${sub.id}`, { method: "POST", body: JSON.stringify({ cancel_at_period_end: true }) });
    await page.reload();
    await hydrated(page);
    await page.getByTestId("account-menu").locator("summary").click();
    await page.locator("[data-open-profile]").click();
    await dialog.getByRole("tab", { name: "Billing" }).click();
    await expect(dialog.getByText("Cancels at Period End")).toBeVisible();
    await dialog.getByTestId("cancel-at-period-end").getByRole("button", { name: "Resume" }).click();
    await expect(page.locator("#toaster").getByText("Subscription Resumed")).toBeVisible();
    await expect(dialog.getByText("Cancels at Period End")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  });

  test("the login page's Sign Up link reaches the pricing page, which sends a visitor to checkout", async ({ page }) => {
    await page.goto(`${app}/login`);
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/pricing");
    await page.goto(`${app}/pricing`);
    await expect(page.getByRole("heading", { name: "Plans & Pricing" })).toBeVisible();
    await page.locator('[data-plan="pro"]').getByRole("button", { name: "Choose Pro" }).click();
    await expect(page).toHaveURL(new RegExp(`^${fake}/checkout/cs_`));
    await page.getByLabel("Email").fill(`visitor-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(`${app}/pricing?checkout=success`);
    await expect(page.getByText("Check your email for a link to set your password")).toBeVisible();
  });
});

test("without STRIPE_SECRET_KEY the gate never blocks and billing says it is not configured", async ({ page }) => {
  await loginAsNewUser(page);
  await hydrated(page);
  const dialog = page.getByTestId("profile-dialog");
  await expect(dialog).toBeHidden();
  await page.getByTestId("account-menu").locator("summary").click();
  await page.locator("[data-open-profile]").click();
  await expect(dialog.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByRole("tab", { name: "Billing" }).click();
  await expect(dialog.getByText("Billing is not configured on this server.")).toBeVisible();
  await dialog.getByRole("tab", { name: "Plans" }).click();
  await expect(dialog.getByText("Billing is not configured on this server.")).toBeVisible();
  await dialog.getByRole("tab", { name: "Media" }).click();
  await expect(dialog.getByText(/Sample data/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "+$250" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});
