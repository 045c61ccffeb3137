import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

// Defects a careful user noticed by trying the product (issue: fifteen defects).

test("after saving the profile, the header shows the new name without a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsNewUser(page, { name: "Old Name" });
  await hydrated(page);
  const menu = page.getByTestId("account-menu");
  await expect(menu.getByTestId("account-name")).toHaveText("Old Name");
  await menu.locator("summary").click();
  await page.locator("[data-open-profile]").click();
  const dialog = page.getByTestId("profile-dialog");
  await dialog.getByRole("button", { name: "Edit Profile" }).click();
  await dialog.getByLabel("Name").fill("Renamed Recruiter");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(menu.getByTestId("account-name")).toHaveText("Renamed Recruiter");
  await expect(menu.locator("[data-account-initial]")).toHaveText("R");
});

test("a failed chat send keeps one bubble, marked as not sent, and Retry sends it once", async ({ page }) => {
  await loginAsNewUser(page);
  await page.goto("/chat");
  await hydrated(page);
  let fail = true;
  await page.route("**/api/chat/openai/stream", (route) => (fail ? route.fulfill({ status: 502, contentType: "application/json", body: '{"message":"down","code":"bad_gateway"}' }) : route.continue()));
  const input = page.getByLabel("Message");
  await input.fill("how many candidates do I have?");
  await input.press("Enter");
  const bubbles = page.getByTestId("user-message");
  await expect(bubbles).toHaveCount(1);
  await expect(bubbles).toHaveAttribute("data-failed", "true");
  await expect(page.getByTestId("not-sent")).toContainText("Not sent");
  await expect(input).toHaveValue("");

  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("assistant-message").last()).toContainText("candidate(s) in total");
  await expect(bubbles).toHaveCount(1);
  await expect(bubbles).toHaveText("how many candidates do I have?");
  await expect(bubbles).not.toHaveAttribute("data-failed", "true");
  await expect(page.getByTestId("not-sent")).toHaveCount(0);
});
