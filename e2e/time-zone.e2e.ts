import { expect, test } from "@playwright/test";
import { createAccount, login } from "./fixtures";

// Issue 41 item 8: the member's time zone comes from the browser (here London), at the sign-in
// form or, for an account signed in another way, from its first signed-in page.
test.use({ timezoneId: "Europe/London" });

test("the sign-in form sends the browser's zone; the profile shows it", async ({ page }) => {
  const account = await createAccount();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  expect((await (await page.request.get("/api/auth/profile")).json()).timeZone).toBe("Europe/London");
});

test("an account signed in through the API takes the zone from its first page", async ({ page }) => {
  const account = await createAccount();
  await login(page, account.email, account.password, "/interviews");
  await expect.poll(async () => (await (await page.request.get("/api/auth/me")).json()).user.timeZone).toBe("Europe/London");
  await page.reload();
  await expect(page.locator("[data-zone]")).toHaveText("Europe/London");
});
