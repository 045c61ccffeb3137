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
