// Mail off (no SMTP_URL): a skipped e-mail keeps no live secret at rest (issue 37 item 5). The dev
// mailbox shows its link for an hour and says so; then the link is gone from the row and the page.
import { expect, test } from "bun:test";
import { desc } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { mailRow } from "../../../test/kits/mail-rows";
import { mailMessages } from "../../db/schema";

const t = makeTestApp({ DEV_PAGES: "1" });

test("a skipped reset e-mail shows its link in the mailbox for an hour, then the row and the page lose it", async () => {
  const owner = await t.signUp();
  expect((await t.request("/api/auth/forgot-password", { json: { email: owner.email } })).status).toBe(200);
  const { id } = t.deps.db.select({ id: mailMessages.id }).from(mailMessages).orderBy(desc(mailMessages.id)).get()!;
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailRow(t.deps.db, id).text)![1]!;
  expect(mailRow(t.deps.db, id).status).toBe("skipped");

  const young = await (await t.request("/dev/mailbox", { cookie: owner.cookie })).text();
  expect(young).toContain(token);
  expect(young).toContain("shown for 1 hour after it was written, then removed");

  t.clock.advance(61 * 60_000);
  // Even before the clean-up task has run, the page no longer shows it.
  expect(await (await t.request("/dev/mailbox", { cookie: owner.cookie })).text()).not.toContain(token);
  expect(await (await t.request(`/dev/mailbox/${id}`, { cookie: owner.cookie })).text()).not.toContain(token);
  await t.deps.jobs.idle();
  const row = mailRow(t.deps.db, id);
  expect(row.text).not.toContain(token);
  expect(row.html).not.toContain(token);
  expect(row.text).toContain("[link removed]");
  expect(row.redactedAt).toBeInstanceOf(Date);
  expect(row.status).toBe("skipped");
});
