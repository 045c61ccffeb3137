import type { SchedulingDeps } from "./needs";

/**
 * What scheduling asks of a calendar (decision 32): the interviewer's busy times and their
 * default video link. Scheduling declares it (needs.ts) and app.ts hands it the calendar
 * feature's cache, so scheduling never imports calendar. Busy times come from the calendar's own
 * cache: the reads are synchronous, never call a provider, and so can be made inside the booking
 * transaction.
 */
export interface BusyInterval {
  start: Date;
  end: Date;
}

type VideoKind = "google_meet" | "microsoft_teams" | "fixed" | "none";
export interface VideoLinkChoice {
  kind: VideoKind;
  url: string | null;
}

export interface BusyCalendar {
  busyIntervals(userId: number, from: Date, to: Date): BusyInterval[];
  /** The same as [start, end] in epoch milliseconds, in start order: the slot function's read (derived from busyIntervals where a calendar leaves it out). */
  busyMillis?(userId: number, from: number, to: number): [number, number][];
  videoDefault(userId: number): VideoLinkChoice;
}

/** The interviewer's cached busy times overlapping [from, to). */
export function busyIntervals(deps: SchedulingDeps, userId: number, from: Date, to: Date): BusyInterval[] {
  return deps.busyCalendar.busyIntervals(userId, from, to);
}

/** The interviewer's cached busy times overlapping [from, to), in epoch milliseconds. */
export function busyMillis(deps: SchedulingDeps, userId: number, from: number, to: number): [number, number][] {
  const calendar = deps.busyCalendar;
  if (calendar.busyMillis) return calendar.busyMillis(userId, from, to);
  return calendar.busyIntervals(userId, new Date(from), new Date(to)).map((b) => [b.start.getTime(), b.end.getTime()]);
}

/** The interviewer's default video link. */
export function videoDefault(deps: SchedulingDeps, userId: number): VideoLinkChoice {
  return deps.busyCalendar.videoDefault(userId);
}

/**
 * The slots that no busy time overlaps, in their order. Both lists are walked once in start
 * order (a sweep, not slots × busy), so 2,000 busy events cost little more than 20.
 */
export function freeSlots<T extends { startTime: Date; endTime: Date }>(slots: T[], busy: BusyInterval[]): T[] {
  if (!busy.length || !slots.length) return slots;
  const b = [...busy].sort((x, y) => x.start.getTime() - y.start.getTime());
  const order = slots.map((s, i) => i).sort((x, y) => slots[x]!.startTime.getTime() - slots[y]!.startTime.getTime());
  const taken = new Set<number>();
  let j = 0;
  // The furthest end among busy intervals starting before the current slot's end.
  for (const i of order) {
    const s = slots[i]!;
    const start = s.startTime.getTime();
    const end = s.endTime.getTime();
    while (j < b.length && b[j]!.end.getTime() <= start && b[j]!.start.getTime() < start) j++;
    for (let k = j; k < b.length && b[k]!.start.getTime() < end; k++) {
      if (b[k]!.end.getTime() > start) {
        taken.add(i);
        break;
      }
    }
  }
  return slots.filter((_, i) => !taken.has(i));
}

/** The slots of one interviewer still free in their calendar (the cached busy times across the slots' span). */
export function freeInCalendar<T extends { startTime: Date; endTime: Date }>(deps: SchedulingDeps, userId: number, slots: T[]): T[] {
  if (!slots.length) return slots;
  let from = slots[0]!.startTime;
  let to = slots[0]!.endTime;
  for (const s of slots) {
    if (s.startTime < from) from = s.startTime;
    if (s.endTime > to) to = s.endTime;
  }
  return freeSlots(slots, busyIntervals(deps, userId, from, to));
}
