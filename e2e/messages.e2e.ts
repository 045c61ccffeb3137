import { expect, test, type Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { axeCheck, createAccount, login, picture } from "./fixtures";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../test/kits/dovecot";

// Issue 55: a recruiter connects their mailbox (a real Dovecot and SMTP on loopback) in Settings,
// writes to a candidate from the candidate's page, and the candidate's reply, arriving in that
// mailbox over SMTP, appears on the page under the message: with JavaScript and without.
test.skip(!dovecotInstalled, "needs Dovecot (dovecot-imapd)");

let dovecot: TestDovecot;
let smtp: DeliverySmtp;
const local: string[] = [];
test.beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startDeliverySmtp(dovecot, () => local);
});
test.afterAll(async () => {
  smtp?.close();
  await dovecot?.stop();
});

async function connectMailbox(page: Page, email: string, password: string) {
  await page.goto("/settings/mailbox");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("User name").fill(email);
  await page.getByLabel("IMAP server").fill("127.0.0.1");
  await page.getByLabel("IMAP port").fill(String(dovecot.port));
  await page.getByLabel("Security").selectOption("false");
  await page.getByLabel("SMTP server").fill("127.0.0.1");
  await page.getByLabel("SMTP port").fill(String(smtp.port));
  await page.getByLabel("App password").fill(password);
  await page.getByRole("button", { name: "Connect mailbox" }).click();
  await expect(page.getByTestId("mailbox-state")).toContainText(email);
}

for (const javaScriptEnabled of [true, false]) {
  test(`write to a candidate from their page; their reply shows under it (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now()}`;
    const candidate = `carla-${tag}@mail.example`;
    const account = await createAccount({ name: "Rita Recruiter" });
    const email = account.email;
    dovecot.addUser(email, "app-password");
    local.push(email);
    await login(page, email, account.password, null);
    await connectMailbox(page, email, "app-password");

    const imported = await page.request.post("/api/participants/import", { headers: { "content-type": "text/csv" }, data: `name,emailAddress\nCarla Candidate,${candidate}\n` });
    expect(imported.status(), await imported.text()).toBe(200);
    const list = (await (await page.request.get(`/api/participants?search=${encodeURIComponent(candidate)}`)).json()).participants;
    const id = list.find((p: { emailAddress: string }) => p.emailAddress === candidate).id as number;

    await page.goto(`/candidates/${id}`);
    const compose = page.getByTestId("compose");
    await expect(compose).toContainText(`Sent from your mailbox ${email}`);
    await compose.getByLabel("Subject").fill("Your next step");
    await compose.getByLabel("Message").fill("Hello {{candidate.firstName}}, could you send an updated CV?");
    await compose.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(new RegExp(`/candidates/${id}#messages$`));
    const thread = page.getByTestId("candidate-messages");
    await expect(thread).toContainText("Hello Carla, could you send an updated CV?");
    // Sending is a task: the page shows it sending, then sent (after a reload).
    await expect(async () => {
      await page.reload();
      await expect(thread.locator('[data-direction="out"]')).toContainText("Sent", { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    expect(smtp.taken.some((m) => m.to.includes(candidate))).toBe(true);

    // The candidate answers from their own mail program: In-Reply-To the message Frank sent.
    const sent = (await (await page.request.get(`/api/participants/${id}/messages`)).json()).messages[0];
    await nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }).sendMail({
      from: `Carla Candidate <${candidate}>`,
      to: email,
      subject: "Re: Your next step",
      inReplyTo: sent.messageId,
      references: [sent.messageId],
      text: "Of course, attached tomorrow.\n\nOn Sunday, Rita wrote:\n> could you send an updated CV?",
    });
    await page.goto("/settings/mailbox");
    await page.getByRole("button", { name: "Sync now" }).click();
    await page.goto(`/candidates/${id}`);
    await expect(async () => {
      await page.reload();
      await expect(thread.locator('[data-direction="in"]')).toContainText("Of course, attached tomorrow.", { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    // Under the message it answers, in the same thread; the quoted history folded.
    const messages = thread.locator(`[data-thread="${sent.messageId}"] > li`);
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText("Your next step");
    await expect(messages.nth(1)).toContainText("Of course, attached tomorrow.");
    await expect(messages.nth(1).getByText("Quoted history")).toBeVisible();
    await picture(page, `messages-thread-${javaScriptEnabled ? "js" : "nojs"}`, { fullPage: true });
    if (javaScriptEnabled) {
      // No serious or critical accessibility problem on the candidate's page and Settings → Mailbox.
      const serious = async () =>
        (await axeCheck(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${page.url()}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(await serious()).toEqual([]);
      await page.goto("/settings/mailbox");
      expect(await serious()).toEqual([]);
      return void (await context.close());
    }

    // A client's contact, from their own page (linked from the client's), the same plain form.
    const client = (await (await page.request.post("/api/clients", { data: { name: "Acme" } })).json()).client;
    await page.request.post(`/api/clients/${client.id}/contacts`, { data: { name: "Hugo Hiring", email: `hugo-${tag}@acme.example`, role: "Hiring manager" } });
    await page.goto(`/clients/${client.id}`);
    await page.getByRole("link", { name: "Hugo Hiring" }).click();
    await page.getByTestId("compose").getByLabel("Subject").fill("Feedback on Carla?");
    await page.getByTestId("compose").getByLabel("Message").fill("Dear {{candidate.firstName}}, any feedback from {{client.name}}?");
    await page.getByTestId("compose").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("candidate-messages")).toContainText("Dear Hugo, any feedback from Acme?");
    await page.goto(`/clients/${client.id}/contacts/${(await (await page.request.get(`/api/clients/${client.id}`)).json()).client.contacts[0].id}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "messages-contact-390", { fullPage: true });
    await page.goto(`/candidates/${id}#messages`);
    await picture(page, "messages-thread-390", { fullPage: true });
    await page.goto("/settings/mailbox");
    await picture(page, "messages-mailbox-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await picture(page, "messages-mailbox-1280", { fullPage: true });
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Mailbox" })).toContainText("Up to date");
    await picture(page, "messages-dashboard-1280", { fullPage: true });
    await context.close();
  });
}
