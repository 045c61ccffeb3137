import type { z } from "zod";

/**
 * Answers a service keeps and hands out again (a page of the candidate list, kept until a
 * candidate changes) are checked against their response schema once and turned into JSON
 * once. Elysia checks a handler's value with the schema and sends what the check returns: for
 * a kept value that is the same object each time, so the check's result and its JSON text are
 * kept beside it (weakly: they go with the value). Only values the wrapped schema checked are
 * served from the kept text, and such values must not change after they are handed out.
 */
const checked = new WeakMap<object, unknown>();
const answers = new WeakSet<object>();
const texts = new WeakMap<object, string>();

type Result = { value: unknown; issues?: undefined } | { issues: readonly unknown[] };

/** The schema for a route's response whose handler returns kept values (same object while unchanged). */
export function checkedOnce<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone() as T;
  const std = schema["~standard"];
  (copy as { "~standard": unknown })["~standard"] = {
    ...std,
    validate(value: unknown) {
      if (value === null || typeof value !== "object") return std.validate(value);
      const hit = checked.get(value);
      if (hit) return hit as ReturnType<typeof std.validate>;
      const r = std.validate(value) as Result | Promise<Result>;
      if (!(r instanceof Promise) && !r.issues) {
        checked.set(value, r);
        if (r.value !== null && typeof r.value === "object") answers.add(r.value);
      }
      return r as ReturnType<typeof std.validate>;
    },
  };
  return copy;
}

/** JSON of a handler's value; the text of a value a `checkedOnce` schema returned is made once. */
export function answerJson(value: object): string {
  if (!answers.has(value)) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}
