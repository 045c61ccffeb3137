// Retention (issue 55 item 6): with the workspace's retention period set, the e-mails older than it
// go (a candidate's, a contact's), an idle candidate is erased with their e-mails, a recent e-mail
// keeps a candidate; the export lists their e-mails and sequences.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { startTestSmtp, type TestSmtp } from "../../../test/kits/smtp-server";
import { events, messages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { updateCandidateSettings } from "../candidates/settings";
import { eraseIdleCandidates } from "../people/retention";

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

test("retention deletes e-mails older than the period and erases idle candidates with theirs; a recent e-mail keeps a candidate; the export lists them", async () => {
  const t = makeTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Frank <frank@agency.example>" });
  t.clock.set(new Date("2030-01-07T09:00:00Z"));
  const u = await t.signUp({ email: "max@agency.example", name: "Max Member" });
  const add = (key: string) => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: key, name: `${key} Person`, emailAddress: `${key.toLowerCase()}@mail.example` }).id;
  const olga = add("Olga");
  const mia = add("Mia");
  const write = async (path: string, subject: string) => expect((await t.request(path, { cookie: u.cookie, json: { subject, body: "A word." } })).status).toBe(201);
  await write(`/api/participants/${olga}/messages`, "Old to Olga");
  await write(`/api/participants/${mia}/messages`, "Old to Mia");
  const client = (await (await t.request("/api/clients", { cookie: u.cookie, json: { name: "Acme" } })).json()).client;
  const contact = (await (await t.request(`/api/clients/${client.id}/contacts`, { cookie: u.cookie, json: { name: "Hugo Hiring", email: "hugo@acme.example" } })).json()).contact;
  await write(`/api/clients/${client.id}/contacts/${contact.id}/messages`, "Old to Hugo");
  const tpl = (await (await t.request("/api/email-templates", { cookie: u.cookie, json: { name: "Nudge", subject: "Any news?", body: "A word." } })).json()).template.id;
  const seq = (await (await t.request("/api/sequences", { cookie: u.cookie, json: { name: "Nudges", steps: [{ templateId: tpl, delayDays: 0 }] } })).json()).sequence;
  expect((await t.request(`/api/sequences/${seq.id}/enrolments`, { cookie: u.cookie, json: { candidateIds: [mia] } })).status).toBe(200);
  await t.deps.jobs.idle();

  // 13 months on, Mia gets one more e-mail; nothing else happens to either record.
  t.clock.advance(390 * 86_400_000);
  u.cookie = await t.login("max@agency.example", u.password);
  await write(`/api/participants/${mia}/messages`, "Recent to Mia");
  await write(`/api/clients/${client.id}/contacts/${contact.id}/messages`, "Recent to Hugo");
  await t.deps.jobs.idle();
  t.clock.advance(10 * 86_400_000);
  u.cookie = await t.login("max@agency.example", u.password);

  const subjects = () =>
    t.deps.db
      .select()
      .from(messages)
      .all()
      .map((m) => m.subject)
      .sort();
  expect(eraseIdleCandidates(t.deps)).toBe(0); // off by default: nothing goes
  expect(subjects()).toHaveLength(6);
  await updateCandidateSettings(t.deps, u.workspaceId, { retentionMonths: 12 }, "system");
  expect(eraseIdleCandidates(t.deps)).toBe(1); // Olga: idle, erased with her e-mail
  expect((await t.request(`/api/participants/${olga}`, { cookie: u.cookie })).status).toBe(404);
  expect(subjects()).toEqual(["Recent to Hugo", "Recent to Mia"]);
  const pruned = t.deps.db
    .select()
    .from(events)
    .all()
    .filter((e) => e.kind === "messages.pruned");
  expect(pruned.map((e) => JSON.parse(e.data))).toEqual([{ removed: 3, months: 12 }]);

  // Mia's export: her remaining e-mail and her sequence.
  const exported = await (await t.request(`/api/participants/${mia}/export`, { cookie: u.cookie })).json();
  expect(exported.messages.map((m: { subject: string }) => m.subject)).toEqual(["Recent to Mia"]);
  expect(exported.sequences).toMatchObject([{ sequenceName: "Nudges", status: "finished" }]);

  // Run again: nothing more to do.
  expect(eraseIdleCandidates(t.deps)).toBe(0);
  expect(subjects()).toHaveLength(2);
});
