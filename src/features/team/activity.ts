import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent } from "../events/record";
import { activityLog } from "../events/views";
import { requirePermission } from "../auth/permissions";

export interface ActivityEntry {
  workspaceId: number;
  userId: number | null;
  action: string;
  objectType: string;
  objectId?: string | number | null;
  summary?: string | null;
}

/** A member's change to the team, as an event (decision 0029), in the change's transaction. */
export function recordActivity(deps: Deps, tx: Tx, e: ActivityEntry) {
  recordEvent(deps, tx, {
    workspaceId: e.workspaceId,
    actor: e.userId ? { userId: e.userId } : "system",
    subject: { type: e.objectType, id: e.objectId ?? null },
    kind: e.action,
    summary: e.summary ?? null,
  });
}

export interface ActivityItem {
  id: number;
  member: { id: number; name: string | null; email: string } | null;
  action: string;
  object: { type: string; id: string | null };
  summary: string | null;
  createdAt: string;
}

/** GET /api/workspace/activity: newest first, filterable by member and action, paged by `before`. A view of the events. */
export function listActivity(
  deps: Deps,
  me: { role: string; workspaceId: number },
  f: { memberId?: number; action?: string; before?: number; limit?: number },
): { activity: ActivityItem[]; nextBefore: number | null } {
  requirePermission(me, "activity.read");
  const limit = Math.min(Math.max(f.limit ?? 50, 1), 200);
  const rows = activityLog(deps, me.workspaceId, { userId: f.memberId, kind: f.action, before: f.before, limit });
  return {
    activity: rows.map((r) => ({
      id: r.id,
      member: r.userId != null && r.memberEmail ? { id: r.userId, name: r.memberName, email: r.memberEmail } : null,
      action: r.kind,
      object: { type: r.subjectType, id: r.subjectId },
      summary: r.summary,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length === limit ? rows.at(-1)!.id : null,
  };
}
