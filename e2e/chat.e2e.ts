import { expect, test } from "@playwright/test";
import { hydrated, loginAsNewUser } from "./fixtures";

test("chat: greeting, Enter sends, Shift+Enter does not, New restores the greeting", async ({ page }) => {
  await loginAsNewUser(page, { to: "/chat" });
  await hydrated(page);
  const messages = page.getByTestId("chat-messages");
  await expect(messages).toContainText("Beta 2.0 on the Starter Plan");

  const input = page.getByLabel("Message");
  await input.fill("hello");
  await input.press("Shift+Enter");
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  await expect(input).toHaveValue("hello\n");

  await input.fill("how many candidates do I have?");
  await input.press("Enter");
  await expect(page.getByTestId("user-message")).toHaveText("how many candidates do I have?");
  await expect(page.getByTestId("assistant-message").last()).toContainText("candidate(s) in total");
  await expect(page.getByTestId("assistant-message").last()).toContainText("without a language model");
  // The session id is kept once the answer's stream has ended, a moment after its text shows.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("frank_session_id"))).toBeTruthy();

  // The conversation comes back after a reload, from the stored session id.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("user-message")).toHaveText("how many candidates do I have?");

  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  await expect(page.getByTestId("assistant-message")).toHaveCount(1);
  await expect(messages).toContainText("Beta 2.0 on the Starter Plan");
  expect(await page.evaluate(() => localStorage.getItem("frank_session_id"))).toBeNull();
});

test("the dashboard embeds the assistant", async ({ page }) => {
  await loginAsNewUser(page);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Frank, your AI recruiting assistant" })).toBeVisible();
  await expect(page.getByTestId("chat-messages")).toContainText("Beta 2.0 on the Starter Plan");
});

test("meeting detection: the dialog's create action makes a scheduling session for the candidate", async ({ page }) => {
  await loginAsNewUser(page, { to: "/meeting-detection" });
  await hydrated(page);
  await expect(page.getByRole("switch", { name: "Auto-detection" })).toBeChecked();

  // Nothing happens without a candidate name.
  await page.getByRole("button", { name: "Let's meet tomorrow at 10" }).click();
  await expect(page.getByTestId("detection-result")).toHaveText("Meeting request (no candidate name)");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const input = page.getByLabel("Message");
  await input.fill("Can we schedule an interview with Jordan Miles for the Developer role?");
  await input.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Jordan Miles");
  await expect(dialog).toContainText("Developer");
  await dialog.getByRole("button", { name: "Create Scheduling Session" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("chat-messages")).toContainText(/Scheduling session created for Jordan Miles .*Booking link:/s);
  const link = await page
    .getByTestId("chat-messages")
    .getByRole("link", { name: /\/book\// })
    .first()
    .getAttribute("href");
  expect(link).toMatch(/\/book\/[\w-]+$/);

  // The session is real: its public booking page opens.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText("Session Not Found")).toHaveCount(0);

  // Dismiss closes the dialog without creating anything.
  await page.goto("/meeting-detection");
  await hydrated(page);
  await page.getByRole("button", { name: /Sarah Chen/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("shortlist test page: the websocket popup and its actions", async ({ page }) => {
  await loginAsNewUser(page, { to: "/shortlist-test" });
  await hydrated(page);
  await expect(page.getByTestId("socket-state")).toHaveText("WebSocket connected");
  await page.getByLabel("Candidate name").fill("Avery Stone");
  await page.getByLabel("Position").fill("Product Owner");
  await page.getByRole("button", { name: "Send WebSocket 'Meet'" }).click();
  const popup = page.getByTestId("shortlist-popup");
  await expect(popup).toContainText("New Candidate Detected!");
  await expect(popup).toContainText("Avery Stone");
  await popup.getByRole("button", { name: "Add to Shortlist" }).click();
  await expect(page.getByText("Shortlist Created")).toBeVisible();

  await page.getByRole("button", { name: "Test Webhook 'Meet'" }).click();
  await expect(page.getByTestId("log")).toContainText("Webhook 200");
  await expect(popup).toBeVisible();
});

test("on a 390 px phone /chat's Send button is on screen, with the e-mail notice showing (issue 41)", async ({ page }) => {
  // 664 px: an iPhone 12's height less the browser's own bars.
  await page.setViewportSize({ width: 390, height: 664 });
  await loginAsNewUser(page, { to: "/chat" });
  await expect(page.getByTestId("email-setup-banner")).toBeVisible();
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeVisible();
  const box = (await send.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(664);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(664);
});

test("the built-in assistant proposes an interview with Confirm and Dismiss; Dismiss changes nothing", async ({ page }) => {
  await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const [first] = (await (await page.request.get("/api/candidates")).json()).candidates as { firstName: string; lastName: string }[];
  const name = `${first!.firstName} ${first!.lastName}`;
  await page.goto("/chat");
  await hydrated(page);
  const input = page.getByLabel("Message");
  await input.fill(`Schedule an interview with ${name} next Tuesday`);
  await input.press("Enter");
  const proposal = page.getByTestId("chat-action");
  await expect(proposal).toContainText(`Propose a 60-minute interview to ${name}`);
  await expect(page.getByTestId("assistant-message").last()).toContainText("Nothing has changed yet");
  await expect(proposal.getByRole("button", { name: "Confirm" })).toBeVisible();
  await proposal.getByRole("button", { name: "Dismiss" }).click();
  await expect(proposal).toContainText("Dismissed");
  await expect(page.getByTestId("assistant-message").last()).toHaveText("Dismissed: nothing was changed.");
  expect((await (await page.request.get("/api/scheduling-sessions")).json()).sessions).toEqual([]);

  // A request it cannot tell apart is a question back, with nothing to confirm.
  await input.fill(`Move ${name} to the Interview stage`);
  await input.press("Enter");
  await expect(page.getByTestId("assistant-message").last()).toContainText("What would you like?");
  await expect(page.getByTestId("chat-action")).toHaveCount(1);
});
