import type { Deps } from "../../deps";
import type { DB } from "../../db/client";
import * as repo from "./repo";
import { requirePermission } from "./permissions";

type Db = Parameters<typeof repo.insertActivity>[0];

export interface ActivityEntry {
  workspaceId: number;
  userId: number | null;
  action: string;
  objectType: string;
  objectId?: string | number | null;
  summary?: string | null;
}

/** Writes one line of the workspace's activity log, in the caller's transaction when it passes one. */
export function recordActivity(deps: Deps, db: Db | DB, e: ActivityEntry) {
  repo.insertActivity(db, {
    workspaceId: e.workspaceId,
    userId: e.userId,
    action: e.action,
    objectType: e.objectType,
    objectId: e.objectId == null ? null : String(e.objectId),
    summary: e.summary ?? null,
    createdAt: deps.clock.now(),
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

/** GET /api/workspace/activity: newest first, filterable by member and action, paged by `before`. */
export function listActivity(deps: Deps, me: { role: string; workspaceId: number }, f: { memberId?: number; action?: string; before?: number; limit?: number }): { activity: ActivityItem[]; nextBefore: number | null } {
  requirePermission(me, "activity.read");
  const limit = Math.min(Math.max(f.limit ?? 50, 1), 200);
  const rows = repo.listActivity(deps.db, me.workspaceId, { userId: f.memberId, action: f.action, before: f.before, limit });
  return {
    activity: rows.map((r) => ({
      id: r.id,
      member: r.userId != null && r.memberEmail ? { id: r.userId, name: r.memberName, email: r.memberEmail } : null,
      action: r.action,
      object: { type: r.objectType, id: r.objectId },
      summary: r.summary,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length === limit ? rows.at(-1)!.id : null,
  };
}
