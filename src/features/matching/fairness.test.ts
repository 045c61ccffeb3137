// Issue 57 item 6: changing only a candidate's name, pronouns or gendered words moves no CV in
// any job's ranking (the labelled set, every job).
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { loadMatchingSet, SET_CVS, type SetCv } from "../../../test/kits/matching-set";
import { matchesForJob } from "./rank";

const SWAPS: [RegExp, string][] = [
  [/\bhe\b/g, "she"],
  [/\bhim\b/g, "her"],
  [/\bhis\b/g, "her"],
  [/\bMr\b/g, "Ms"],
  [/\bman\b/g, "woman"],
  [/\bwife\b/g, "husband"],
];

/** The same CV under another name, with pronouns and gendered words turned. */
function swapped(cv: SetCv, i: number): SetCv {
  const [first] = cv.name.split(" ");
  const other = ["Aisha Bello", "Tomasz Kowalski", "Mei Lin", "Jamal Wright", "Ingrid Olsen", "Priya Shah"][i % 6]!;
  let text = cv.cv.replaceAll(cv.name, other).replaceAll(first!, other.split(" ")[0]!);
  for (const [from, to] of SWAPS) text = text.replace(from, to);
  return { ...cv, name: other, cv: `${text} She/her.` };
}

describe("a ranking does not depend on the name, pronouns or gendered words", () => {
  test("every job's ranking of the set is the same after the swap", async () => {
    const t = makeTestApp();
    const a = await t.signUp();
    const b = await t.signUp();
    const plain = loadMatchingSet(t.deps, a.workspaceId);
    const turned = loadMatchingSet(t.deps, b.workspaceId, SET_CVS.map(swapped));
    expect(turned.cvOf.size).toBe(60);
    for (const [key, jobA] of plain.jobs) {
      const rank = (w: number, job: number, cvOf: Map<number, string>) => matchesForJob(t.deps, w, job, 60).matches.map((m) => `${cvOf.get(m.candidate.id)}:${m.score}`);
      const before = rank(a.workspaceId, jobA, plain.cvOf);
      expect(before.length).toBeGreaterThan(5);
      expect(rank(b.workspaceId, turned.jobs.get(key)!, turned.cvOf)).toEqual(before);
    }
  });
});
