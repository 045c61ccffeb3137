// The dev mailbox as a second member (issue 59 item 6): a recruiter who asks for the owner's password
// reset cannot read the owner's reset link there; in demo mode the demo workspace's candidate
// e-mails are shown to its members, elsewhere not.
import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { desc, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { mailMessages } from "../../db/schema";
import { DEMO_EMAIL } from "../auth/service";

function candidateMail(t: TestApp, workspaceId: number, subject: string): number {
  return t.deps.db.transaction((tx) =>
    t.deps.mail.enqueue(tx, { to: "cand@example.com", subject, email: createElement("p", null, `${subject} https://x.test/manage/abcdefghijklmnopqrstuv`), workspaceId, audience: "candidate" }),
  );
}

async function resetOf(t: TestApp, email: string) {
  expect((await t.request("/api/auth/forgot-password", { json: { email } })).status).toBe(200);
  const mail = t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(desc(mailMessages.id)).get()!;
  return { id: mail.id, token: /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]! };
}

describe("without demo mode", () => {
  const t = makeTestApp({ DEV_PAGES: "1" });

  test("a recruiter asking for the owner's reset sees neither the e-mail nor its link; the owner does", async () => {
    const owner = await t.signUp();
    const recruiter = await addMember(t, owner.cookie, "recruiter");
    const reset = await resetOf(t, owner.email);
    const list = await (await t.request("/dev/mailbox", { cookie: recruiter.cookie })).text();
    expect(list).not.toContain(reset.token);
    expect(list).not.toContain(owner.email);
    expect((await t.request(`/dev/mailbox/${reset.id}`, { cookie: recruiter.cookie })).status).toBe(404);
    // The recruiter's own invitation e-mail is theirs to read.
    expect(list).toContain(recruiter.email);
    expect(await (await t.request("/dev/mailbox", { cookie: owner.cookie })).text()).toContain(reset.token);
    expect(await (await t.request(`/dev/mailbox/${reset.id}`, { cookie: owner.cookie })).text()).toContain(reset.token);
  });

  test("candidate e-mails of the workspace are not shown outside demo mode", async () => {
    const owner = await t.signUp();
    const id = candidateMail(t, owner.workspaceId, "Your interview is booked");
    expect(await (await t.request("/dev/mailbox", { cookie: owner.cookie })).text()).not.toContain("Your interview is booked");
    expect((await t.request(`/dev/mailbox/${id}`, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("demo mode", () => {
  const t = makeTestApp({}, { demo: true });

  test("the demo workspace's members read its candidate e-mails, never a colleague's reset", async () => {
    const demo = await t.signUp({ email: DEMO_EMAIL });
    const recruiter = await addMember(t, demo.cookie, "recruiter");
    const id = candidateMail(t, demo.workspaceId, "Your interview is booked");
    const reset = await resetOf(t, DEMO_EMAIL);
    const list = await (await t.request("/dev/mailbox", { cookie: recruiter.cookie })).text();
    expect(list).toContain("Your interview is booked");
    expect(list).not.toContain(reset.token);
    expect((await t.request(`/dev/mailbox/${id}`, { cookie: recruiter.cookie })).status).toBe(200);
    expect((await t.request(`/dev/mailbox/${reset.id}`, { cookie: recruiter.cookie })).status).toBe(404);

    // Another workspace on the demo server reads neither.
    const other = await t.signUp();
    candidateMail(t, other.workspaceId, "Elsewhere booked");
    const theirs = await (await t.request("/dev/mailbox", { cookie: other.cookie })).text();
    expect(theirs).not.toContain("Your interview is booked");
    expect(theirs).not.toContain("Elsewhere booked");
  });
});
