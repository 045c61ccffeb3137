import { z } from "zod";

/** Calendar status (part1 §3), plus why a connection was dropped and whether Google is configured. */
export const CalendarStatus = z.object({
  isConnected: z.boolean(),
  userEmail: z.string().nullable(),
  primaryCalendarId: z.string().nullable(),
  notice: z.string().nullable(),
  configured: z.boolean(),
  /** google | microsoft while connected (decision 34). */
  provider: z.enum(["google", "microsoft"]).nullable(),
  microsoftConfigured: z.boolean(),
});
export type CalendarStatus = z.infer<typeof CalendarStatus>;

export const SetPrimaryInput = z.object({
  calendarId: z
    .string({ error: "Choose a calendar first." })
    .max(1024, "Calendar id is too long")
    .refine((v) => !["", "none", "loading"].includes(v.trim()), "Choose a calendar first."),
});

export const SyncReport = z.object({ created: z.number().int(), alreadyThere: z.number().int(), failed: z.number().int() });
export type SyncReport = z.infer<typeof SyncReport>;

export const CalendarList = z.array(z.object({ id: z.string(), summary: z.string(), primary: z.boolean() }));
export const DisconnectAnswer = z.object({ success: z.literal(true), status: CalendarStatus });
export const FeedAnswer = z.object({ url: z.string() });

/** A query or form value: text or nothing (odd values count as nothing, never a 400). */
const text = z.string().max(4096).optional().catch(undefined);
export const ConnectQuery = z.object({ returnTo: text });
export const CallbackQuery = z.object({ code: text, state: text, error: text });
export const CalendarPageQuery = z.object({ connected: text, error: text });
/** The manager's form: the chosen calendar (the service refuses an empty choice with its own words). */
export const SetPrimaryForm = z.object({ calendarId: z.preprocess((v) => (typeof v === "string" && v.length <= 4096 ? v : ""), z.string()) });
export const FeedFileParam = z.object({ file: z.string() });
