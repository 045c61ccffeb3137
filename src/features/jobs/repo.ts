import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { campaignClicks, campaigns, jobs } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

export type JobRow = typeof jobs.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;

export function listJobs(db: DB, workspaceId: number): JobRow[] {
  return db.select().from(jobs).where(inWorkspace(jobs, workspaceId)).orderBy(desc(jobs.id)).all();
}

export function findJob(db: DB, workspaceId: number, id: number): JobRow | undefined {
  return db.select().from(jobs).where(inWorkspace(jobs, workspaceId, eq(jobs.id, id))).get();
}

export function insertJob(db: DB, workspaceId: number, v: { title: string; description: string | null; location: string | null; createdAt: Date }): JobRow {
  return db.insert(jobs).values({ ...v, workspaceId }).returning().get();
}

/** Deletes the job; its campaigns go with it (ON DELETE CASCADE, foreign keys are on). */
export function deleteJob(db: DB, workspaceId: number, id: number): boolean {
  return db.delete(jobs).where(inWorkspace(jobs, workspaceId, eq(jobs.id, id))).returning({ id: jobs.id }).all().length > 0;
}

export function listCampaigns(db: DB, workspaceId: number, jobId: number): CampaignRow[] {
  return db.select().from(campaigns).where(inWorkspace(campaigns, workspaceId, eq(campaigns.jobId, jobId))).orderBy(asc(campaigns.id)).all();
}

export function insertCampaign(db: DB, workspaceId: number, v: { jobId: number; name: string; label: string | null; description: string | null; code: string; createdAt: Date }): CampaignRow {
  return db.insert(campaigns).values({ ...v, workspaceId }).returning().get();
}

/** Public lookup by the code in /prequalifier?c=CODE (codes are unique across workspaces). */
export function findCampaignByCode(db: DB, code: string): CampaignRow | undefined {
  return db.select().from(campaigns).where(eq(campaigns.code, code)).get();
}

/** Counts a visitor once per campaign: the click row and the counter change together. */
export function recordClick(db: DB, campaignId: number, visitorId: string, at: Date): boolean {
  return db.transaction((tx) => {
    const inserted = tx.insert(campaignClicks).values({ campaignId, visitorId, createdAt: at }).onConflictDoNothing().returning({ id: campaignClicks.campaignId }).all().length > 0;
    if (inserted) tx.update(campaigns).set({ clickCount: sql`${campaigns.clickCount} + 1` }).where(eq(campaigns.id, campaignId)).run();
    return inserted;
  });
}

export function findCampaign(db: DB, workspaceId: number, jobId: number, id: number): CampaignRow | undefined {
  return db.select().from(campaigns).where(inWorkspace(campaigns, workspaceId, and(eq(campaigns.jobId, jobId), eq(campaigns.id, id)))).get();
}
