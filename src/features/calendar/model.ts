import { z } from "zod";

/** Calendar status (part1 §3), plus why a connection was dropped and whether Google is configured. */
export interface CalendarStatus {
  isConnected: boolean;
  userEmail: string | null;
  primaryCalendarId: string | null;
  notice: string | null;
  configured: boolean;
}

export const SetPrimaryInput = z.object({
  calendarId: z
    .string({ error: "Choose a calendar first." })
    .max(1024, "Calendar id is too long")
    .refine((v) => !["", "none", "loading"].includes(v.trim()), "Choose a calendar first."),
});

export interface SyncReport {
  created: number;
  alreadyThere: number;
  failed: number;
}
