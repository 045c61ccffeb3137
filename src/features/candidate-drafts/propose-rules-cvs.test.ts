// Issue 60 item 6: the rules on a set of real-looking CVs kept in the repository
// (test/fixtures/cvs): the city is filled whatever the layout, and never swapped with the role.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { proposeByRules } from "./propose-rules";

const dir = join(import.meta.dir, "../../../test/fixtures/cvs");
const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Record<string, Record<string, string | null>>;

describe("the rules on the CVs of test/fixtures/cvs", () => {
  for (const [file, want] of Object.entries(expected)) {
    test(file, () => {
      const got = proposeByRules(readFileSync(join(dir, file), "utf8"));
      expect({ name: got.name, role: got.role, city: got.city, email: got.email, phone: got.phone }).toEqual(want as never);
    });
  }

  test("every CV gets its city, and no role reads as a place", () => {
    const results = Object.keys(expected).map((f) => proposeByRules(readFileSync(join(dir, f), "utf8")));
    expect(results.filter((r) => r.city).length).toBe(results.length);
    for (const r of results) expect(r.role ?? "").not.toMatch(/\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\b|\d{4}/);
  });
});
