/**
 * Offered starts from members' availability (issue 36): weekly ranges in the member's zone,
 * date overrides (no ranges: a day off), busy times (Frank's meetings and the calendar cache),
 * buffers, minimum notice, a daily cap, a 15-minute grid, panels (every required member free)
 * and pools (any member free). Pure (only Intl through ./zones): the candidate's page, the
 * booking transaction, the bench and the table tests share this one copy, so what is offered
 * and what may be booked cannot drift apart.
 *
 * Rules, in the member's zone:
 * - an interview [s, s + duration) lies inside one available range (ranges touching each other,
 *   e.g. 09:00–12:00 and 12:00–17:00, or 17:00–24:00 and the next day's 00:00–02:00, are one);
 * - buffers keep distance from busy times, not from the edges of working hours: a calendar event
 *   [b0, b1) blocks s when b0 < s + duration + bufferAfter and b1 > s − bufferBefore; another
 *   interview keeps its own buffers too, so between two interviews the gap is the larger of the two;
 * - s ≥ now + minimumNotice;
 * - the member has fewer than maxInterviewsPerDay interviews starting on s's local date.
 * Starts lie on the grid of `stepMinutes` (default 15) counted from 00:00 UTC; every zone in use
 * is offset from UTC by whole quarter hours, so a 15-minute grid is the same in every zone.
 */
import { addDays, cachedOffset, dateIn, DAY, MINUTE, parseDate } from "./zones";

interface TimeRange {
  /** "HH:MM", 00:00 … 23:59 */
  start: string;
  /** "HH:MM", after start; "24:00" is the end of the day */
  end: string;
}
interface WeeklyRange extends TimeRange {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
}
interface DateOverride {
  /** YYYY-MM-DD in the member's zone */
  date: string;
  /** No ranges: a day off. */
  ranges: TimeRange[];
}
export interface Availability {
  timeZone: string;
  weekly: WeeklyRange[];
  overrides: DateOverride[];
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  /** null: no cap */
  maxInterviewsPerDay: number | null;
}

/** What the slot function knows of one member: their rules and their busy times (ms since epoch). */
export interface MemberSchedule {
  userId: number;
  availability: Availability;
  /** Calendar events (the cache), other than Frank's interviews. */
  busy: { start: number; end: number }[];
  /** The member's scheduled interviews: busy with their buffers, and counted for the daily cap. */
  interviews: { start: number; end: number }[];
}

export interface OfferRequest {
  from: number;
  to: number;
  durationMinutes: number;
  now: number;
  stepMinutes?: number;
}

export const GRID_MINUTES = 15;

export const DEFAULT_AVAILABILITY = (timeZone: string): Availability => ({
  timeZone,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 240,
  maxInterviewsPerDay: null,
});

const hm = (s: string) => {
  const [h, m] = s.split(":").map(Number);
  return { hour: h!, minute: m! };
};

/**
 * The instant the zone's clocks show `minutes` past midnight of the day whose midnight reads as
 * `naiveDay` (UTC ms of that date), the earlier one when it occurs twice; null when a DST change
 * skips it. Offsets come from Intl through zones.ts's quarter-hour cache: a page computes a month
 * of ranges for several members, and uncached Intl calls were most of its time.
 */
function localInstant(naiveDay: number, minutes: number, timeZone: string): number | null {
  const naive = naiveDay + minutes * MINUTE;
  let best: number | null = null;
  for (const probe of [naive - DAY / 2, naive + DAY / 2]) {
    const t = naive - cachedOffset(probe, timeZone);
    // Right when the clocks there read the same wall time.
    if (t + cachedOffset(t, timeZone) === naive && (best === null || t < best)) best = t;
  }
  return best;
}

/** The instant the zone's clocks show `time` on `date`; a reading skipped by a DST change moves to the first that exists after it. */
function instantOf(date: string, time: string, timeZone: string): number {
  const d = parseDate(date)!;
  const naiveDay = Date.UTC(d.year, d.month - 1, d.day);
  const { hour, minute } = hm(time);
  for (let m = hour * 60 + minute; m < 48 * 60; m += 15) {
    const t = localInstant(naiveDay, m, timeZone);
    if (t !== null) return t;
  }
  return naiveDay + DAY; // unreachable: no zone skips a whole day and more
}

const weekday = (date: string) => {
  const d = parseDate(date)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
};

