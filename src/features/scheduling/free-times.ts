import type { Deps } from "../../deps";
import type { SchedulingDeps } from "./needs";
import type { Tx } from "../../db/tx";
import { availabilityOf } from "./availability";
import { busyMillis } from "./busy-calendar";
import { type Availability, type MemberSchedule, type Offer, offerStarts, GRID_MINUTES, startAllowed } from "./offer-slots";
import type { PoolStrategy } from "./pool-choice";
import { meetingPanels, scheduledMeetingsOf, sessionInterviewersOf } from "./repo-member-availability";
import { typeById } from "./repo-interview-types";
import { DAY, MINUTE } from "./zones";

/**
 * "Offer my free times" (issue 36 item 2): what the slot function needs, read from the database
 * and the calendar cache (both synchronous, so the booking transaction reads the same way the
 * page does), and the session's offered starts.
 */

/** Who a session offers: members who must all be free, optional ones invited when free, and a pool of whom one must be. */
export interface SessionPeople {
  required: number[];
  optional: number[];
  pool: number[];
  strategy: PoolStrategy;
}

/** The members' rules and busy times around [from, to): wide enough for buffers and for the daily cap's whole local days. */
function memberSchedules(deps: SchedulingDeps, db: Deps["db"] | Tx, workspaceId: number, userIds: number[], from: number, to: number, exceptMeetingId = 0, rules: TypeRules = {}): MemberSchedule[] {
  if (!userIds.length) return [];
  const availability = availabilityOf(deps, workspaceId, userIds);
  // A buffer is at most 8 hours and a local day is at most 26 hours long, so two days either side covers both.
  const wideFrom = new Date(from - 2 * DAY);
  const wideTo = new Date(to + 2 * DAY);
  const meetings = scheduledMeetingsOf(db, userIds, wideFrom, wideTo, exceptMeetingId);
  return userIds.map((userId) => {
    const own = meetings.filter((m) => m.userId === userId);
    const calendar = busyMillis(deps, userId, wideFrom.getTime(), wideTo.getTime()).map(([start, end]) => ({ start, end }));
    return { userId, availability: { ...availability.get(userId)!, ...rules }, busy: calendar, interviews: own.map(({ start, end }) => ({ start, end })) };
  });
}

export interface OfferWindow {
  workspaceId: number;
  from: number;
  to: number;
  durationMinutes: number;
  /** An interview type's buffers and notice, over the members' own (issue 36 item 5). */
  rules?: TypeRules;
}
type TypeRules = Partial<Pick<Availability, "bufferBeforeMinutes" | "bufferAfterMinutes" | "minimumNoticeMinutes">>;

/** The buffers and notice an interview type sets (those it leaves null are the members' own). */
export function typeRules(db: Deps["db"] | Tx, interviewTypeId: number | null): TypeRules {
  if (!interviewTypeId) return {};
  const t = typeById(db, interviewTypeId);
  if (!t) return {};
  return {
    ...(t.bufferBeforeMinutes !== null ? { bufferBeforeMinutes: t.bufferBeforeMinutes } : {}),
    ...(t.bufferAfterMinutes !== null ? { bufferAfterMinutes: t.bufferAfterMinutes } : {}),
    ...(t.minimumNoticeMinutes !== null ? { minimumNoticeMinutes: t.minimumNoticeMinutes } : {}),
  };
}

/** The window of a session in availability mode. */
export const offerWindow = (s: { workspaceId: number; offerFrom: Date | null; offerTo: Date | null; duration: number; interviewTypeId: number | null }, db: Deps["db"] | Tx): OfferWindow => ({
  workspaceId: s.workspaceId,
  from: s.offerFrom?.getTime() ?? 0,
  to: s.offerTo?.getTime() ?? 0,
  durationMinutes: s.duration,
  rules: typeRules(db, s.interviewTypeId),
});

/**
 * Who a session offers: its organiser alone; with a panel the organiser and the panel's required
 * members; with a pool, the pool (the organiser only arranges it) and any required panel members.
 */
export function sessionPeople(db: Deps["db"] | Tx, s: { id: number; userId: number; poolStrategy: PoolStrategy | null }): SessionPeople {
  const rows = sessionInterviewersOf(db, [s.id]);
  const pool = rows.filter((r) => r.kind === "pool").map((r) => r.userId);
  const required = rows.filter((r) => r.kind === "required").map((r) => r.userId);
  return {
    required: pool.length ? required : [...new Set([s.userId, ...required])],
    optional: rows.filter((r) => r.kind === "optional").map((r) => r.userId),
    pool,
    strategy: s.poolStrategy ?? "fair",
  };
}

/** The people of a booked interview, for a move: its holder and its required panel members, no pool. */
export function meetingPeople(db: Deps["db"] | Tx, m: { id: number; userId: number }): SessionPeople {
  const panel = meetingPanels(db, [m.id]);
  return { required: [m.userId, ...panel.filter((p) => p.required).map((p) => p.userId)], optional: [], pool: [], strategy: "fair" };
}

/** The starts to offer now (earliest first), with the pool members free at each. */
export function offeredStarts(deps: SchedulingDeps, w: OfferWindow, people: SessionPeople, opts: { now?: number; exceptMeetingId?: number } = {}): Offer[] {
  const now = opts.now ?? deps.clock.now().getTime();
  const from = Math.max(w.from, now);
  if (from >= w.to) return [];
  const schedules = memberSchedules(deps, deps.db, w.workspaceId, [...new Set([...people.required, ...people.pool])], from, w.to, opts.exceptMeetingId, w.rules);
  const byId = new Map(schedules.map((s) => [s.userId, s]));
  return offerStarts(
    { from, to: w.to, durationMinutes: w.durationMinutes, now },
    { required: people.required.map((id) => byId.get(id)!), pool: people.pool.length ? people.pool.map((id) => byId.get(id)!) : undefined },
  );
}

/**
 * The booking transaction's check of one start by the same rules: on the grid, inside the
 * window, every required member free and (with a pool) who of the pool is free. Null: refused.
 */
export function startStillFree(deps: SchedulingDeps, tx: Tx, w: OfferWindow, people: SessionPeople, start: number, exceptMeetingId = 0): { poolFree: number[]; optionalFree: number[] } | null {
  const now = deps.clock.now().getTime();
  if (start % (GRID_MINUTES * MINUTE) !== 0 || start < w.from || start + w.durationMinutes * MINUTE > w.to || start <= now) return null;
  const end = start + w.durationMinutes * MINUTE;
  const schedules = memberSchedules(deps, tx, w.workspaceId, [...new Set([...people.required, ...people.pool, ...people.optional])], start, end, exceptMeetingId, w.rules);
  const byId = new Map(schedules.map((s) => [s.userId, s]));
  const offers = offerStarts(
    { from: start, to: end, durationMinutes: w.durationMinutes, now },
    { required: people.required.map((id) => byId.get(id)!), pool: people.pool.length ? people.pool.map((id) => byId.get(id)!) : undefined },
  );
  if (offers[0]?.start !== start) return null;
  const optionalFree = people.optional.filter((id) => !people.required.includes(id) && startAllowed(byId.get(id)!, start, w.durationMinutes, now));
  return { poolFree: offers[0].poolFree, optionalFree };
}

/** The public id of an offered start in the booking form ("t" and its epoch milliseconds). */
export const startSlotId = (start: number) => `t${start}`;
export function startOfSlotId(slotId: string): number | null {
  const m = /^t(\d{10,15})$/.exec(slotId);
  return m ? Number(m[1]) : null;
}
