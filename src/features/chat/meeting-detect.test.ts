import { describe, expect, test } from "bun:test";
import { detectMeeting, isActionable } from "./meeting-detect";

// [text, isMeetingRequest, candidateName, position]
const table: [string, boolean, string | null, string | null][] = [
  ["Can we meet Sarah Chen tomorrow?", true, "Sarah Chen", null],
  ["Please schedule an interview with Tom Baker for the Product Owner role", true, "Tom Baker", "Product Owner"],
  ["I'd like to set up a call with Maria Lopez", true, "Maria Lopez", null],
  ["Let's have a discussion with Ahmed Khan about the UX Designer position", true, "Ahmed Khan", "UX Designer"],
  ["Could I chat with Priya Patel this week?", true, "Priya Patel", null],
  ["I want to talk to James O'Neil about the developer job", true, "James O'Neil", "Developer"],
  ["Can you arrange for me to speak with Jean-Luc Martin?", true, "Jean-Luc Martin", null],
  ["Interview Emma Wilson for the senior developer role next Monday", true, "Emma Wilson", "Senior Developer"],
  ["Candidate: Liam Nguyen. Please schedule a meeting, position: Data Analyst", true, "Liam Nguyen", "Data Analyst"],
  ["The applicant named Olivia Brown wants to meet on Friday", true, "Olivia Brown", null],
  ["Sophie Turner is available for an interview as a designer", true, "Sophie Turner", "Designer"],
  ["Noah Smith wants to schedule a call", true, "Noah Smith", null],
  ["Book a meeting with Chloe Davis for the Manager role", true, "Chloe Davis", "Manager"],
  ["Meet Lucas Garcia, he applied as a UX Designer", true, "Lucas Garcia", "UX Designer"],
  ["Set up a meeting with the candidate Mia Robinson", true, "Mia Robinson", null],
  ["We should meet with Ethan McDonald for the product manager opening", true, "Ethan McDonald", "Product Manager"],
  ["Schedule an interview with Isabella for the engineer position", true, "Isabella", "Engineer"],
  ["I need to call Zoe Walker back today", true, "Zoe Walker", null],
  ["Let's meet tomorrow at 10", true, null, null],
  ["Please schedule an interview for the developer role", true, null, "Developer"],
  ["Can we have a call with the team?", true, null, null],
  ["Interviews are going well this month", true, null, null],
  ["meet sarah chen tomorrow please", true, null, null],
  ["Hello there, how are you doing today?", false, null, null],
  ["Send me the list of designers in Sydney", false, null, null],
  ["The recall of that product was a mistake", false, null, null],
  ["Meet Ana", false, null, null],
  ["", false, null, null],
  ["call Bob", false, null, null],
  ["Sarah Chen has great React experience", false, null, null],
  ["Shortlist Tom Baker for the Product Owner role", false, null, null],
  ["Could we schedule a meeting with Daniel Lee as Product Owner?", true, "Daniel Lee", "Product Owner"],
  ["Arrange a discussion with Grace Hopper next Tuesday", true, "Grace Hopper", null],
  ["Candidate name is Hannah Kim and I'd like to interview her", true, "Hannah Kim", null],
  ["Please speak with Oliver Stone regarding the role: Senior Engineer", true, "Oliver Stone", "Senior Engineer"],
];

describe("detectMeeting", () => {
  test("the table has at least 30 phrasings", () => expect(table.length).toBeGreaterThanOrEqual(30));
  for (const [text, meeting, name, position] of table) {
    test(JSON.stringify(text), () => {
      const d = detectMeeting(text);
      expect(d.isMeetingRequest).toBe(meeting);
      expect(d.candidateName).toBe(name);
      expect(d.position).toBe(position);
      expect(isActionable(d)).toBe(meeting && !!name);
    });
  }
  test("text of 10 characters or fewer is ignored", () => {
    expect(detectMeeting("meet Ann B").isMeetingRequest).toBe(false);
    expect(detectMeeting("meet Ann Bo").isMeetingRequest).toBe(true);
  });
});
