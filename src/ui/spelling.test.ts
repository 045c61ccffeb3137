// One spelling of "canceled" everywhere a person reads it (issue 41): the spec's "Canceled".
// API values keep theirs (a session's status "cancelled", the events "session.cancelled" and
// "interview.cancelled", Stripe's "?checkout=cancelled"): they are data, not text.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sessionStateBadge } from "../features/scheduling/status";

const root = join(import.meta.dir, "..", "..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

// Values that are data: the status, event names, iCalendar's STATUS, Stripe's return parameter, and Graph's isCancelled.
const DATA = /"cancelled"|"CANCELLED"|'cancelled'|\.cancelled|\.isCancelled\b|checkout[=:]cancelled|\bcancelled\b(?=[^"'`]*\*\/)/g;

test("no text a person reads spells it 'cancelled'", () => {
  const found: string[] = [];
  for (const f of files(join(root, "src"))) {
    readFileSync(f, "utf8")
      .split("\n")
      .forEach((line, i) => {
        const code = line
          .replace(/^\s*(\/\/|\*|\/\*\*).*$/, "")
          .replace(/\/\/ .*$/, "")
          .replace(DATA, "");
        if (/cancelled/i.test(code)) found.push(`${f.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
  expect(sessionStateBadge("cancelled").label).toBe("Canceled");
});
