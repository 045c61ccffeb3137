import type { DocumentDecoration } from "elysia";
import { z } from "zod";

/**
 * Schemas every feature's routes share (docs/decisions/0020): a path id, the error envelope and the
 * usual small answers. Feature schemas live in the feature's model.ts.
 */
/** A positive integer id from a path, query or form (a string there); `message` is what a bad one answers. */
export const positiveId = (message = "Invalid id") => z.coerce.number({ error: message }).int(message).positive(message);

export const IdParam = z.object({ id: positiveId() });

/** The one error envelope of lib/error-envelope.ts. */
export const ErrorEnvelope = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

export const Success = z.object({ success: z.literal(true) });

/** A form's checkbox: "on" when ticked, absent otherwise (JSON callers may send a boolean). */
export const Checkbox = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());

/** One described answer of a route that returns its own Response: its media types, and the schema of a JSON one. */
export interface OwnAnswer {
  description: string;
  /** Media type → the zod schema of a JSON body, or null for a file or text (a string). */
  content: Record<string, z.ZodType | null>;
}

/**
 * OpenAPI `responses` for `detail` of a route whose handler answers a Response of its own (a file,
 * a CSV, a text): the generator cannot see those, and a client must know what comes back.
 */
export function ownAnswers(by: Record<number, OwnAnswer>): DocumentDecoration["responses"] {
  const schemaOf = (s: z.ZodType | null): Record<string, unknown> =>
    s ? (({ $schema: _dialect, ...rest }) => rest)(z.toJSONSchema(s, { io: "output", unrepresentable: "any", target: "draft-2020-12" })) : { type: "string" };
  // Elysia types `detail` with OpenAPI 3.0's objects; these are 3.1's (JSON Schema 2020-12).
  return Object.fromEntries(
    Object.entries(by).map(([status, a]) => [status, { description: a.description, content: Object.fromEntries(Object.entries(a.content).map(([type, s]) => [type, { schema: schemaOf(s) }])) }]),
  ) as DocumentDecoration["responses"];
}
