import { expect, test } from "@playwright/test";
import { agencyWithShortlist, newestMailTo, picture } from "./fixtures";

// Issue 39: the recruiter shares a shortlist with a client's contact through the page's plain
// form; the contact opens the private link in a browser without JavaScript, answers, and the
// recruiter sees the answer on the shortlist.

test("a client contact answers without JavaScript and the recruiter sees it", async ({ page, browser }) => {
  const { people, shortlist, contactEmail } = await agencyWithShortlist(page, 3);

  // A CV through the candidate page's plain form (multipart, the browser's own file picker).
  await page.goto(`/candidates/${people[0]!.id}`);
  await page.getByLabel(/Add a CV/).setInputFiles({ name: "Ada CV.txt", mimeType: "text/plain", buffer: Buffer.from("Ada Lovelace\nKubernetes and payments\n") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("candidate-files").getByRole("link", { name: "Ada CV.txt" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await picture(page, "candidate-cv-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/shortlists/${shortlist.id}`);
  await page.getByLabel("Jane Doe").check();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.locator("[data-share]")).toContainText("Jane Doe");
  await picture(page, "shortlist-share-1280", { fullPage: true });

  // The link, as the contact's e-mail carries it.
  const link = (await newestMailTo(contactEmail)).html.match(/\/s\/([A-Za-z0-9_-]{20,})/)![0];

  const contact = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const phone = await contact.newPage();
  const res = await phone.goto(link);
  expect(res!.headers()["x-robots-tag"]).toContain("noindex");
  await expect(phone.getByRole("heading", { name: "Payments shortlist" })).toBeVisible();
  const card = phone.locator(`[data-candidate="${people[0]!.id}"]`);
  await expect(card.getByRole("heading")).toHaveText(people[0]!.name);
  await expect(card.getByRole("link", { name: "CV: Ada CV.txt" })).toBeVisible();
  await card.getByLabel(/Comment on/).fill("strong on payments");
  await card.getByRole("button", { name: "Interested" }).click();
  await expect(phone.locator(`[data-candidate="${people[0]!.id}"]`).getByRole("status")).toHaveText("Thank you, your answer is saved.");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await picture(phone, "shortlist-client-390", { fullPage: true });
  await contact.close();

  await page.goto(`/shortlists/${shortlist.id}`);
  await expect(page.locator(`[data-candidate="${people[0]!.id}"]`).getByTestId("client-answer")).toContainText("Interested by Jane Doe");
  await expect(page.locator(`[data-candidate="${people[0]!.id}"]`).getByTestId("client-answer")).toContainText("strong on payments");
});
