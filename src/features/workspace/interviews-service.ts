import type { Deps } from "../../deps";
import type { WorkspaceDeps } from "./needs";
import { badRequest } from "../../lib/errors";
import { openFlagsByMeeting } from "../scheduling/service";
import { listMeetingsForCalendar } from "../scheduling/meetings-for-calendar";
import { getSettings } from "../visitors/settings-service";
import { addDays, isDay, isTimeZone, localParts, mondayOf } from "./week";
import { INTERVIEW_STATUSES } from "./model";

const PAST_LIMIT = 20;
const UPCOMING_LIMIT = 50;

export interface InterviewItem {
  id: string;
  title: string;
  candidateName: string | null;
  interviewer: string;
  interviewerId: number;
  status: string;
  start: string;
  end: string;
  /** Day and clock times in the viewer's zone. */
  day: string;
  startTime: string;
  endTime: string;
  /** What a calendar said that needs a look (declined, clash, moved or deleted there). */
  flags: { kind: string; message: string }[];
}

interface InterviewsQuery {
  week?: string;
  tz?: string;
  interviewer?: string;
  status?: string;
}

function pick(q: Record<string, unknown>, k: string): string | undefined {
  const v = q[k];
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

/**
 * The zone to show times in: ?tz=, else the viewer's own (their profile, issue 41), else the
 * workspace's intro-call zone, else UTC. Never a session's zone: that is the candidate's.
 */
function viewerZone(deps: Deps, workspaceId: number, asked: string | undefined, viewer: { timeZone?: string | null }): string {
  if (asked) {
    if (!isTimeZone(asked)) throw badRequest("Unknown time zone", { tz: "Unknown time zone" });
    return asked;
  }
  if (viewer.timeZone && isTimeZone(viewer.timeZone)) return viewer.timeZone;
  const site = getSettings(deps, workspaceId).timeZone;
  return site && isTimeZone(site) ? site : "UTC";
}

/** Everything /interviews shows: the week, the agenda (today, upcoming, past), the filters and the pending sessions. */
export function loadInterviews(deps: WorkspaceDeps, workspaceId: number, query: Record<string, unknown>, viewer: { timeZone?: string | null } = {}) {
  const q: InterviewsQuery = { week: pick(query, "week"), tz: pick(query, "tz"), interviewer: pick(query, "interviewer"), status: pick(query, "status") };
  if (q.week && !isDay(q.week)) throw badRequest("The week must be a date: YYYY-MM-DD", { week: "The week must be a date: YYYY-MM-DD" });
  if (q.status && !(INTERVIEW_STATUSES as readonly string[]).includes(q.status)) throw badRequest(`Status must be one of: ${INTERVIEW_STATUSES.join(", ")}`, { status: "Unknown status" });
  const interviewerId = q.interviewer ? Number(q.interviewer) : undefined;
  if (q.interviewer && !(Number.isInteger(interviewerId) && interviewerId! > 0)) throw badRequest("Unknown interviewer", { interviewer: "Unknown interviewer" });

  const now = deps.clock.now();
  const sessions = deps.scheduling.listSessions(workspaceId);
  const tz = viewerZone(deps, workspaceId, q.tz, viewer);
  const today = localParts(now, tz).day;
  const weekStart = mondayOf(q.week ?? today);
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

  // A local week spans at most 14 hours either side of its UTC dates.
  const from = new Date(Date.parse(`${weekStart}T00:00:00Z`) - 15 * 3600_000);
  const to = new Date(Date.parse(`${addDays(weekStart, 7)}T00:00:00Z`) + 15 * 3600_000);
  // The agenda needs every meeting (today, upcoming, past), so one read serves both views.
  const all = listMeetingsForCalendar(deps, { workspaceId });
  const interviewers = [...new Map(all.map((m) => [m.recruiterUserId, m.recruiterName || m.recruiterEmail])).entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const flags = openFlagsByMeeting(
    deps,
    all.map((m) => m.id),
  );
  const items: InterviewItem[] = all
    .filter((m) => (!interviewerId || m.recruiterUserId === interviewerId) && (!q.status || m.status === q.status))
    .map((m) => {
      const s = localParts(m.start, tz);
      return {
        id: m.publicId,
        title: m.title,
        candidateName: m.candidateName,
        interviewer: m.recruiterName || m.recruiterEmail,
        interviewerId: m.recruiterUserId,
        status: m.status,
        start: m.start.toISOString(),
        end: m.end.toISOString(),
        day: s.day,
        startTime: s.time,
        endTime: localParts(m.end, tz).time,
        flags: flags.get(m.id) ?? [],
      };
    })
    .sort((a, b) => a.start.localeCompare(b.start));

  const inWeek = items.filter((i) => i.start >= from.toISOString() && i.start < to.toISOString() && days.includes(i.day));
  const nowIso = now.toISOString();
  return {
    tz,
    today,
    weekStart,
    prevWeek: addDays(weekStart, -7),
    nextWeek: addDays(weekStart, 7),
    filters: { interviewer: interviewerId ?? null, status: q.status ?? null, week: q.week ?? null, tzAsked: q.tz ?? null },
    interviewers,
    days: days.map((day) => ({ day, items: inWeek.filter((i) => i.day === day) })),
    agenda: {
      today: items.filter((i) => i.day === today),
      upcoming: items.filter((i) => i.day > today && i.start > nowIso).slice(0, UPCOMING_LIMIT),
      past: items
        .filter((i) => i.day < today)
        .reverse()
        .slice(0, PAST_LIMIT),
    },
    sessions: sessions
      .filter((s) => s.state === "pending" || s.state === "expired")
      .map((s) => ({ id: s.id, title: s.title, candidate: `${s.candidate.firstName} ${s.candidate.lastName}`.trim(), state: s.state, bookableSlots: s.bookableSlots, expiresAt: s.expiresAt })),
  };
}

export type InterviewsData = ReturnType<typeof loadInterviews>;
