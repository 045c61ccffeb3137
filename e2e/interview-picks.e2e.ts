import { expect, test } from "@playwright/test";
import { agencyWithShortlist, newestMailTo, picture } from "./fixtures";
import { tinyPng } from "../test/kits/tiny-images";

// Issue 39 item 2: the agency's logo on the client's page, and a contact who, without
// JavaScript on a phone, asks for an interview and picks times from the recruiter's free slots;
// the recruiter sees the picks on the shortlist and offers them to the candidate in one step.

test("a client contact without JavaScript asks for an interview and picks times; the recruiter sees them and offers them", async ({ page, browser }) => {
  const { api, people, shortlist, contactEmail } = await agencyWithShortlist(page, 2);

  // The logo, through Settings' plain form.
  await page.goto("/settings/logo");
  await page.getByLabel("Upload a logo").setInputFiles({ name: "acme.png", mimeType: "image/png", buffer: Buffer.from(tinyPng(120, 40)) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByTestId("logo-preview").getByRole("img")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await picture(page, "settings-logo-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/shortlists/${shortlist.id}`);
  await page.getByLabel("Jane Doe").check();
  await page.getByLabel(/the client picks times from my free slots/).check();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.locator("[data-share]")).toContainText("picks times (60 min)");

  const link = (await newestMailTo(contactEmail)).html.match(/\/s\/([A-Za-z0-9_-]{20,})/)![0];

  const contact = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const phone = await contact.newPage();
  await phone.goto(link);
  await expect(phone.getByTestId("agency").getByRole("img")).toBeVisible();
  const card = phone.locator(`[data-candidate="${people[0]!.id}"]`);
  await card.getByRole("button", { name: "Ask for an interview" }).click();
  await expect(phone.getByRole("heading", { name: `Interview times for ${people[0]!.name}` })).toBeVisible();
  await expect(phone.getByTestId("tz-note")).toContainText("Times in");
  const times = phone.locator('input[name="start"]');
  expect(await times.count()).toBeGreaterThan(3);
  const chosen = [await times.nth(0).getAttribute("aria-label"), await times.nth(3).getAttribute("aria-label")];
  // A time is a label around a hidden checkbox: tapping the label ticks it.
  const labels = phone.locator('label:has(input[name="start"])');
  await labels.nth(0).click();
  await labels.nth(3).click();
  await expect(times.nth(0)).toBeChecked();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await picture(phone, "interview-times-390");
  await phone.setViewportSize({ width: 1280, height: 900 });
  await picture(phone, "interview-times-1280");
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByRole("button", { name: "Send these times" }).click();
  await expect(phone.locator(`[data-candidate="${people[0]!.id}"]`).getByRole("status")).toHaveText("Thank you, your answer is saved.");
  await expect(phone.locator(`[data-candidate="${people[0]!.id}"]`).getByTestId("your-times").locator("li")).toHaveCount(2);
  await picture(phone, "shortlist-client-times-390", { fullPage: true });
  await contact.close();

  await page.goto(`/shortlists/${shortlist.id}`);
  const picked = page.locator(`[data-candidate="${people[0]!.id}"]`).getByTestId("picked-times");
  await expect(picked).toContainText("Interview times picked by Jane Doe");
  await expect(picked.locator("li")).toHaveCount(2);
  expect(chosen.every(Boolean)).toBe(true);
  await picture(page, "shortlist-picks-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await picked.scrollIntoViewIfNeeded();
  await picture(page, "shortlist-picks-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await picked.getByRole("button", { name: `Offer these times to ${people[0]!.name}` }).click();
  await expect(page.locator(`[data-candidate="${people[0]!.id}"]`).getByTestId("picked-times")).toContainText("Offered to the candidate");
  const sessions = (await api("GET", "/api/scheduling-sessions")).sessions as { candidateId: number; timeSlots: unknown[] }[];
  expect(sessions.find((s) => s.candidateId === people[0]!.id)?.timeSlots).toHaveLength(2);
});
