import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages, schedulingSessions, webhookDeliveries } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

// Issue 39 item 2: "Ask for an interview" lets the contact pick times from the recruiter's free
// slots when the share allows it; the recruiter sees the picks and offers them in one step.

const t = makeTestApp();
// A Monday morning (UTC). The recruiter has no saved availability: Mon–Fri 09:00–17:00 UTC, 4 h notice.
const MONDAY = new Date("2030-03-04T08:00:00Z");
t.clock.set(MONDAY);
let n = 0;
const at = (iso: string) => String(Date.parse(iso));

async function agency() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string | null } = {}) => {
    const res = await t.request(path, { ...init, cookie: init.cookie === null ? undefined : (init.cookie ?? u.cookie) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text };
  };
  const form = async (path: string, fields: [string, string][], cookie: string | null = null) => {
    const res = await t.request(path, {
      method: "POST",
      cookie: cookie ?? undefined,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, location: res.headers.get("location"), body: await res.text() };
  };
  const client = (await call("/api/clients", { json: { name: "Acme Pay" } })).body.client;
  const jane = (await call(`/api/clients/${client.id}/contacts`, { json: { name: "Jane Doe", email: `jane${++n}@acme.example` } })).body.contact;
  const ada = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `p-${++n}`, name: "Ada Lovelace", emailAddress: `ada${n}@example.com` });
  const shortlist = (await call("/api/shortlists", { json: { name: "Payments shortlist" } })).body;
  await call(`/api/shortlists/${shortlist.id}/candidates`, { json: { candidateIds: [ada.id] } });
  return { ...u, call, form, client, jane, ada, shortlist };
}

const linkOf = (to: string) => {
  const m = t.deps.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.kind, "shortlist_share")))
    .orderBy(desc(mailMessages.id))
    .get();
  return m!.text.match(/\/s\/([A-Za-z0-9_-]+)/)![1]!;
};

