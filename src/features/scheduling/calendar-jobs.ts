// The calendar work an interview's change causes, as typed kinds of the one task table
// (decision 0028). Scheduling writes them in the change's transaction; the calendar feature
// runs them (calendarJobs in features/calendar/work.ts), so scheduling never imports calendar.
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { defineJob } from "../../lib/jobs";

/** The interview's event follows the meeting; one meeting's writes go one at a time, in order. */
export const meetingEventJob = defineJob("calendar.meeting", z.object({ meetingId: z.number().int() }), { serialKey: (p) => `meeting:${p.meetingId}` });

/** An event left in the former interviewer's calendar after a hand-over. */
export const removeEventJob = defineJob("calendar.remove-event", z.object({ userId: z.number().int(), eventId: z.string() }), { serialKey: (p) => `calendar-event:${p.eventId}` });

export function enqueueCalendarWork(_deps: Deps, tx: Tx, meetingId: number): void {
  meetingEventJob.enqueue(tx, { meetingId });
}
