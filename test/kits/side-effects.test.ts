// The scenario kit's side-effect rule: a named kind must match its count, and the kinds not named
// add up to "*" (0 unless given), so a write nobody declared fails the row.
import { expect, test } from "bun:test";
import { differences } from "./side-effects";

test('declared rows: named kinds match exactly, the rest add up to "*" (0 when left out)', () => {
  expect(differences("tasks", { "mail.send": 2 }, { "mail.send": 2 })).toBe("");
  expect(differences("tasks", {}, {})).toBe("");
  expect(differences("tasks", { "mail.send": 2 }, { "mail.send": 1 })).toBe("tasks written: mail.send: declared 2, written 1");
  expect(differences("events", {}, { "interview.booked": 1 })).toBe('events written: undeclared interview.booked × 1: declared "*": 0');
  expect(differences("tasks", { "mail.send": 1, "*": 2 }, { "mail.send": 1, "calendar.meeting": 1, "feedback.request": 1 })).toBe("");
  expect(differences("tasks", { "mail.send": 0 }, {})).toBe("");
  expect(differences("tasks", { "*": 1 }, {})).toBe('tasks written: undeclared none: declared "*": 1');
});
