import type { Deps } from "../../deps";
import { memberZone } from "../../lib/time-zone";
import { requirePermission } from "../auth/permissions";
import { requireWorkspaceMember } from "../auth/members";
import { workspaceZone } from "../auth/workspace-site";
import { recordEvent, type Actor } from "../events/record";
import type { AvailabilityInput } from "./availability-model";
import { type Availability, DEFAULT_AVAILABILITY } from "./offer-slots";
import * as repo from "./repo-member-availability";

/**
 * Members' availability (issue 36 item 1): one's own, or any member's for owners and admins.
 * A member without a saved row has the defaults in their profile's zone, else the workspace's.
 */

interface Member {
  id: number;
  role: string;
  workspaceId: number;
}

const toAvailability = (row: repo.AvailabilityRow): Availability => ({
  timeZone: row.timeZone,
  weekly: row.weekly,
  overrides: row.overrides,
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
  minimumNoticeMinutes: row.minimumNoticeMinutes,
  maxInterviewsPerDay: row.maxInterviewsPerDay,
});

/** The availability of these members of a workspace (the defaults for those with none saved), by user id. */
export function availabilityOf(deps: Deps, workspaceId: number, userIds: number[]): Map<number, Availability> {
  const rows = new Map(repo.availabilityRows(deps.db, userIds).map((r) => [r.userId, r]));
  const out = new Map<number, Availability>();
  let fallback: string | undefined;
  for (const id of userIds) {
    const row = rows.get(id);
    if (row) out.set(id, toAvailability(row));
    else {
      // A member who never signed in has no zone: their default hours are the workspace's (issue 60).
      const member = requireWorkspaceMember(deps, workspaceId, id, "Interviewer not found");
      fallback ??= workspaceZone(deps, workspaceId);
      out.set(id, DEFAULT_AVAILABILITY(memberZone({ timeZone: member.timeZone, workspaceTimeZone: fallback })));
    }
  }
  return out;
}

/** Whose availability a request reads or writes: one's own, another member's only for owners and admins (404 outside the workspace). */
function subject(deps: Deps, me: Member, userId: number | undefined) {
  if (userId === undefined || userId === me.id) return requireWorkspaceMember(deps, me.workspaceId, me.id);
  requirePermission(me, "members.update");
  return requireWorkspaceMember(deps, me.workspaceId, userId);
}

export function getAvailability(deps: Deps, me: Member, userId?: number): Availability {
  const member = subject(deps, me, userId);
  return availabilityOf(deps, me.workspaceId, [member.id]).get(member.id)!;
}

/** Saves the fields sent; those left out keep their current values. Sorted, so the answer reads like a week. */
export function putAvailability(deps: Deps, me: Member, actor: Actor, input: AvailabilityInput, userId?: number): Availability {
  const member = subject(deps, me, userId);
  const current = availabilityOf(deps, me.workspaceId, [member.id]).get(member.id)!;
  const next: Availability = {
    timeZone: input.timeZone ?? current.timeZone,
    weekly: (input.weekly ?? current.weekly).map(({ day, start, end }) => ({ day, start, end })).sort((a, b) => a.day - b.day || a.start.localeCompare(b.start)),
    overrides: (input.overrides ?? current.overrides)
      .map((o) => ({ date: o.date, ranges: o.ranges.map(({ start, end }) => ({ start, end })).sort((a, b) => a.start.localeCompare(b.start)) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    bufferBeforeMinutes: input.bufferBeforeMinutes ?? current.bufferBeforeMinutes,
    bufferAfterMinutes: input.bufferAfterMinutes ?? current.bufferAfterMinutes,
    minimumNoticeMinutes: input.minimumNoticeMinutes ?? current.minimumNoticeMinutes,
    maxInterviewsPerDay: input.maxInterviewsPerDay === undefined ? current.maxInterviewsPerDay : input.maxInterviewsPerDay,
  };
  deps.db.transaction((tx) => {
    repo.saveAvailability(tx, { userId: member.id, workspaceId: me.workspaceId, availability: next, now: deps.clock.now() });
    recordEvent(deps, tx, {
      workspaceId: me.workspaceId,
      actor,
      subject: { type: "member", id: member.id },
      kind: "availability.changed",
      summary: member.id === me.id ? "Own availability" : `Availability of ${member.name ?? member.email}`,
      data: { fields: Object.keys(input) },
    });
  });
  return next;
}
