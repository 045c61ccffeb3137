// Mail goes through a real SMTP conversation with a local server (smtp-server on 127.0.0.1).
import { afterAll, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { makeTestApp } from "../../test/helpers";
import { mailRow } from "../../test/kits/mail-rows";
import { ResetPasswordEmail } from "../features/auth/emails/reset-password";

const received: { to: string[]; data: string }[] = [];
let failNext = false;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, cb) {
    let data = "";
    stream.on("data", (c: Buffer) => (data += c.toString()));
    stream.on("end", () => {
      if (failNext) {
        failNext = false;
        return cb(new Error("mailbox full"));
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      cb();
    });
  },
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.server.address() as { port: number }).port;
afterAll(() => server.close());

const t = makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Frank <frank@example.com>" });

test("an e-mail is rendered to HTML and text, stored, sent over SMTP and marked sent", async () => {
  const id = await t.deps.mail.send({
    to: "ada@example.com",
    subject: "Hello",
    email: ResetPasswordEmail({ name: "Ada", url: "http://localhost/reset-password?token=abc" }),
    attachments: [{ filename: "invite.ics", contentType: "text/calendar; method=REQUEST", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
  });
  await t.deps.jobs.idle();
  const row = mailRow(t.deps.db, id);
  expect(row.status).toBe("sent");
  expect(row.html).toContain("<html");
  expect(received.at(-1)!.to).toEqual(["ada@example.com"]);
  expect(received.at(-1)!.data).toContain("Subject: Hello");
  expect(received.at(-1)!.data).toContain("invite.ics");
  expect(received.at(-1)!.data).toContain("reset-password?token=3D");
});

test("a delivered e-mail keeps no secret link at rest", async () => {
  const secret = "Zq8vX2mN4bR7tY1wK5pL9sD3fG6hJ0aE";
  const id = await t.deps.mail.send({ to: "ada@example.com", subject: "Reset", email: ResetPasswordEmail({ name: "Ada", url: `http://localhost/reset-password?token=${secret}` }) });
  const stored = mailRow(t.deps.db, id);
  expect(stored.text).toContain(secret);
  await t.deps.jobs.idle();
  const row = mailRow(t.deps.db, id);
  expect(row.status).toBe("sent");
  expect(row.text).not.toContain(secret);
  expect(row.html).not.toContain(secret);
  expect(row.text).toContain("[link removed]");
});

test("a temporary refusal (4xx) is recorded as retrying with the error and the next try, then sent", async () => {
  failNext = true;
  const id = await t.deps.mail.send({ to: "bob@example.com", subject: "Retry me", email: ResetPasswordEmail({ name: "Bob", url: "http://localhost/x" }) });
  await t.deps.jobs.idle();
  let row = mailRow(t.deps.db, id);
  expect(row.status).toBe("retrying");
  expect(row.lastError).toContain("mailbox full");
  expect(row.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  t.clock.advance(60_000);
  await t.deps.jobs.idle();
  row = mailRow(t.deps.db, id);
  expect(row.status).toBe("sent");
  expect(row.attempts).toBe(2);
});

test("without SMTP the mail is stored as skipped", async () => {
  const plain = makeTestApp();
  const id = await plain.deps.mail.send({ to: "c@example.com", subject: "Local", email: ResetPasswordEmail({ name: null, url: "http://localhost/y" }) });
  expect(mailRow(plain.deps.db, id).status).toBe("skipped");
});
