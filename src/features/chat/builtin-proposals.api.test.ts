// The built-in assistant (no language model) writes nothing unasked: a shortlist or an interview
// is a proposal shown with Confirm and Dismiss; what it cannot tell apart is a question back;
// "next Tuesday", "top 3" and the member's own time zone are honoured or said to be not.
import { beforeEach, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants, latestParticipants } from "../candidates/service";
import { listShortlists } from "../shortlists/service";
import { mailMessages } from "../../db/schema";

const t = makeTestApp();
// Monday 7 December 2026, 11:00 in Sydney.
beforeEach(() => t.clock.set(new Date("2026-12-07T00:00:00Z")));

async function chat(cookie: string, message: string, extra: Record<string, unknown> = {}) {
  const res = await t.request("/api/chat/openai", { json: { message, sessionId: null, ...extra }, cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { response: string; sessionId: string; actions?: { id: string; kind: string; summary: string; status: string }[] };
}

async function world() {
  const u = await t.signUp();
  const melbourne = Array.from({ length: 8 }, (_, i) => ({
    name: `Mel Designer${"ABCDEFGH"[i]}`,
    roleApplied: "UX Designer",
    city: "Melbourne",
    stages: (i % 5) + 1,
    emailAddress: `mel${i}@example.com`,
  }));
  addParticipants(t.deps, u.workspaceId, [
    { name: "Chloe Kelly", roleApplied: "Product Owner", city: "Sydney", stages: 3, emailAddress: "chloe@example.com" },
    { name: "Aisha Nguyen", roleApplied: "Frontend Developer", city: "Sydney", stages: 5, emailAddress: "aisha@example.com" },
    ...melbourne,
  ]);
  const people = latestParticipants(t.deps, u.workspaceId, 100);
  const id = (name: string) => people.find((p) => p.name === name)!.id;
  return { u, id, people };
}

const sessions = async (cookie: string) => ((await (await t.request("/api/scheduling-sessions", { cookie })).json()) as { sessions: any[] }).sessions;
const mailCount = (workspaceId: number) =>
  t.deps.db
    .select()
    .from(mailMessages)
    .all()
    .filter((m) => m.workspaceId === workspaceId).length;

describe("the built-in assistant proposes; it never writes unasked", () => {
  test('"Move Chloe Kelly to the Interview stage" is a question back: no session, no e-mail, no proposal', async () => {
    const { u } = await world();
    const r = await chat(u.cookie, "Move Chloe Kelly to the Interview stage", { timeZone: "Australia/Sydney" });
    expect(r.response).toContain("I did not change anything");
    expect(r.response).toContain("Chloe Kelly");
    expect(r.response).toContain("What would you like?");
    expect(r.actions).toBeUndefined();
    expect(await sessions(u.cookie)).toEqual([]);
    expect(mailCount(u.workspaceId)).toBe(0);
  });

  test('"Draft an email to Aisha Nguyen inviting her to a second interview" is a question back', async () => {
    const { u } = await world();
    const r = await chat(u.cookie, "Draft an email to Aisha Nguyen inviting her to a second interview", { timeZone: "Australia/Sydney" });
    expect(r.response).toContain("I did not send or write anything");
    expect(r.response).toContain('"propose an interview with Aisha Nguyen"');
    expect(r.actions).toBeUndefined();
    expect(await sessions(u.cookie)).toEqual([]);
    expect(mailCount(u.workspaceId)).toBe(0);
    const invite = await chat(u.cookie, "Invite Aisha Nguyen to meet the team");
    expect(invite.response).toContain("Do you want me to propose interview times to Aisha Nguyen");
    expect(invite.actions).toBeUndefined();
  });

  test('"Schedule an interview with Chloe Kelly next Tuesday": a proposal on that Tuesday in the member\'s zone; Confirm makes the session', async () => {
    const { u, id } = await world();
    const r = await chat(u.cookie, "Schedule an interview with Chloe Kelly next Tuesday", { timeZone: "Australia/Sydney" });
    expect(r.response).toContain("Tuesday 15 December 2026 (next Tuesday)");
    expect(r.response).toContain("09:00 to 17:00 Australia/Sydney time");
    expect(r.response).toContain("Nothing has changed yet");
    expect(r.actions).toEqual([
      {
        id: expect.any(String),
        kind: "propose_interview",
        status: "pending",
        result: null,
        summary: `Propose a 60-minute interview to Chloe Kelly (#${id("Chloe Kelly")}) on Tuesday 15 December 2026, hourly slots from 09:00 to 17:00 (Australia/Sydney)`,
      } as any,
    ]);
    expect(await sessions(u.cookie)).toEqual([]);
    expect(mailCount(u.workspaceId)).toBe(0);

    const done = await t.request(`/api/chat/actions/${r.actions![0]!.id}/confirm`, { method: "POST", cookie: u.cookie });
    expect(done.status).toBe(200);
    const [s] = await sessions(u.cookie);
    expect(s.timeZone).toBe("Australia/Sydney");
    const starts = (s.timeSlots as { startTime: string }[]).map((x) => new Date(x.startTime).toISOString()).sort();
    // 09:00 on Tuesday 15 December in Sydney (UTC+11) is 22:00 UTC on the 14th; 16:00 is the last start.
    expect(starts[0]).toBe("2026-12-14T22:00:00.000Z");
    expect(starts.at(-1)).toBe("2026-12-15T05:00:00.000Z");
  });

  test("a candidate with a confirmed interview ahead: the proposal says so before anything is confirmed", async () => {
    const { u, id } = await world();
    const start = "2026-12-09T00:00:00.000Z";
    const created = await t.request("/api/scheduling-sessions", {
      cookie: u.cookie,
      json: { candidateId: id("Aisha Nguyen"), title: "First interview", duration: 60, timeSlots: [{ startTime: start, endTime: "2026-12-09T01:00:00.000Z" }], timeZone: "Australia/Sydney" },
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as any;
    expect((await t.request(`/api/book/${session.sessionToken}`, { json: { slotId: session.timeSlots[0].id } })).status).toBe(200);
    const r = await chat(u.cookie, "Schedule an interview with Aisha Nguyen next Tuesday", { timeZone: "Australia/Sydney" });
    expect(r.response).toContain('Note: Aisha Nguyen already has a confirmed interview ("First interview") on Dec 9, 2026, 11:00 AM GMT+11');
    expect(r.actions?.length).toBe(1);
    expect((await sessions(u.cookie)).length).toBe(1);
  });

  test("a time it does not honour, and an unknown zone, are said plainly", async () => {
    const { u } = await world();
    const r = await chat(u.cookie, "Propose an interview with Chloe Kelly tomorrow at 3pm");
    expect(r.response).toContain("Tuesday 8 December 2026 (tomorrow)");
    expect(r.response).toContain('I did not use "at 3pm"');
    expect(r.response).toContain("The times are in UTC because I do not know your time zone");
    expect(r.actions?.[0]?.summary).toContain("(UTC)");
  });

  test('"Shortlist the top 3 UX designers in Melbourne" proposes 3 (the furthest in screening), changes nothing until Confirm', async () => {
    const { u, people } = await world();
    const r = await chat(u.cookie, "Shortlist the top 3 UX designers in Melbourne");
    expect(listShortlists(t.deps, u.workspaceId)).toEqual([]);
    expect(r.actions?.length).toBe(1);
    expect(r.actions![0]!.kind).toBe("shortlist_candidates");
    expect(r.response).toContain('I have no score to rank by, so "top 3" means the 3 furthest along in screening');
    const expected = people
      .filter((p) => p.city === "Melbourne")
      .sort((a, b) => b.stages - a.stages || b.id - a.id)
      .slice(0, 3)
      .map((p) => p.id);
    const done = await t.request(`/api/chat/actions/${r.actions![0]!.id}/confirm`, { method: "POST", cookie: u.cookie });
    expect(done.status).toBe(200);
    const [list] = listShortlists(t.deps, u.workspaceId);
    expect([...list!.candidateIds].sort()).toEqual([...expected].sort());
  });

  test("Dismiss turns a proposal down: nothing changes, Confirm is refused after, and the conversation says so", async () => {
    const { u } = await world();
    const r = await chat(u.cookie, "shortlist Chloe Kelly to Product picks shortlist");
    const action = r.actions![0]!;
    const dismissed = await t.request(`/api/chat/actions/${action.id}/dismiss`, { method: "POST", cookie: u.cookie });
    expect(dismissed.status).toBe(200);
    expect(((await dismissed.json()) as any).action.status).toBe("dismissed");
    const confirm = await t.request(`/api/chat/actions/${action.id}/confirm`, { method: "POST", cookie: u.cookie });
    expect(confirm.status).toBe(409);
    expect(listShortlists(t.deps, u.workspaceId)).toEqual([]);
    const again = await t.request(`/api/chat/actions/${action.id}/dismiss`, { method: "POST", cookie: u.cookie });
    expect(again.status).toBe(409);
    const h = (await (await t.request(`/api/chat/history?sessionId=${r.sessionId}`, { cookie: u.cookie })).json()) as any;
    expect(h.messages.at(-1).content).toBe("Dismissed: nothing was changed.");
    expect(h.messages.at(-2).actions[0].status).toBe("dismissed");
  });

  test("without JavaScript, Dismiss is a form post back to the conversation", async () => {
    const { u } = await world();
    const r = await chat(u.cookie, "propose an interview with Chloe Kelly");
    const page = await (await t.request(`/chat?s=${r.sessionId}`, { cookie: u.cookie })).text();
    expect(page).toContain(`action="/chat/actions/${r.actions![0]!.id}/dismiss"`);
    const res = await t.request(`/chat/actions/${r.actions![0]!.id}/dismiss`, {
      method: "POST",
      body: new URLSearchParams({ sessionId: r.sessionId }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookie: u.cookie,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/chat?s=${r.sessionId}`);
    expect(await sessions(u.cookie)).toEqual([]);
  });
});
