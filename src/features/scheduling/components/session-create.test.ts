import { describe, expect, test } from "bun:test";
import { ApiError } from "../../../client/api";
import { candidatesToSchedule, createAnswer, missingInformation, sessionBody, type SessionForm } from "./session-create";

const slot = { startTime: "2026-12-10T09:00:00.000Z", endTime: "2026-12-10T10:00:00.000Z" };
const form = (over: Partial<SessionForm> = {}): SessionForm => ({
  mode: "slots",
  slots: [slot],
  rangeFrom: "",
  rangeTo: "",
  duration: 60,
  timeZone: "Europe/London",
  shortlistId: null,
  sendEmail: true,
  message: "",
  video: "",
  videoUrl: "",
  interviewerId: "7",
  meId: 7,
  people: { kind: "one" },
  typeId: "",
  typeName: undefined,
  typePeople: false,
  ...over,
});
// What the browser sends: JSON drops the undefined fields.
const sent = (body: unknown) => JSON.parse(JSON.stringify(body));
const NOW = Date.parse("2026-12-07T12:00:00.000Z");

describe("who Create sends a session for", () => {
  test("the candidates left by a failed batch, else a shortlist's, else the one picked, else none", () => {
    expect(candidatesToSchedule({ ids: [3], notice: "" }, { candidateIds: [1, 2, 3] }, "9")).toEqual([3]);
    expect(candidatesToSchedule(null, { candidateIds: [1, 2] }, "9")).toEqual([1, 2]);
    expect(candidatesToSchedule(null, undefined, "9")).toEqual([9]);
    expect(candidatesToSchedule(null, undefined, "")).toEqual([]);
  });
});

describe("what is missing before Create sends", () => {
  test("the dates of a free-times session, then a candidate and times, then the pool's members", () => {
    expect(missingInformation(form({ mode: "availability", rangeFrom: "2026-12-08" }), [1])).toBe("Choose the first and last dates to offer");
    expect(missingInformation(form({ mode: "availability" }), [])).toBe("Please select a candidate and add time slots");
    expect(missingInformation(form({ slots: [] }), [1])).toBe("Please select a candidate and add time slots");
    const pool = { kind: "pool" as const, userIds: [7], strategy: "fair" as const };
    expect(missingInformation(form({ mode: "availability", rangeFrom: "2026-12-08", rangeTo: "2026-12-12", people: pool }), [1])).toBe("A pool needs at least two members");
    // A type's own panel or pool decides who interviews: the card's choice is not checked.
    expect(missingInformation(form({ mode: "availability", rangeFrom: "2026-12-08", rangeTo: "2026-12-12", people: pool, typePeople: true }), [1])).toBeNull();
    expect(missingInformation(form(), [1])).toBeNull();
  });
});

describe("the body of POST /api/scheduling-sessions", () => {
  test("hand-picked slots, the interviewer chosen, a link working 14 days", () => {
    expect(sent(sessionBody(form({ message: "  Hello  ", shortlistId: 4 }), 12, NOW))).toEqual({
      candidateId: 12,
      title: "Interview",
      description: "",
      shortlistId: 4,
      duration: 60,
      timeSlots: [slot],
      timeZone: "Europe/London",
      expiresAt: "2026-12-21T12:00:00.000Z",
      sendEmail: true,
      message: "Hello",
      interviewerId: 7,
    });
  });

  test("free times with a panel beside the organiser, a fixed video link", () => {
    const people = { kind: "panel" as const, members: [{ userId: 8, required: true }] };
    const body = sent(
      sessionBody(form({ mode: "availability", rangeFrom: "2026-12-08", rangeTo: "2026-12-12", interviewerId: "", people, video: "fixed", videoUrl: " https://meet.example/x " }), 12, NOW),
    );
    expect(body).toMatchObject({
      mode: "availability",
      from: "2026-12-08",
      to: "2026-12-12",
      videoLink: { kind: "fixed", url: "https://meet.example/x" },
      interviewers: [{ userId: 8, required: true }],
      message: null,
    });
    expect(body.timeSlots).toBeUndefined();
    expect(body.interviewerId).toBeUndefined();
  });

  test("an interview type names the session and drops the description; its own people leave the card's out", () => {
    const people = { kind: "pool" as const, userIds: [8, 9], strategy: "fair" as const };
    const body = sent(sessionBody(form({ mode: "availability", rangeFrom: "a", rangeTo: "b", typeId: "5", typeName: "Tech screen", typePeople: true, people, video: "google_meet" }), 12, NOW));
    expect(body).toMatchObject({ interviewTypeId: 5, title: "Tech screen", videoLink: { kind: "google_meet", url: null } });
    expect("description" in body).toBe(false);
    expect(body.pool).toBeUndefined();
  });
});

describe("reading the answers of a batch", () => {
  const ok: PromiseSettledResult<unknown> = { status: "fulfilled", value: {} };
  const refused = (message: string): PromiseSettledResult<unknown> => ({ status: "rejected", reason: new ApiError("409: x", 409, { message }) });
  const offline: PromiseSettledResult<unknown> = { status: "rejected", reason: new ApiError("Failed to fetch", 0, null) };
  const nameOf = (id: number) => `C${id}`;
  const retryNow = () => {};

  test("one made: success, the times leave the form, the sessions card reloads", () => {
    expect(createAnswer([1], [ok], nameOf, retryNow)).toEqual({
      toast: { title: "Success", description: "Scheduling session created. Copy the link from Active Sessions.", variant: "success" },
      retry: null,
      changed: true,
      reset: true,
    });
    expect(createAnswer([1, 2], [ok, ok], nameOf, retryNow).toast.description).toBe("2 scheduling sessions created");
  });

  test("one refused: the server's words, everything stays", () => {
    expect(createAnswer([1], [refused("The candidate has no e-mail")], nameOf, retryNow)).toEqual({
      toast: { title: "Error", description: "The candidate has no e-mail", variant: "destructive" },
      changed: false,
      reset: false,
    });
    expect(createAnswer([1], [{ status: "rejected", reason: new Error("x") }], nameOf, retryNow).toast.description).toBe("Failed to create scheduling session");
  });

  test("part of a batch refused: only the failed stay to retry", () => {
    const a = createAnswer([1, 2, 3], [ok, refused("no"), refused("no")], nameOf, retryNow);
    expect(a.toast).toEqual({ title: "Error", description: "Failed to create some scheduling sessions (2 of 3 failed)", variant: "destructive" });
    expect(a.retry?.ids).toEqual([2, 3]);
    expect(a).toMatchObject({ changed: true, reset: false });
    // None made: nothing to retry apart, the form stays as it is.
    expect(createAnswer([1, 2], [refused("no"), refused("no")], nameOf, retryNow)).toMatchObject({ retry: undefined, changed: false, reset: false });
  });

  test("a lost connection keeps everything and offers Retry; the sessions card is not told", () => {
    const a = createAnswer([1, 2], [ok, offline], nameOf, retryNow);
    expect(a.toast).toMatchObject({ title: "Connection lost", description: "Nothing you entered is lost. Retry when the connection is back.", duration: 15_000 });
    expect(a.toast.action).toEqual({ label: "Retry", onClick: retryNow });
    expect(a).toMatchObject({ retry: { ids: [2] }, changed: false, reset: false });
    expect(createAnswer([1], [offline], nameOf, retryNow).retry).toBeUndefined();
  });
});