describe("the contact picks interview times", () => {
  test("after Ask for an interview: the recruiter's free starts in the contact's zone; picks checked again, stored, and told to the recruiter everywhere", async () => {
    t.clock.set(MONDAY);
    const w = await agency();
    await w.call("/api/webhooks", { json: { url: "https://hooks.example/frank", events: ["shortlist.feedback"] } });
    const made = await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], allowScheduling: true } });
    expect(made.body.shares[0]).toMatchObject({ allowScheduling: true, interviewDuration: 60 });
    const token = linkOf(w.jane.email);
    expect((await w.call(`/s/${token}`, { cookie: null })).body).toContain("Asking for an interview lets you pick times that suit you.");

    const asked = await w.form(`/s/${token}/${w.ada.id}`, [
      ["interview", "1"],
      ["comment", ""],
    ]);
    expect([asked.status, asked.location]).toEqual([303, `/s/${token}/${w.ada.id}/times`]);

    // The recruiter's zone by default, named; 4 h notice: Monday's first start is 12:00 UTC; weekends are not offered.
    const page = await w.call(`/s/${token}/${w.ada.id}/times`, { cookie: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.body).toContain("Interview times for Ada Lovelace");
    expect(page.body).toContain("Times in UTC");
    expect(page.body).toContain(`value="${at("2030-03-04T12:00:00Z")}"`);
    expect(page.body).toContain(`value="${at("2030-03-04T12:30:00Z")}"`);
    expect(page.body).not.toContain(`value="${at("2030-03-04T11:30:00Z")}"`); // inside the notice
    expect(page.body).not.toContain(`value="${at("2030-03-04T12:15:00Z")}"`); // on the half hour only
    expect(page.body).not.toContain(`value="${at("2030-03-09T10:00:00Z")}"`); // Saturday
    expect(page.body).not.toContain(`value="${at("2030-03-04T16:30:00Z")}"`); // would end after 17:00
    expect(page.body).toContain(`value="${at("2030-03-15T16:00:00Z")}"`); // two weeks ahead
    expect(page.body).not.toContain(`value="${at("2030-03-19T10:00:00Z")}"`); // past two weeks
    // The contact's zone, chosen without JavaScript (a GET form): 12:00 UTC is 1:00 PM in Berlin.
    const berlin = await w.call(`/s/${token}/${w.ada.id}/times?tz=Europe/Berlin`, { cookie: null });
    expect(berlin.body).toContain("Times in Europe/Berlin");
    expect(berlin.body).toContain('aria-label="1:00 PM to 2:00 PM, Monday 4 March"');

    const pick = (starts: string[], tz = "Europe/Berlin") => w.form(`/s/${token}/${w.ada.id}/times`, [...starts.map((s): [string, string] => ["start", s]), ["timeZone", tz]]);
    const four = await pick(["2030-03-05T09:00:00Z", "2030-03-05T10:00:00Z", "2030-03-05T11:00:00Z", "2030-03-05T12:00:00Z"].map(at));
    expect(four.status).toBe(400);
    expect(four.body).toContain("Choose at most 3 times");
    expect((await pick([])).body).toContain("Choose at least one time");
    // A time taken since the page was shown: the recruiter takes Tuesday off.
    expect((await w.call("/api/availability", { method: "PUT", json: { overrides: [{ date: "2030-03-05", ranges: [] }] } })).status).toBe(200);
    const taken = await pick([at("2030-03-05T09:00:00Z"), at("2030-03-06T09:00:00Z")]);
    expect(taken.status).toBe(409);
    expect(taken.body).toContain("Tue 5 Mar, 10:00–11:00 AM Berlin is no longer free: please choose another time");
    expect((await pick([at("2030-03-09T10:00:00Z")])).status).toBe(409); // never offered (Saturday)

    const ok = await pick([at("2030-03-06T09:00:00Z"), at("2030-03-07T14:30:00Z")]);
    expect([ok.status, ok.location]).toEqual([303, `/s/${token}?saved=${w.ada.id}#c${w.ada.id}`]);
    const after = await w.call(`/s/${token}?saved=${w.ada.id}`, { cookie: null });
    expect(after.body).toContain("Your interview times:");
    expect(after.body).toContain("Wed 6 Mar, 10:00–11:00 AM Berlin");
    expect(after.body).toContain("Change your interview times");

    // The recruiter: the answers API, the shortlist page, the e-mail, the timeline, the log and the webhook.
    const answers = (await w.call(`/api/shortlists/${w.shortlist.id}/answers`)).body.answers;
    expect(answers[0]).toMatchObject({
      candidateId: w.ada.id,
      contactName: "Jane Doe",
      pickedTimes: [
        { start: "2030-03-06T09:00:00.000Z", end: "2030-03-06T10:00:00.000Z" },
        { start: "2030-03-07T14:30:00.000Z", end: "2030-03-07T15:30:00.000Z" },
      ],
      pickedTimeZone: "Europe/Berlin",
      offeredSessionId: null,
    });
    expect(answers[0].interviewRequestedAt).toBeTruthy();
    const shortlistPage = (await w.call(`/shortlists/${w.shortlist.id}`)).body;
    expect(shortlistPage).toContain("Interview times picked by Jane Doe:");
    expect(shortlistPage).toContain("Wed 6 Mar, 9:00–10:00 AM UTC (10:00–11:00 AM Berlin)");
    expect(shortlistPage).toContain("Offer these times to Ada Lovelace");
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, w.email), eq(mailMessages.kind, "shortlist_feedback")))
      .orderBy(desc(mailMessages.id))
      .get()!;
    expect(mail.subject).toBe("Jane Doe (Acme Pay) picked interview times for Ada Lovelace");
    expect(mail.text).toContain("Thu 7 Mar, 2:30–3:30 PM UTC (3:30–4:30 PM Berlin)");
    const timeline = (await w.call(`/api/participants/${w.ada.id}/activity`)).body.activity.map((i: any) => i.text).filter(Boolean);
    expect(timeline).toContain("Interview times picked by Jane Doe (Acme Pay): Wed 6 Mar, 10:00–11:00 AM Berlin; Thu 7 Mar, 3:30–4:30 PM Berlin on shortlist Payments shortlist");
    const hooks = t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, w.workspaceId)).all();
    expect(JSON.parse(hooks.at(-1)!.payload).data).toMatchObject({
      candidateId: w.ada.id,
      contactName: "Jane Doe",
      interviewRequested: true,
      timeZone: "Europe/Berlin",
      pickedTimes: answers[0].pickedTimes,
    });

    // One step: a hand-picked session with those slots, the contact as a guest, the candidate's link by e-mail.
    const offer = await w.call(`/api/shares/${made.body.shares[0].id}/candidates/${w.ada.id}/interview-offer`, { method: "POST" });
    expect(offer.status).toBe(201);
    expect(offer.body.dropped).toEqual([]);
    expect(offer.body.session).toMatchObject({ candidateId: w.ada.id, shortlistId: w.shortlist.id, mode: "slots", duration: 60, title: "Interview with Acme Pay" });
    expect(offer.body.session.timeSlots.map((s: any) => [s.startTime, s.endTime])).toEqual(answers[0].pickedTimes.map((p: any) => [p.start, p.end]));
    expect(t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, w.ada.emailAddress!)).all()).toHaveLength(1);
    const again = await w.call(`/api/shares/${made.body.shares[0].id}/candidates/${w.ada.id}/interview-offer`, { method: "POST" });
    expect([again.status, again.body.message]).toEqual([409, "These times were already offered to the candidate"]);
    expect(t.deps.db.select().from(schedulingSessions).where(eq(schedulingSessions.candidateId, w.ada.id)).all()).toHaveLength(1);
    expect((await w.call(`/api/shortlists/${w.shortlist.id}/answers`)).body.answers[0].offeredSessionId).toBe(offer.body.session.id);
    expect((await w.call(`/shortlists/${w.shortlist.id}`)).body).toContain("Offered to the candidate");
  });

  test("the recruiter's form offers the picks; picks no longer free are left out; none free is refused", async () => {
    t.clock.set(MONDAY);
    const w = await agency();
    const posted = await w.form(
      `/shortlists/${w.shortlist.id}/shares`,
      [
        ["contactIds", String(w.jane.id)],
        ["fields", "name"],
        ["allowScheduling", "true"],
        ["interviewDuration", "30"],
      ],
      w.cookie,
    );
    expect(posted.status).toBe(303);
    const share = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`)).body.shares[0];
    expect([share.allowScheduling, share.interviewDuration]).toEqual([true, 30]);
    const token = linkOf(w.jane.email);
    const times = (await w.call(`/s/${token}/${w.ada.id}/times`, { cookie: null })).body;
    expect(times).toContain("30-minute interview");
    expect(
      (
        await w.form(`/s/${token}/${w.ada.id}/times`, [
          ["start", at("2030-03-06T09:00:00Z")],
          ["start", at("2030-03-07T09:30:00Z")],
          ["timeZone", "UTC"],
        ])
      ).status,
    ).toBe(303);

    // Thursday has become a day off: the offer keeps Wednesday and says what it left out.
    await w.call("/api/availability", { method: "PUT", json: { overrides: [{ date: "2030-03-07", ranges: [] }] } });
    const offered = await w.form(`/shares/${share.id}/candidates/${w.ada.id}/interview-offer?shortlist=${w.shortlist.id}`, [], w.cookie);
    expect([offered.status, offered.location]).toEqual([303, `/shortlists/${w.shortlist.id}`]);
    const session = t.deps.db.select().from(schedulingSessions).where(eq(schedulingSessions.candidateId, w.ada.id)).get()!;
    expect(session.duration).toBe(30);
    const sessions = (await w.call("/api/scheduling-sessions")).body.sessions.filter((s: any) => s.candidateId === w.ada.id);
    expect(sessions[0].timeSlots.map((s: any) => s.startTime)).toEqual(["2030-03-06T09:00:00.000Z"]);

    // A new pick, all of it taken by the time the recruiter offers it.
    const w2 = await agency();
    const s2 = (await w2.call(`/api/shortlists/${w2.shortlist.id}/shares`, { json: { contactIds: [w2.jane.id], allowScheduling: true } })).body.shares[0];
    const t2 = linkOf(w2.jane.email);
    expect(
      (
        await w2.form(`/s/${t2}/${w2.ada.id}/times`, [
          ["start", at("2030-03-06T09:00:00Z")],
          ["timeZone", "UTC"],
        ])
      ).status,
    ).toBe(303);
    await w2.call("/api/availability", { method: "PUT", json: { overrides: [{ date: "2030-03-06", ranges: [] }] } });
    const none = await w2.call(`/api/shares/${s2.id}/candidates/${w2.ada.id}/interview-offer`, { method: "POST" });
    expect([none.status, none.body.message]).toEqual([409, "None of the picked times is free any more: ask Jane Doe to pick again"]);
    // Another workspace cannot offer them; a candidate without picks has nothing to offer.
    expect((await w.call(`/api/shares/${s2.id}/candidates/${w2.ada.id}/interview-offer`, { method: "POST" })).status).toBe(404);
    expect((await w2.call(`/api/shares/${s2.id}/candidates/${w.ada.id}/interview-offer`, { method: "POST" })).status).toBe(404);
  });

  test("without the option the request only notifies; closed links say so on the times page; the rate limit holds", async () => {
    t.clock.set(MONDAY);
    const w = await agency();
    const share = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id] } })).body.shares[0];
    expect(share.allowScheduling).toBe(false);
    const token = linkOf(w.jane.email);
    expect((await w.call(`/s/${token}`, { cookie: null })).body).not.toContain("pick times");
    const asked = await w.form(`/s/${token}/${w.ada.id}`, [["interview", "1"]]);
    expect(asked.location).toBe(`/s/${token}?saved=${w.ada.id}#c${w.ada.id}`);
    expect((await w.call(`/s/${token}/${w.ada.id}/times`, { cookie: null })).status).toBe(404);
    expect(
      (
        await w.form(`/s/${token}/${w.ada.id}/times`, [
          ["start", at("2030-03-06T09:00:00Z")],
          ["timeZone", "UTC"],
        ])
      ).status,
    ).toBe(404);

    const limitedShare = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], allowScheduling: true } })).body.shares[0];
    const limitedToken = linkOf(w.jane.email);
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await w.call(`/s/${limitedToken}/${w.ada.id}/times`, { cookie: null })).status;
    expect([limitedShare.allowScheduling, last]).toEqual([true, 429]);

    await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], allowScheduling: true } });
    const revokedToken = linkOf(w.jane.email);
    const revokedShare = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`)).body.shares.at(-1);
    await w.call(`/api/shares/${revokedShare.id}`, { method: "DELETE" });
    const revoked = await w.call(`/s/${revokedToken}/${w.ada.id}/times`, { cookie: null });
    expect(revoked.status).toBe(410);
    expect(revoked.body).toContain("This link has been withdrawn");
    expect(revoked.body).not.toContain("Ada");
    expect(
      (
        await w.form(`/s/${revokedToken}/${w.ada.id}/times`, [
          ["start", at("2030-03-06T09:00:00Z")],
          ["timeZone", "UTC"],
        ])
      ).status,
    ).toBe(410);

    const soon = (await w.call(`/api/shortlists/${w.shortlist.id}/shares`, { json: { contactIds: [w.jane.id], allowScheduling: true, expiresAt: "2030-03-05" } })).body.shares[0];
    const soonToken = linkOf(w.jane.email);
    expect(soon.expiresAt).toBe("2030-03-05T23:59:59.999Z");
    t.clock.set(new Date("2030-03-06T00:00:00Z"));
    const expired = await w.call(`/s/${soonToken}/${w.ada.id}/times`, { cookie: null });
    expect(expired.status).toBe(410);
    expect(expired.body).toContain("This link has expired");
    expect(
      (
        await w.form(`/s/${soonToken}/${w.ada.id}/times`, [
          ["start", at("2030-03-06T09:00:00Z")],
          ["timeZone", "UTC"],
        ])
      ).status,
    ).toBe(410);
  });
});
