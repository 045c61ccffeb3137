// The same answer, again and again (issue 59 item 8): ten identical "Interested" posts, or the same
// picked times ten times, on a share link make one e-mail, one event and one webhook; a changed
// answer is still told.
import { expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { events, mailMessages, webhookDeliveries } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();
t.clock.set(new Date("2030-03-04T08:00:00Z"));
const at = (iso: string) => String(Date.parse(iso));

test("repeated identical answers and picks do nothing; a different one is told once", async () => {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const call = async (path: string, json: unknown) => (await t.request(path, { json, cookie: u.cookie })).json() as Promise<any>;
  const form = (path: string, fields: [string, string][]) =>
    t.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: new URLSearchParams(fields).toString() });
  await call("/api/webhooks", { url: "https://hooks.example/frank", events: ["shortlist.feedback"] });
  const client = (await call("/api/clients", { name: "Acme Pay" })).client;
  const jane = (await call(`/api/clients/${client.id}/contacts`, { name: "Jane Doe", email: "jane@acme.example" })).contact;
  const ada = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "r-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
  const shortlist = await call("/api/shortlists", { name: "Payments shortlist" });
  await call(`/api/shortlists/${shortlist.id}/candidates`, { candidateIds: [ada.id] });
  await call(`/api/shortlists/${shortlist.id}/shares`, { contactIds: [jane.id], allowScheduling: true });
  const mail = t.deps.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, "jane@acme.example"), eq(mailMessages.kind, "shortlist_share")))
    .orderBy(desc(mailMessages.id))
    .get()!;
  const token = mail.text.match(/\/s\/([A-Za-z0-9_-]+)/)![1]!;

  const told = () => ({
    mails: t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, u.email), eq(mailMessages.kind, "shortlist_feedback")))
      .all().length,
    events: t.deps.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, u.workspaceId), eq(events.kind, "shortlist.feedback")))
      .all().length,
    webhooks: t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, u.workspaceId)).all().length,
  });

  for (let i = 0; i < 10; i++)
    expect(
      (
        await form(`/s/${token}/${ada.id}`, [
          ["verdict", "interested"],
          ["comment", ""],
        ])
      ).status,
    ).toBe(303);
  expect(told()).toEqual({ mails: 1, events: 1, webhooks: 1 });

  // Asking for an interview changes the answer: told once, however often it is sent.
  for (let i = 0; i < 3; i++)
    expect(
      (
        await form(`/s/${token}/${ada.id}`, [
          ["verdict", "interested"],
          ["interview", "1"],
          ["comment", ""],
        ])
      ).status,
    ).toBe(303);
  expect(told()).toEqual({ mails: 2, events: 2, webhooks: 2 });

  const picks: [string, string][] = [
    ["start", at("2030-03-06T09:00:00Z")],
    ["start", at("2030-03-07T14:30:00Z")],
    ["timeZone", "Europe/Berlin"],
  ];
  for (let i = 0; i < 10; i++) expect((await form(`/s/${token}/${ada.id}/times`, picks)).status).toBe(303);
  expect(told()).toEqual({ mails: 3, events: 3, webhooks: 3 });

  // A different answer is told.
  expect(
    (
      await form(`/s/${token}/${ada.id}`, [
        ["verdict", "not_now"],
        ["comment", ""],
      ])
    ).status,
  ).toBe(303);
  expect(told()).toEqual({ mails: 4, events: 4, webhooks: 4 });
});
