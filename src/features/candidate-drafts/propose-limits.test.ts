// The rules propose a draft's fields in a child that can be killed (lib/cage.ts): the same fields
// as in this process, and a text made to be slow (200,000 letters without a space took minutes
// for the e-mail pattern) is stopped at the wall time, with the message the draft shows.
import { describe, expect, test } from "bun:test";
import { proposeByRules } from "./propose-rules";
import { proposeByRulesCaged, RULES_LIMITS } from "./propose-model";

describe("the rules' proposal in a child", () => {
  test("a CV's text: the same fields as the rules give here", async () => {
    const text = "Ada Lovelace\nSenior Backend Engineer\nLondon, UK | ada@example.com | +44 7700 900123\nSkills: Go, Kubernetes, Postgres";
    expect(await proposeByRulesCaged(text)).toEqual({ fields: proposeByRules(text), error: null });
  }, 120_000);

  test("a text made to be slow is stopped at the wall time: nothing proposed, and why", async () => {
    const from = performance.now();
    const r = await proposeByRulesCaged("a".repeat(200_000), undefined, { ...RULES_LIMITS, wallMs: 1000 });
    expect(r.error).toBe("Proposing fields from this CV took more than 1 second; Frank stops there");
    expect(Object.values(r.fields).every((v) => v === null)).toBe(true);
    expect(performance.now() - from).toBeLessThan(4000);
  }, 120_000);
});
