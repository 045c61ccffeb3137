// Restore holds outgoing work (issue 41 item 4): e-mails waiting in a backup are not sent by the
// restored server until `frank jobs release`; then they go, once each. Real SMTP on 127.0.0.1.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { makeTestApp } from "../../test/helpers";
import { startTestSmtp } from "../../test/kits/smtp-server";
import { mailRow } from "../../test/kits/mail-rows";
import { createDeps } from "../bootstrap";
import { loadConfig } from "../config/env";
import { restoreDatabase } from "../features/monitor/db-restore";
import { ResetPasswordEmail } from "../features/auth/emails/reset-password";
import { FakeClock } from "./clock";
import { heldWork, releaseHeldWork } from "./held-tasks";

const smtp = await startTestSmtp({ refuse: true });
const SMTP_URL = smtp.url;
const subjects = () => smtp.received.map((m) => m.subject);
const dir = mkdtempSync(join(tmpdir(), "frank-held-"));
afterAll(() => {
  smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const t = makeTestApp({ SMTP_URL });

test("e-mails waiting in a backup are held by restore, not sent, until released; then sent once", async () => {
  const email = (subject: string) => ({ to: "ada@example.com", subject, email: ResetPasswordEmail({ name: "Ada", url: "http://localhost/x" }) });
  const ids = [await t.deps.mail.send(email("held-1")), await t.deps.mail.send(email("held-2"))];
  await t.deps.jobs.idle();
  expect(ids.map((id) => mailRow(t.deps.db, id).status)).toEqual(["retrying", "retrying"]);
  const backup = join(dir, "backup.db");
  t.deps.db.$client.exec(`VACUUM INTO '${backup}'`);

  const target = join(dir, "restored.db");
  const r = restoreDatabase(backup, target);
  expect(r.held).toEqual({ emails: 2, calendar: 0, webhooks: 0, other: 0 });

  // The restored server, with mail working and the retries long due: nothing goes out.
  smtp.refuse = false;
  const clock = new FakeClock(new Date(t.clock.now().getTime() + 86_400_000));
  const restored = createDeps(loadConfig({ APP_SECRET: "test-secret-test-secret-test-secret-0123", DATABASE_PATH: target, APP_URL: "http://localhost", NODE_ENV: "test", SMTP_URL }), {
    clock,
    quiet: true,
  });
  try {
    await restored.jobs.runDue();
    await restored.jobs.idle();
    expect(subjects()).toEqual([]);
    expect(heldWork(restored.db.$client).emails).toBe(2);
    expect(restored.mail.forMeetings([])).toEqual([]);

    expect(releaseHeldWork(restored.db.$client).emails).toBe(2);
    await restored.jobs.runDue();
    await restored.jobs.idle();
    expect(subjects().sort()).toEqual(["held-1", "held-2"]);
    expect(ids.map((id) => mailRow(restored.db, id).status)).toEqual(["sent", "sent"]);
  } finally {
    await restored.jobs.stop(100);
    restored.db.$client.close();
  }
});
