import { expect, test } from "@playwright/test";
import { createAccount, hydrated, login, loginThroughForm } from "./fixtures";

test("login goes to the dashboard after the success toast", async ({ page }) => {
  const a = await createAccount({ name: "Grace" });
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email address").fill(a.email);
  await page.getByLabel("Password", { exact: true }).fill(a.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Welcome Grace/ })).toBeVisible();
});

test("a wrong password shows the failure toast and stays", async ({ page }) => {
  const a = await createAccount();
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email address").fill(a.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the password toggle shows and hides the password", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  const pw = page.getByLabel("Password", { exact: true });
  await pw.fill("secret-value");
  await expect(pw).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(pw).toHaveAttribute("type", "text");
});

test("forgot → mailbox → reset → login with the new password; the old one is refused", async ({ page, browser }) => {
  const a = await createAccount();
  await page.goto("/forgot-password");
  await hydrated(page);
  await page.getByLabel("Email address").fill(a.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();

  // The mailbox shows a workspace's own e-mails to its signed-in user only: read the link
  // in a second, signed-in browser, and follow it in the signed-out one.
  const other = await browser.newContext();
  const inbox = await other.newPage();
  await login(inbox, a.email, a.password, "/dev/mailbox");
  const mail = inbox.getByTestId("mail").filter({ hasText: a.email }).first();
  const href = await mail
    .getByRole("link", { name: /reset-password\?token=/ })
    .first()
    .getAttribute("href");
  await other.close();
  await page.goto(href!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await hydrated(page);
  await page.getByLabel("New password").fill("brand-new-password");
  await page.getByLabel("Confirm password").fill("brand-new-password");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { name: "Password Updated" })).toBeVisible();

  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email address").fill(a.email);
  await page.getByLabel("Password", { exact: true }).fill(a.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();

  await loginThroughForm(page, a.email, "brand-new-password");
});

test("route classes: public pages, sign-in redirects, 404", async ({ page, context }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/forgot-password");
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/login$/); // no token → / → /login, with the toast
  await expect(page.getByText("Invalid reset link")).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

  const a = await createAccount();
  await loginThroughForm(page, a.email, a.password);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.clearCookies();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form posts and lands on the dashboard; logout returns to login", async ({ page }) => {
    const a = await createAccount({ name: "NoScript" });
    await page.goto("/login");
    await page.getByLabel("Email address").fill(a.email);
    await page.getByLabel("Password", { exact: true }).fill(a.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Login successful!")).toBeVisible();
    await page.locator("summary").first().click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Logged out successfully")).toBeVisible();
  });

  test("a failed login without JavaScript shows the message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("x");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid email address").first()).toBeVisible();
  });
});
