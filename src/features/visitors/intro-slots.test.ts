import { describe, expect, test } from "bun:test";
import { weeklySlots, withoutBusy } from "./intro-slots";
import { checkAnswer, PREQUALIFIER_QUESTIONS, transcript } from "./questions";

describe("weeklySlots", () => {
  test("back-to-back slots inside the windows, read in the recruiter's zone across a DST change", () => {
    const slots = weeklySlots({
      weekly: [{ day: 1, start: "09:00", end: "10:00" }],
      timeZone: "Australia/Melbourne",
      duration: 30,
      now: new Date("2026-03-30T00:00:00Z"), // Monday 11:00 in Melbourne: today's window is over
      days: 14,
    });
    // Melbourne leaves daylight saving on 5 April 2026: 09:00 is 22:00Z before, 23:00Z after.
    expect(slots.map((s) => s.startTime)).toEqual(["2026-04-05T23:00:00.000Z", "2026-04-05T23:30:00.000Z", "2026-04-12T23:00:00.000Z", "2026-04-12T23:30:00.000Z"]);
    expect(slots.every((s) => Date.parse(s.endTime) - Date.parse(s.startTime) === 30 * 60_000)).toBe(true);
  });

  test("a clock change inside the window keeps wall-clock starts", () => {
    const slots = weeklySlots({ weekly: [{ day: 0, start: "01:00", end: "04:00" }], timeZone: "Australia/Melbourne", duration: 60, now: new Date("2026-04-01T00:00:00Z"), days: 6 });
    // 5 April 2026, 03:00 AEDT becomes 02:00 AEST: 02:00 happens twice (the earlier is used).
    expect(slots.map((s) => s.startTime)).toEqual(["2026-04-04T14:00:00.000Z", "2026-04-04T15:00:00.000Z", "2026-04-04T17:00:00.000Z"]);
  });

  test("no slot sooner than the notice; a window shorter than the call gives none", () => {
    const now = new Date("2026-06-01T08:30:00Z"); // Monday
    const slots = weeklySlots({
      weekly: [
        { day: 1, start: "09:00", end: "12:00" },
        { day: 2, start: "09:00", end: "09:15" },
      ],
      timeZone: "UTC",
      duration: 30,
      now,
      days: 1,
    });
    expect(slots[0]!.startTime).toBe("2026-06-01T10:30:00.000Z");
    expect(slots.some((s) => s.startTime.startsWith("2026-06-02"))).toBe(false);
  });

  test("withoutBusy drops overlapping slots only", () => {
    const slots = [
      { startTime: "2026-06-01T09:00:00.000Z", endTime: "2026-06-01T09:30:00.000Z" },
      { startTime: "2026-06-01T09:30:00.000Z", endTime: "2026-06-01T10:00:00.000Z" },
    ];
    expect(withoutBusy(slots, [{ start: new Date("2026-06-01T09:29:00Z"), end: new Date("2026-06-01T09:30:00Z") }])).toEqual([slots[1]!]);
  });
});

describe("answers", () => {
  const q = (field: string) => PREQUALIFIER_QUESTIONS.find((x) => x.field === field)!;
  test("e-mail, URL, length and line rules", () => {
    expect(checkAnswer(q("emailAddress"), " Ada@Example.com ")).toEqual({ ok: true, value: "ada@example.com" });
    expect(checkAnswer(q("emailAddress"), "ada@example")).toEqual({ ok: false, message: "Invalid email address" });
    expect(checkAnswer(q("linkedinUrl"), "linkedin.com/in/ada")).toEqual({ ok: true, value: "https://linkedin.com/in/ada" });
    expect(checkAnswer(q("linkedinUrl"), "ftp://x.y").ok).toBe(false);
    expect(checkAnswer(q("linkedinUrl"), "Skip")).toEqual({ ok: true, value: "" });
    // Numbers parse as IPv4 addresses (0.0.0.5, 0.1.212.192): not a profile, ask again.
    for (const bad of ["5", "120000", "http://10.0.0.1/in/x", "localhost/in/x", "https://[::1]/", "https://me:pw@linkedin.com/in/x", "linkedin"]) {
      const r = checkAnswer(q("linkedinUrl"), bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain("https://www.linkedin.com/in/your-name");
    }
    expect(checkAnswer(q("linkedinUrl"), "https://www.linkedin.com/in/ada-lovelace")).toEqual({ ok: true, value: "https://www.linkedin.com/in/ada-lovelace" });
    expect(checkAnswer(q("linkedinUrl"), "https://ada.example.dev/about")).toEqual({ ok: true, value: "https://ada.example.dev/about" });
    expect(checkAnswer(q("name"), "a\nb").ok).toBe(false);
    expect(checkAnswer(q("name"), "   ").ok).toBe(false);
    expect(checkAnswer(q("name"), 42).ok).toBe(false);
  });

  test("the transcript alternates Frank and Candidate lines", () => {
    expect(transcript(PREQUALIFIER_QUESTIONS, ["Ada", "ada@example.com"])).toBe(
      `Frank: ${PREQUALIFIER_QUESTIONS[0]!.prompt}\nCandidate: Ada\nFrank: ${PREQUALIFIER_QUESTIONS[1]!.prompt}\nCandidate: ada@example.com`,
    );
  });
});
