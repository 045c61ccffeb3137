import { expect, test } from "@playwright/test";
import { loginAsNewUser } from "./fixtures";

// The booking page's optional script: clicking the chosen slot again unselects it,
// Confirm Interview is disabled until a slot is chosen and reads "Booking..." while sent.
test("with JavaScript the booking page toggles slots and shows Booking...", async ({ page, browser }) => {
  await loginAsNewUser(page, { to: null });
  const seeded = await page.request.post("/api/candidates/seed");
  expect(seeded.ok()).toBe(true);
  const { candidates } = await (await page.request.get("/api/candidates")).json();
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(1, 0, 0, 0);
  const timeSlots = [0, 1].map((h) => ({
    startTime: new Date(start.getTime() + h * 3_600_000).toISOString(),
    endTime: new Date(start.getTime() + (h + 1) * 3_600_000).toISOString(),
  }));
  const created = await page.request.post("/api/scheduling-sessions", {
    data: { candidateId: candidates[0].id, title: "Interview", duration: 60, timeSlots, timeZone: "Australia/Melbourne" },
  });
  expect(created.ok()).toBe(true);
  const { sessions } = await (await page.request.get("/api/scheduling-sessions")).json();
  const token = sessions.find((s: { candidateId: number }) => s.candidateId === candidates[0].id).sessionToken;

  // A browser in the session's own zone: the page does not switch zones under the test.
  const candidate = await browser.newPage({ timezoneId: "Australia/Melbourne" });
  await candidate.goto(`/book/${token}`);
  const confirm = candidate.getByRole("button", { name: "Confirm Interview" });
  await expect(confirm).toBeDisabled();
  const slot = candidate.locator("label", { has: candidate.locator('input[name="slotId"]') }).first();
  await slot.click();
  await expect(confirm).toBeEnabled();
  await slot.click();
  await expect(confirm).toBeDisabled();
  await expect(candidate.locator('input[name="slotId"]:checked')).toHaveCount(0);

  await slot.click();
  // Hold the form post so the pending state can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await candidate.route(`**/book/${token}`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.continue();
  });
  // Playwright's locators wait for the held navigation, so the page records the button's
  // state itself (in sessionStorage, which survives the navigation) just after submitting.
  await candidate.evaluate(() => {
    const b = document.querySelector<HTMLButtonElement>('form[method="post"] button[type="submit"]')!;
    b.form!.addEventListener("submit", () => setTimeout(() => sessionStorage.setItem("confirm", `${b.textContent}|${b.disabled}`), 50));
    setTimeout(() => b.click());
  });
  await candidate.waitForTimeout(300);
  release();
  await expect(candidate.getByText("Interview Scheduled!")).toBeVisible();
  expect(await candidate.evaluate(() => sessionStorage.getItem("confirm"))).toBe("Booking...|true");
  await candidate.close();
});

test("with JavaScript the booking page shows the times in the browser's zone; the choice is kept with the booking", async ({ page, browser }) => {
  await loginAsNewUser(page, { to: null });
  expect((await page.request.post("/api/candidates/seed")).ok()).toBe(true);
  const { candidates } = await (await page.request.get("/api/candidates")).json();
  const start = new Date(Date.now() + 4 * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const timeSlots = [{ startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() }];
  const created = await page.request.post("/api/scheduling-sessions", {
    data: { candidateId: candidates[1].id, title: "Interview", duration: 60, timeSlots, timeZone: "Australia/Melbourne", sendEmail: false },
  });
  const { sessionToken } = await created.json();
  const candidate = await browser.newPage({ timezoneId: "Europe/London" });
  await candidate.goto(`/book/${sessionToken}`);
  await expect(candidate).toHaveURL(/\?tz=Europe%2FLondon$/);
  await expect(candidate.getByTestId("tz-note")).toContainText("Europe/London");
  // The zone switch comes before the slots.
  const switchY = (await candidate.getByLabel("Show times in").boundingBox())!.y;
  const slotsY = (await candidate.getByRole("heading", { name: "Available Time Slots" }).boundingBox())!.y;
  expect(switchY).toBeLessThan(slotsY);
  await candidate
    .locator("label", { has: candidate.locator('input[name="slotId"]') })
    .first()
    .click();
  await candidate.getByRole("button", { name: "Confirm Interview" }).click();
  await expect(candidate.getByText("Interview Scheduled!")).toBeVisible();
  await expect(candidate.getByText(/9:00–10:00 AM London \(.*Melbourne\)/)).toBeVisible();
  await candidate.close();
});
