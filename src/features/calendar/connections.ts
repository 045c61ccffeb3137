import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { can } from "../auth/permissions";
import * as repo from "./repo";
import { revokedNotice } from "./connection";
import * as cache from "./repo-cache";
import { connectionState, receivingCalendarId, syncCalendar, syncMember } from "./cache-sync";
import { pushAvailable } from "./push";
import { renewChannelsJob } from "./work";
import { cachedBusy } from "./hooks";
import { listMeetingsForCalendar } from "../scheduling/meetings-for-calendar";
import type { BusyAnswer, Connection, PatchConnectionInput } from "./model-connections";

/**
 * The API of calendars that count (decision 32): a member's connection with its calendars,
 * which count as busy and which one receives interviews, its sync state, sync now, and the
 * busy times Frank works from. A connection's id is its member's user id (one per member).
 */
const notFound = () => new AppError("not_found", 404, "Calendar connection not found");

export function connectionOf(deps: Deps, userId: number): Connection | null {
  const a = repo.findAccount(deps.db, userId);
  if (!a?.connected) return droppedConnection(deps, userId);
  const receiving = receivingCalendarId(deps, userId);
  const s = connectionState(deps, userId);
  return {
    id: userId,
    provider: a.provider,
    accountEmail: a.email ?? "",
    calendars: cache.calendarsOf(deps.db, userId).map((c) => ({ id: c.calendarId, name: c.name, checkConflicts: c.checkConflicts, receivesInterviews: c.calendarId === receiving })),
    state: s.state,
    lastSyncedAt: s.lastSyncedAt?.toISOString() ?? null,
    error: s.error,
  };
}

/**
 * A connection Google stopped accepting (grant revoked or expired) is gone, but the member sees it
 * in the error state with the reason until they connect again.
 */
function droppedConnection(deps: Deps, userId: number): Connection | null {
  const notice = repo.findNotice(deps.db, userId);
  if (!notice) return null;
  return { id: userId, provider: notice.provider === "microsoft" ? "microsoft" : "google", accountEmail: notice.email ?? "", calendars: [], state: "error", lastSyncedAt: null, error: notice.reason };
}

export function listConnections(deps: Deps, userId: number): { connections: Connection[] } {
  const c = connectionOf(deps, userId);
  return { connections: c ? [c] : [] };
}

const own = (deps: Deps, me: { id: number }, id: number) => {
  if (id !== me.id || !repo.findAccount(deps.db, id)?.connected) throw notFound();
};

/** Chooses the calendars that count as busy and the one receiving interviews; a newly checked calendar is read at once. */
export async function patchConnection(deps: Deps, me: { id: number }, id: number, input: PatchConnectionInput): Promise<Connection> {
  own(deps, me, id);
  const known = new Set(cache.calendarsOf(deps.db, id).map((c) => c.calendarId));
  const unknown = [...(input.calendars ?? []).map((c) => c.id), ...(input.interviewCalendarId ? [input.interviewCalendarId] : [])].find((x) => !known.has(x));
  if (unknown !== undefined) throw badRequest("Please choose one of your calendars", { calendars: "Please choose one of your calendars" });
  const before = new Set(
    cache
      .calendarsOf(deps.db, id)
      .filter((c) => c.checkConflicts)
      .map((c) => c.calendarId),
  );
  // The choice and the channels' renewal commit together, before anything is read from outside.
  deps.db.transaction((tx) => {
    if (input.calendars) cache.setCheckConflicts(tx, id, input.calendars);
    if (input.interviewCalendarId) repo.setPrimaryCalendar(tx, id, input.interviewCalendarId);
    if (pushAvailable(deps)) renewChannelsJob.enqueue(tx, {});
  });
  // What now counts and was not read before is read before answering (bounded like sync now),
  // and push channels follow the calendars read (opened for the new ones, stopped for the others).
  const fresh = cache.calendarsOf(deps.db, id).filter((c) => c.checkConflicts && (!before.has(c.calendarId) || !c.lastSyncedAt));
  // Bounded and best effort: the choice is saved; a read that fails (the calendar, or another
  // process's write lock) shows on the connection's state and the next sync reads again.
  if (fresh.length) await withinSeconds(10, Promise.allSettled(fresh.map((c) => syncCalendar(deps, id, c.calendarId))));
  if (!repo.findAccount(deps.db, id)?.connected) throw new AppError("not_connected", 409, revokedNotice(repo.findNotice(deps.db, id)?.provider === "microsoft" ? "microsoft" : "google"));
  return connectionOf(deps, id)!;
}

/** Sync now: answers when the sync is done, or after 10 s (it goes on in the background). */
export async function syncNow(deps: Deps, me: { id: number }, id: number): Promise<Connection> {
  own(deps, me, id);
  await withinSeconds(10, syncMember(deps, id));
  // Google may have refused the grant during the sync: the connection is gone (with its notice).
  if (!repo.findAccount(deps.db, id)?.connected) throw new AppError("not_connected", 409, revokedNotice(repo.findNotice(deps.db, id)?.provider === "microsoft" ? "microsoft" : "google"));
  return connectionOf(deps, id)!;
}

function withinSeconds(s: number, p: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([p.then(() => {}), new Promise<void>((r) => (timer = setTimeout(r, s * 1000)))]).finally(() => clearTimeout(timer));
}

/** GET /api/calendar/busy: one's own busy times, or (owners and admins) any member's of the workspace. */
export function busyTimes(deps: Deps, me: { id: number; workspaceId: number; role: string }, q: { from: Date; to: Date; userId?: number }): BusyAnswer {
  const userId = q.userId ?? me.id;
  if (userId !== me.id) {
    const other = repo.findAccount(deps.db, userId);
    if (!other || other.workspaceId !== me.workspaceId) throw new AppError("not_found", 404, "Member not found");
    if (!can(me, "members.update")) throw new AppError("forbidden", 403, "You do not have permission to do this.");
  }
  if (!(q.to > q.from)) throw badRequest("to must be after from", { to: "to must be after from" });
  if (q.to.getTime() - q.from.getTime() > 366 * 86_400_000) throw badRequest("At most a year at a time", { to: "At most a year at a time" });
  const calendar = cachedBusy(deps, userId, q.from, q.to).map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString(), calendarId: b.calendarId, source: "calendar" as const }));
  const receiving = receivingCalendarId(deps, userId);
  const frank = listMeetingsForCalendar(deps, { workspaceId: me.workspaceId, userId })
    .filter((m) => m.status === "scheduled" && m.start < q.to && m.end > q.from)
    .map((m) => ({ start: m.start.toISOString(), end: m.end.toISOString(), calendarId: receiving, source: "frank" as const }));
  return { busy: [...calendar, ...frank].sort((a, b) => a.start.localeCompare(b.start)) };
}
