// Issue 55 item 1, Gmail: the real @googleapis/gmail client against the fake Gmail beside the fake
// Google. Connect Gmail from the settings page (the consent adds the Gmail scopes to the calendar's),
// the first sync reads headers and keeps only candidates' and contacts' messages, incremental syncs
// by history, a 404 on the historyId reads the window again without doubles, a message written in
// Frank goes out through Gmail (in Sent) and the reply threads under it, a refused grant is `error`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { defaultAccount, startFakeGoogle } from "../../../test/fakes/google";
import { FakeGmail } from "../../../test/fakes/gmail";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { events, mailboxes, messages } from "../../db/schema";
import { requestAllMailboxSyncs } from "./work";
import { cvMail, dsn, rawMail } from "../../../test/kits/raw-mail";

const RITA = "rita@agency.example";
const CARLA = "carla@mail.example";
const HUGO = "hugo@acme.example";
const DAY = 86_400_000;

describe("a member's Gmail mailbox", () => {
  const google = startFakeGoogle();
  const gmail = new FakeGmail(google);
  afterAll(() => google.stop());
  beforeAll(async () => {
    await import("@googleapis/calendar");
    await import("@googleapis/gmail");
  }, 120_000);
  const t = makeTestApp(google.env());

  test("connect by consent, first sync keeps only candidates and contacts, history, 404 reread, send and reply, refused grant", async () => {
    const u = await t.signUp({ email: RITA });
    google.account = defaultAccount(RITA);
    const carla = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-carla", name: "Carla Candidate", emailAddress: CARLA }).id;
    const client = (await (await t.request("/api/clients", { cookie: u.cookie, json: { name: "Acme" } })).json()).client;
    const hugo = (await (await t.request(`/api/clients/${client.id}/contacts`, { cookie: u.cookie, json: { name: "Hugo Hiring", email: HUGO } })).json()).contact;
    const now = t.clock.now();
    gmail.deliver(RITA, rawMail({ from: `Carla Candidate <${CARLA}>`, to: RITA, subject: "My CV", id: "<cv-1@mail.example>", date: new Date(now.getTime() - DAY), text: "Here is my CV." }));
    gmail.deliver(RITA, rawMail({ from: "news@shop.example", to: RITA, subject: "Sale", id: "<sale@shop.example>", date: now, text: "Not about anyone." }));
    gmail.deliver(RITA, rawMail({ from: RITA, to: `Hugo <${HUGO}>`, subject: "Shortlist", id: "<s-1@agency.example>", date: now, text: "Three names." }), { labels: ["SENT"] });
    gmail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Old", id: "<old@mail.example>", date: new Date(now.getTime() - 120 * DAY), text: "Too old." }));

    // A Google calendar connection without Gmail's scopes: the API refuses the mailbox, saying why.
    const start = await t.request("/auth/google/calendar", { cookie: u.cookie });
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    await t.request(back.pathname + back.search, { cookie: u.cookie });
    const refused = await t.request("/api/mailboxes", { cookie: u.cookie, json: { provider: "gmail" } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toContain("insufficient authentication scopes");

    // Settings → Connect Gmail: the consent adds the Gmail scopes to the calendar's, then the mailbox is connected.
    const page = await (await t.request("/settings/mailbox", { cookie: u.cookie })).text();
    expect(page).toContain("Connect Gmail");
    expect(page).toContain(`Uses your Google connection (${RITA})`);
    const link = /href="(\/auth\/google\/calendar\?returnTo=\/settings\/mailbox\/google)"/.exec(page)![1]!;
    const start2 = await t.request(link, { cookie: u.cookie });
    const consentUrl = new URL(start2.headers.get("location")!);
    expect(consentUrl.searchParams.get("scope")).toContain("gmail.readonly");
    expect(consentUrl.searchParams.get("scope")).toContain("gmail.send");
    expect(consentUrl.searchParams.get("include_granted_scopes")).toBe("true");
    const back2 = new URL((await fetch(consentUrl, { redirect: "manual" })).headers.get("location")!);
    const done = await t.request(back2.pathname + back2.search, { cookie: u.cookie });
    expect(done.headers.get("location")).toBe("/settings/mailbox/google?connected=true");
    const landed = await t.request("/settings/mailbox/google?connected=true", { cookie: u.cookie });
    expect(landed.headers.get("location")).toBe("/settings/mailbox");
    const row = t.deps.db.select().from(mailboxes).get()!;
    expect(row.provider).toBe("gmail");
    expect(row.address).toBe(RITA);
    expect(
      t.deps.db
        .select()
        .from(events)
        .all()
        .some((a) => a.kind === "mailbox.connected" && !!a.summary?.includes("Gmail")),
    ).toBe(true);
    await t.deps.jobs.idle();

    // First sync: three in the window read by their headers; only the two with Carla and Hugo read whole.
    expect(gmail.calls.metadata).toBe(3);
    expect(gmail.calls.raw).toBe(2);
    const list = async (path: string) =>
      (await (await t.request(path, { cookie: u.cookie })).json()).messages as {
        subject: string;
        threadKey: string;
        direction: string;
        state: string | null;
        error: string | null;
        messageId: string;
      }[];
    expect((await list(`/api/participants/${carla}/messages`)).map((m) => m.subject)).toEqual(["My CV"]);
    const toHugo = await list(`/api/clients/${client.id}/contacts/${hugo.id}/messages`);
    expect(toHugo.map((m) => [m.subject, m.direction])).toEqual([["Shortlist", "out"]]);
    let box = (await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes[0];
    expect([box.provider, box.state, box.imapHost]).toEqual(["gmail", "ok", null]);
    // The token Gmail gave the mailbox is kept sealed, never in clear.
    const sealed = t.deps.db.select().from(mailboxes).get()!.passwordSealed;
    expect(sealed).not.toContain("ya29");
    expect(t.deps.secrets.open(sealed)).toContain("ya29.fake-");

    // Incremental: the reply is found by history, not by listing the mailbox again.
    const lists = gmail.calls.list;
    gmail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Re: My CV", id: "<cv-2@mail.example>", date: now, text: "One more thing.", inReplyTo: "<cv-1@mail.example>" }));
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    expect(gmail.calls.list).toBe(lists);
    expect(gmail.calls.history).toBeGreaterThan(0);
    let carlas = await list(`/api/participants/${carla}/messages`);
    expect(carlas.map((m) => [m.subject, m.threadKey])).toEqual([
      ["Re: My CV", "<cv-1@mail.example>"],
      ["My CV", "<cv-1@mail.example>"],
    ]);

    // The history is gone (404): the window is read again; nothing is kept twice, the new one is kept.
    gmail.forgetHistory();
    gmail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Still there?", id: "<cv-3@mail.example>", date: now, text: "Hello?" }));
    const raws = gmail.calls.raw;
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    expect(gmail.calls.list).toBe(lists + 1);
    expect(gmail.calls.raw).toBe(raws + 1);
    carlas = await list(`/api/participants/${carla}/messages`);
    expect(carlas.map((m) => m.subject)).toEqual(["Still there?", "Re: My CV", "My CV"]);
    expect(t.deps.db.select().from(messages).all()).toHaveLength(4);

    // Written in Frank: sent through Gmail (filed in Sent), once; the reply threads under it.
    const sent = await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie, json: { subject: "Interview next week", body: "Are you free on Tuesday?" } });
    expect(sent.status).toBe(201);
    await t.deps.jobs.idle();
    expect(gmail.calls.send).toBe(1);
    expect(gmail.sentBy(RITA).filter((m) => m.raw.toString().includes("Are you free on Tuesday?"))).toHaveLength(1);
    carlas = await list(`/api/participants/${carla}/messages`);
    const mine = carlas.find((m) => m.subject === "Interview next week")!;
    expect(mine.state).toBe("sent");
    // Gmail may give the message its own Message-ID: Frank's row follows it, so the reply still threads.
    gmail.rewriteMessageId = true;
    await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie, json: { subject: "A second note", body: "And Wednesday?" } });
    await t.deps.jobs.idle();
    const second = (await list(`/api/participants/${carla}/messages`)).find((m) => m.subject === "A second note")!;
    expect(second.messageId).toMatch(/@mail\.gmail\.com>$/);
    gmail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Re: Interview next week", id: "<cv-4@mail.example>", date: now, text: "Tuesday works.", inReplyTo: mine.messageId }));
    gmail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Re: A second note", id: "<cv-5@mail.example>", date: now, text: "Wednesday too.", inReplyTo: second.messageId }));
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    carlas = await list(`/api/participants/${carla}/messages`);
    expect(carlas.find((m) => m.subject === "Re: Interview next week")!.threadKey).toBe(mine.messageId);
    expect(carlas.find((m) => m.subject === "Re: A second note")!.threadKey).toBe(second.messageId);
    // The copies in Sent are not kept a second time.
    expect(carlas.filter((m) => m.subject === "Interview next week" || m.subject === "A second note")).toHaveLength(2);

    // A bounce of a message Frank sent arrives in the inbox from the mail system: the message failed, saying why.
    const headers = `From: ${RITA}\r\nTo: ${CARLA}\r\nSubject: A second note\r\nMessage-ID: ${second.messageId}\r\n`;
    gmail.deliver(
      RITA,
      dsn({
        to: RITA,
        recipient: CARLA,
        action: "failed",
        status: "5.1.1",
        diagnostic: `550 5.1.1 <${CARLA}>: Recipient address rejected: User unknown`,
        original: { type: "text/rfc822-headers", text: headers },
      }),
    );
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    const bounced = (await list(`/api/participants/${carla}/messages`)).find((m) => m.subject === "A second note")!;
    expect([bounced.state, bounced.error]).toEqual(["failed", expect.stringContaining("Bounced: ")]);
    expect((await list(`/api/participants/${carla}/messages`)).find((m) => m.subject === "Interview next week")!.state).toBe("sent");

    // A CV attached to a kept message becomes a file of the candidate, fetched from the provider by its id.
    gmail.deliver(RITA, await cvMail(CARLA, RITA, "<cv-att@mail.example>"));
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    const withCv = (await (await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie })).json()).messages.find((m: { subject: string }) => m.subject === "Updated CV");
    expect([withCv.inMailbox, withCv.attachments.map((a: { name: string }) => a.name)]).toEqual([true, ["carla-cv.pdf"]]);
    expect((await t.request(`/api/messages/${withCv.id}/attachments/0/keep`, { method: "POST", cookie: u.cookie })).status).toBe(202);
    await t.deps.jobs.idle();
    expect((await (await t.request(`/api/participants/${carla}/files`, { cookie: u.cookie })).json()).files.map((f: { name: string }) => f.name)).toEqual(["carla-cv.pdf"]);

    // Google refuses the grant: the mailbox shows `error` with the reason.
    google.revokeAll(RITA);
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    box = (await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes[0];
    expect(box.state).toBe("error");
    expect(box.reason).toContain("invalid_grant");
    const settings = await (await t.request("/settings/mailbox", { cookie: u.cookie })).text();
    expect(settings).toContain("Sync failed");
    expect(settings).toContain("invalid_grant");
    expect(await (await t.request("/metrics")).text()).toContain('frank_mailboxes{state="error"} 1');

    expect((await t.request("/api/mailboxes", { method: "DELETE", cookie: u.cookie })).status).toBe(200);
    expect(
      t.deps.db
        .select()
        .from(events)
        .all()
        .some((a) => a.kind === "mailbox.disconnected"),
    ).toBe(true);
  }, 120_000);
});
