import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { answerJson, checkedOnce } from "./kept-answers";

describe("answers checked once", () => {
  const Shape = checkedOnce(z.object({ n: z.number() }));
  test("a kept value is checked once and made JSON once; another value is checked as usual", () => {
    const kept = { n: 1, extra: "dropped" };
    const first = Shape["~standard"].validate(kept) as { value: object };
    expect(first.value).toEqual({ n: 1 });
    expect(Shape["~standard"].validate(kept) as unknown).toBe(first);
    expect(answerJson(first.value)).toBe('{"n":1}');
    expect(answerJson(first.value)).toBe(answerJson(first.value));
    expect((Shape["~standard"].validate({ n: "x" }) as { issues?: unknown[] }).issues?.length).toBe(1);
    // A value no wrapped schema returned is never served from kept text.
    const plain = { n: 2 };
    expect(answerJson(plain)).toBe('{"n":2}');
    plain.n = 3;
    expect(answerJson(plain)).toBe('{"n":3}');
  });
});
