import { and, eq, gte, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantStats, participants } from "../../db/schema";
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
  const r = db.select({ at: sql<number | null>`max(${participants.lastUpdated})` }).from(participants).where(inWorkspace(participants, workspaceId)).get();
  return r?.at ?? null;
}

/** Whole-workspace figures from participant_stats (kept by triggers): a few hundred rows at most per month. */
export function statsFromSummary(db: DB, workspaceId: number, sinceDay: number): StatsRows {
  // A year of days × buckets is tens of thousands of summary rows: read once per change.
  return summaries.get(db, `${workspaceId}|${sinceDay}`, () => readSummary(db, workspaceId, sinceDay));
}

const summaries = new StampCache<StatsRows>(200, participantsVersion);

function readSummary(db: DB, workspaceId: number, sinceDay: number): StatsRows {
  const ws = eq(participantStats.workspaceId, workspaceId);
  const n = sql<number>`sum(${participantStats.n})`;
  const byRole = db.select({ key: participantStats.roleCategory, count: n }).from(participantStats).where(ws).groupBy(participantStats.roleCategory).all();
  const byLocation = db.select({ key: participantStats.locationCategory, count: n }).from(participantStats).where(ws).groupBy(participantStats.locationCategory).all();
  const perDay = db
    .select({ day: participantStats.day, count: n })
    .from(participantStats)
    .where(and(ws, gte(participantStats.day, sinceDay)))
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
  const last = db.select({ at: sql<number | null>`max(${participants.lastUpdated})` }).from(participants).where(where).get()?.at ?? null;
  return { total: byRole.reduce((s, r) => s + r.count, 0), byRole, byLocation, perDay, lastUpdated: last };
}
