// The calendar work an interview's change causes, as typed jobs of the one task table
// (decision 0028). Scheduling writes them in the change's transaction; the calendar feature
// does them through the `calendarEvents` port (src/ports.ts), so scheduling never imports
// calendar and go-to-definition leads from a booking to the job, the port and its wiring.
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { defineJob } from "../../lib/jobs";
import { schedulingPorts } from "./busy-calendar";
export type { CalendarEvents } from "./busy-calendar";

/** The interview's event follows the meeting; one meeting's writes go one at a time, in order. */
export const meetingEventJob = defineJob(
  "calendar.meeting",
  z.object({ meetingId: z.number().int() }),
  (p, { deps }) => schedulingPorts.of(deps).calendarEvents.sync(deps, p.meetingId),
  { serialKey: (p) => `meeting:${p.meetingId}` },
);

/** An event left in the former interviewer's calendar after a hand-over. */
export const removeEventJob = defineJob(
  "calendar.remove-event",
  z.object({ userId: z.number().int(), eventId: z.string() }),
  (p, { deps }) => schedulingPorts.of(deps).calendarEvents.remove(deps, p.userId, p.eventId),
  { serialKey: (p) => `calendar-event:${p.eventId}` },
);

export function enqueueCalendarWork(_deps: Deps, tx: Tx, meetingId: number): void {
  meetingEventJob.enqueue(tx, { meetingId });
}
