import { z } from "zod";

/** The shapes of the calendars-that-count API (decision 32). */
const ConnectionCalendar = z.object({ id: z.string(), name: z.string(), checkConflicts: z.boolean(), receivesInterviews: z.boolean() });
export const Connection = z.object({
  id: z.number().int(),
  provider: z.enum(["google", "microsoft"]),
  accountEmail: z.string(),
  calendars: z.array(ConnectionCalendar),
  state: z.enum(["ok", "stale", "error"]),
  lastSyncedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type Connection = z.infer<typeof Connection>;
export const ConnectionsAnswer = z.object({ connections: z.array(Connection) });

export const PatchConnectionInput = z.object({
  calendars: z
    .array(z.object({ id: z.string().min(1).max(1024), checkConflicts: z.boolean() }))
    .max(200)
    .optional(),
  interviewCalendarId: z.string().min(1).max(1024).optional(),
});
export type PatchConnectionInput = z.infer<typeof PatchConnectionInput>;
export const ConnectionParams = z.object({ id: z.coerce.number().int().positive() });

const instant = (name: string) =>
  z
    .string({ error: `${name} is required (an ISO 8601 time)` })
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be an ISO 8601 time`)
    .transform((v) => new Date(v));
export const BusyQuery = z.object({ from: instant("from"), to: instant("to"), userId: z.coerce.number().int().positive().optional() });
export const BusyAnswer = z.object({
  busy: z.array(z.object({ start: z.string(), end: z.string(), calendarId: z.string().nullable(), source: z.enum(["calendar", "frank"]) })),
});
export type BusyAnswer = z.infer<typeof BusyAnswer>;

export const VideoLinkBody = z.object({
  kind: z.enum(["google_meet", "microsoft_teams", "fixed", "none"], { error: "kind must be google_meet, microsoft_teams, fixed or none" }),
  url: z.string().max(2000).nullable().optional(),
});
export const VideoLinkAnswer = z.object({ kind: z.enum(["google_meet", "microsoft_teams", "fixed", "none"]), url: z.string().nullable() });

export const EventChangeSetting = z.object({ onEventChange: z.enum(["follow", "flag"], { error: "onEventChange must be follow or flag" }) });

/** What a calendar provider's notification is answered with once it is taken. */
export const Acknowledged = z.object({ ok: z.literal(true) });
