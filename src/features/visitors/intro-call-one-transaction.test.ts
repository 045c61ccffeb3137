// The intro call's booking is one transaction (decision 0029): a slot another booking took
// meanwhile leaves no session, no meeting, no e-mail and no event behind.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn } from "../scheduling/slots";
import { bookIntroMeeting } from "./scheduling-adapter";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));

const count = (table: string) => (t.deps.db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("intro call booking", () => {
  test("booked: session, meeting, e-mail and events commit together; a taken hour leaves nothing", async () => {
    const u = await t.signUp();
    const day = addDays(dateIn(t.clock.now(), "UTC"), 2);
    const slot = { startTime: `${day}T10:00:00.000Z`, endTime: `${day}T10:30:00.000Z` };
    const a = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "intro-a", name: "Ann Intro", emailAddress: "ann@example.com" });
    const b = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "intro-b", name: "Ben Intro", emailAddress: "ben@example.com" });
    const v = { workspaceId: u.workspaceId, hostUserId: u.userId, slot, duration: 30, timeZone: "UTC", jobTitle: null };

    const before = { sessions: count("scheduling_sessions"), meetings: count("meetings"), tasks: count("tasks"), events: count("events") };
    const booked = await bookIntroMeeting(t.deps, { ...v, candidateId: a.id });
    expect(booked.sessionId).toBeGreaterThan(0);
    expect(count("scheduling_sessions")).toBe(before.sessions + 1);
    expect(count("meetings")).toBe(before.meetings + 1);
    expect(count("tasks")).toBeGreaterThan(before.tasks);
    const kinds = (t.deps.db.$client.query("select kind from events order by id desc limit 2").all() as { kind: string }[]).map((r) => r.kind);
    expect(kinds.sort()).toEqual(["interview.booked", "session.created"]);

    const after = { sessions: count("scheduling_sessions"), meetings: count("meetings"), tasks: count("tasks"), events: count("events") };
    // The host's half hour is taken: refused, and nothing of the attempt is left.
    await expect(bookIntroMeeting(t.deps, { ...v, candidateId: b.id })).rejects.toThrow("no longer available");
    expect({ sessions: count("scheduling_sessions"), meetings: count("meetings"), tasks: count("tasks"), events: count("events") }).toEqual(after);
  });
});
