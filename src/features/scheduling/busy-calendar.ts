import type { Deps } from "../../deps";
import { Ports } from "../../lib/ports";

/**
 * What scheduling asks of a calendar: the busy times of an interviewer. Scheduling declares it
 * and app.ts fills it from the calendar feature at start-up, so scheduling never imports
 * calendar (calendar imports scheduling's meetings; the feature graph has no cycle).
 * An implementation never throws and answers within its time limit ([] when it cannot tell):
 * a calendar failure must not lose or hold a booking.
 */
export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface BusyCalendar {
  busyIntervals(userId: number, from: Date, to: Date, opts?: { timeoutMs?: number }): Promise<BusyInterval[]>;
}

/** Scheduling's ports, wired by app.ts (decision 0029). */
export const schedulingPorts = new Ports<{ busyCalendar: BusyCalendar }>("scheduling", ["busyCalendar"]);

/** The interviewer's busy times ([] when the calendar fails). */
export function busyIntervals(deps: Deps, userId: number, from: Date, to: Date, opts: { timeoutMs?: number } = {}): Promise<BusyInterval[]> {
  const calendar = schedulingPorts.of(deps).busyCalendar;
  return calendar.busyIntervals(userId, from, to, opts).catch(() => []);
}
