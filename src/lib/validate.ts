import type { z } from "zod";
import { badRequest } from "./errors";

/** Parses input with a zod schema; a failure is a 400 whose message is the first field's. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    if (!fields[key]) fields[key] = issue.message;
  }
  throw badRequest(Object.values(fields)[0] ?? "Invalid request", fields);
}

/** Form posts carry strings; a checkbox is "on" when ticked and absent otherwise. */
export function formBool(v: unknown): boolean {
  return v === true || v === "on" || v === "true" || v === "1";
}

/** Flattens Elysia's validation issues (zod through Standard Schema) into field → first message. */
export function validationFields(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const all = (error as { all?: unknown } | null)?.all;
  for (const issue of Array.isArray(all) ? (all as Array<{ path?: unknown; message?: unknown; summary?: unknown }>) : []) {
    const path =
      String(issue.path ?? "")
        .replace(/^\//, "")
        .replace(/\//g, ".") || "body";
    const msg = String(issue.message ?? issue.summary ?? "Invalid value");
    if (!fields[path]) fields[path] = msg;
  }
  return fields;
}