/** The member's available intervals overlapping [from, to), merged where they touch, in order. */
function availableIntervals(a: Availability, from: number, to: number): { start: number; end: number }[] {
  const overrides = new Map(a.overrides.map((o) => [o.date, o.ranges]));
  const raw: { start: number; end: number }[] = [];
  // One day either side: a local day can begin up to 14 hours before or after the UTC one.
  const last = dateIn(to + DAY, a.timeZone);
  for (let date = dateIn(from - DAY, a.timeZone); date <= last; date = addDays(date, 1)) {
    const day = weekday(date);
    const ranges = overrides.get(date) ?? a.weekly.filter((r) => r.day === day);
    for (const r of ranges) {
      const start = instantOf(date, r.start, a.timeZone);
      const end = instantOf(date, r.end, a.timeZone);
      if (end > start && end > from && start < to) raw.push({ start, end });
    }
  }
  raw.sort((x, y) => x.start - y.start);
  const out: { start: number; end: number }[] = [];
  for (const r of raw) {
    const prev = out.at(-1);
    if (prev && r.start <= prev.end) prev.end = Math.max(prev.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** The grid's starts in [from, to) whose interview ends by `to`. */
function gridStarts(req: OfferRequest): number[] {
  const step = (req.stepMinutes ?? GRID_MINUTES) * MINUTE;
  const duration = req.durationMinutes * MINUTE;
  const out: number[] = [];
  for (let s = Math.ceil(req.from / step) * step; s + duration <= req.to; s += step) out.push(s);
  return out;
}

/**
 * For each of the ascending `starts`, whether the member may take an interview then. One sweep
 * over starts, available intervals and busy times together (not starts × busy), so 2,000 busy
 * events cost little more than 20.
 */
function memberFreeAt(m: MemberSchedule, starts: number[], durationMinutes: number, now: number): boolean[] {
  const a = m.availability;
  const duration = durationMinutes * MINUTE;
  const out = new Array<boolean>(starts.length).fill(false);
  if (!starts.length) return out;
  const first = starts[0]!;
  const lastEnd = starts.at(-1)! + duration;
  const ranges = availableIntervals(a, first, lastEnd);
  const busy = blockedSpans(m, duration, first, lastEnd);
  const earliest = now + a.minimumNoticeMinutes * MINUTE;
  const fullDays = fullDaysOf(m);
  let r = 0;
  let b = 0;
  // The furthest blocked point among busy times whose blocked span opens before the current start.
  let blockedUntil = -Infinity;
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    if (s < earliest) continue;
    while (r < ranges.length && ranges[r]!.end < s + duration) r++;
    if (r >= ranges.length) break;
    if (ranges[r]!.start > s) continue;
    while (b < busy.length && busy[b]!.from < s) blockedUntil = Math.max(blockedUntil, busy[b++]!.until);
    if (blockedUntil > s) continue;
    if (fullDays && fullDays.has(dateIn(s, a.timeZone))) continue;
    out[i] = true;
  }
  return out;
}

/**
 * Each busy time as the span of starts it blocks, (from, until), among [first, lastEnd), in
 * order: a calendar event [b0, b1) blocks (b0 − duration − bufferAfter, b1 + bufferBefore), an
 * interview the same with the larger buffer on both sides.
 */
function blockedSpans(m: MemberSchedule, duration: number, first: number, lastEnd: number): { from: number; until: number }[] {
  const before = m.availability.bufferBeforeMinutes * MINUTE;
  const after = m.availability.bufferAfterMinutes * MINUTE;
  const gap = Math.max(before, after);
  return [...m.busy.map((b) => ({ from: b.start - duration - after, until: b.end + before })), ...m.interviews.map((b) => ({ from: b.start - duration - gap, until: b.end + gap }))]
    .filter((b) => b.until > first && b.from < lastEnd)
    .sort((x, y) => x.from - y.from);
}

/** The local dates that already hold the cap's number of interviews (null: none, so no start needs its date read). */
function fullDaysOf(m: MemberSchedule): Set<string> | null {
  const { maxInterviewsPerDay: cap, timeZone } = m.availability;
  if (cap === null) return null;
  const perDay = new Map<string, number>();
  for (const i of m.interviews) {
    const d = dateIn(i.start, timeZone);
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  const full = [...perDay].filter(([, n]) => n >= cap).map(([d]) => d);
  return full.length ? new Set(full) : null;
}

export interface Offer {
  start: number;
  /** Pool members free at this start, in the pool's order (empty without a pool). */
  poolFree: number[];
}

/**
 * Starts to offer: every required member is free and, with a pool, at least one pool member.
 * A panel's optional members do not decide; they are invited when free at booking.
 */
export function offerStarts(req: OfferRequest, who: { required: MemberSchedule[]; pool?: MemberSchedule[] }): Offer[] {
  const starts = gridStarts(req);
  const required = who.required.map((m) => memberFreeAt(m, starts, req.durationMinutes, req.now));
  const pool = (who.pool ?? []).map((m) => ({ userId: m.userId, free: memberFreeAt(m, starts, req.durationMinutes, req.now) }));
  const out: Offer[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (!required.every((f) => f[i])) continue;
    const poolFree = pool.filter((p) => p.free[i]).map((p) => p.userId);
    if (who.pool?.length && !poolFree.length) continue;
    if (!who.required.length && !who.pool?.length) continue;
    out.push({ start: starts[i]!, poolFree });
  }
  return out;
}

/** Whether one start may be booked now by the same rules (the booking transaction's check). */
export function startAllowed(m: MemberSchedule, start: number, durationMinutes: number, now: number): boolean {
  return memberFreeAt(m, [start], durationMinutes, now)[0]!;
}
