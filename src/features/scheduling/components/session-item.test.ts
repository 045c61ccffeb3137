import { describe, expect, test } from "bun:test";
import type { SessionView } from "../views";
import { sessionCandidateName, sessionSummary } from "./session-item";

const session = (over: Partial<SessionView> = {}): SessionView =>
  ({
    id: 1,
    interviewerId: 7,
    title: "Interview",
    description: "",
    candidate: { firstName: "Ada", lastName: "Lovelace" },
    candidateId: 3,
    shortlistId: null,
    duration: 60,
    timeZone: "UTC",
    mode: "slots",
    from: null,
    to: null,
    interviewers: [],
    pool: null,
    timeSlots: [
      { id: "a", startTime: "2026-12-10T09:00:00.000Z", endTime: "2026-12-10T10:00:00.000Z" },
      { id: "b", startTime: "2026-12-11T09:00:00.000Z", endTime: "2026-12-11T10:00:00.000Z" },
    ],
    expiresAt: "2026-12-21T12:00:00.000Z",
    createdAt: "2026-12-07T12:00:00.000Z",
    sessionToken: "t",
    bookingUrl: "http://x/book/t",
    status: "active",
    state: "pending",
    interview: null,
    availableSlots: 2,
    bookableSlots: 1,
    ...over,
  }) as SessionView;

describe("an Active Sessions line", () => {
  test("says what each state offers or how it ended, in the member's zone when given", () => {
    expect(sessionSummary(session())).toBe("1 of 2 slots can still be booked · expires Mon, Dec 21");
    expect(sessionSummary(session({ mode: "availability", from: "2026-12-09T00:00:00.000Z", to: "2026-12-17T00:00:00.000Z", bookableSlots: 40 }))).toBe(
      "40 free times Wed, Dec 9 – Wed, Dec 16 · expires Mon, Dec 21",
    );
    const interview = { id: "m1", status: "scheduled", startTime: "2026-12-10T23:30:00.000Z", endTime: "2026-12-11T00:30:00.000Z" };
    expect(sessionSummary(session({ state: "booked", interview }))).toBe("booked for Thu, Dec 10, 11:30 PM");
    expect(sessionSummary(session({ state: "booked", interview }), "Australia/Melbourne")).toBe("booked for Fri, Dec 11, 10:30 AM");
    expect(sessionSummary(session({ state: "expired" }))).toBe("expired Mon, Dec 21");
    expect(sessionSummary(session({ state: "cancelled" }))).toBe("canceled");
  });

  test("names the candidate, or says 'The candidate' without a name", () => {
    expect(sessionCandidateName(session())).toBe("Ada Lovelace");
    expect(sessionCandidateName(session({ candidate: { firstName: "", lastName: "" } }))).toBe("The candidate");
  });
});
