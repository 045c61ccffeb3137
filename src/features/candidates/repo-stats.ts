import { and, eq, gte, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantBucketCounts, participantStats, participants } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { StampCache } from "../../db/stamp-cache";
import { conditions, participantsVersion, type JobForMatch } from "./repo";

export interface StatsRows {
  total: number;
  byRole: { key: string; count: number }[];
  byLocation: { key: string; count: number }[];
  /** Days since the epoch (UTC) with their new candidates. */
  perDay: { day: number; count: number }[];
  lastUpdated: number | null;
}

function lastUpdated(db: DB, workspaceId: number): number | null {
  // max() over the (workspace_id, last_updated) index: one seek.
  const r = db
    .select({ at: sql<number | null>`max(${participants.lastUpdated})` })
    .from(participants)
    .where(inWorkspace(participants, workspaceId))
    .get();
  return r?.at ?? null;
}

/** Whole-workspace figures from the summaries the triggers keep: a few dozen bucket rows and 30 days of day rows. */
export function statsFromSummary(db: DB, workspaceId: number, sinceDay: number): StatsRows {
  // Read once per change of the candidates.
  return summaries.get(db, `${workspaceId}|${sinceDay}`, () => readSummary(db, workspaceId, sinceDay));
}

const summaries = new StampCache<StatsRows>(200, participantsVersion);

function readSummary(db: DB, workspaceId: number, sinceDay: number): StatsRows {
  const n = sql<number>`sum(${participantBucketCounts.n})`;
  const inBuckets = eq(participantBucketCounts.workspaceId, workspaceId);
  const byRole = db.select({ key: participantBucketCounts.roleCategory, count: n }).from(participantBucketCounts).where(inBuckets).groupBy(participantBucketCounts.roleCategory).all();
  const byLocation = db.select({ key: participantBucketCounts.locationCategory, count: n }).from(participantBucketCounts).where(inBuckets).groupBy(participantBucketCounts.locationCategory).all();
  const perDay = db
    .select({ day: participantStats.day, count: sql<number>`sum(${participantStats.n})` })
    .from(participantStats)
    .where(and(eq(participantStats.workspaceId, workspaceId), gte(participantStats.day, sinceDay)))
    .groupBy(participantStats.day)
    .all();
  return { total: byRole.reduce((s, r) => s + r.count, 0), byRole, byLocation, perDay, lastUpdated: lastUpdated(db, workspaceId) };
}

/** The same figures for the candidates matching a job (§5 rule): counted live. */
export function statsForJob(db: DB, workspaceId: number, sinceDay: number, job: JobForMatch): StatsRows {
  const where = conditions(workspaceId, { job });
  const count = sql<number>`count(*)`;
  const byRole = db.select({ key: participants.roleCategory, count }).from(participants).where(where).groupBy(participants.roleCategory).all();
  const byLocation = db.select({ key: participants.locationCategory, count }).from(participants).where(where).groupBy(participants.locationCategory).all();
  const day = sql<number>`(${participants.createdAt} / 86400000)`;
  const perDay = db
    .select({ day, count })
    .from(participants)
    .where(and(where, gte(participants.createdAt, new Date(sinceDay * 86_400_000))))
    .groupBy(day)
    .all();
  const last =
    db
      .select({ at: sql<number | null>`max(${participants.lastUpdated})` })
      .from(participants)
      .where(where)
      .get()?.at ?? null;
  return { total: byRole.reduce((s, r) => s + r.count, 0), byRole, byLocation, perDay, lastUpdated: last };
}
