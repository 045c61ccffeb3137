import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { campaignClicks, campaigns, jobs } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { param, preparedQuery } from "../../db/prepared";

export type JobRow = typeof jobs.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;

export function listJobs(db: DB, workspaceId: number): JobRow[] {
  return db.select().from(jobs).where(inWorkspace(jobs, workspaceId)).orderBy(desc(jobs.id)).all();
}

/** Every job's id, title and client, newest first: the few fields a list of names needs (2,000 jobs in a few ms). */
export function jobNames(db: DB, workspaceId: number) {
  return db.$client
    .query<{ id: number; title: string; clientId: number | null }, [number]>("SELECT id, title, client_id AS clientId FROM jobs WHERE workspace_id = ?1 ORDER BY id DESC")
    .all(workspaceId);
}

/** The newest `limit` jobs' id, title and location: what the dashboard's list of jobs shows, nothing else. */
export function jobListItems(db: DB, workspaceId: number, limit: number) {
  return db.$client
    .query<{ id: number; title: string; location: string | null }, [number, number]>("SELECT id, title, location FROM jobs WHERE workspace_id = ?1 ORDER BY id DESC LIMIT ?2")
    .all(workspaceId, limit);
}

/** Every job's id (read from jobs_workspace_idx alone). */
export function jobIds(db: DB, workspaceId: number): number[] {
  return db.$client
    .query<{ id: number }, [number]>("SELECT id FROM jobs WHERE workspace_id = ?1")
    .all(workspaceId)
    .map((r) => r.id);
}

// Read on every visit of a campaign link (public pages): prepared once, see db/prepared.ts.
const jobById = preparedQuery((db) =>
  db
    .select()
    .from(jobs)
    .where(inWorkspace(jobs, param("workspaceId"), eq(jobs.id, param("id"))))
    .prepare(),
);
export function findJob(db: DB, workspaceId: number, id: number): JobRow | undefined {
  return jobById(db).get({ workspaceId, id });
}

export type JobInsert = Omit<typeof jobs.$inferInsert, "id" | "workspaceId">;
export type JobSet = Partial<Omit<JobRow, "id" | "workspaceId" | "createdAt">>;

export function insertJob(db: DB | Tx, workspaceId: number, v: JobInsert): JobRow {
  return db
    .insert(jobs)
    .values({ ...v, workspaceId })
    .returning()
    .get();
}

export function updateJob(db: DB | Tx, workspaceId: number, id: number, set: JobSet): JobRow | undefined {
  if (!Object.keys(set).length)
    return db
      .select()
      .from(jobs)
      .where(inWorkspace(jobs, workspaceId, eq(jobs.id, id)))
      .get();
  return db
    .update(jobs)
    .set(set)
    .where(inWorkspace(jobs, workspaceId, eq(jobs.id, id)))
    .returning()
    .get();
}

/** Deletes the job; its campaigns go with it (ON DELETE CASCADE, foreign keys are on). */
export function deleteJob(db: DB | Tx, workspaceId: number, id: number): boolean {
  return (
    db
      .delete(jobs)
      .where(inWorkspace(jobs, workspaceId, eq(jobs.id, id)))
      .returning({ id: jobs.id })
      .all().length > 0
  );
}

export function listCampaigns(db: DB, workspaceId: number, jobId: number): CampaignRow[] {
  return db
    .select()
    .from(campaigns)
    .where(inWorkspace(campaigns, workspaceId, eq(campaigns.jobId, jobId)))
    .orderBy(asc(campaigns.id))
    .all();
}

export function insertCampaign(db: DB | Tx, workspaceId: number, v: { jobId: number; name: string; label: string | null; description: string | null; code: string; createdAt: Date }): CampaignRow {
  return db
    .insert(campaigns)
    .values({ ...v, workspaceId })
    .returning()
    .get();
}

/** Public lookup by the code in /prequalifier?c=CODE (codes are unique across workspaces). */
const campaignByCode = preparedQuery((db) =>
  db
    .select()
    .from(campaigns)
    .where(eq(campaigns.code, param<string>("code")))
    .prepare(),
);
export function findCampaignByCode(db: DB, code: string): CampaignRow | undefined {
  return campaignByCode(db).get({ code });
}

/** Counts a visitor once per campaign: the click row and the counter change together. */
const insertClick = preparedQuery((db) =>
  db
    .insert(campaignClicks)
    .values({ campaignId: param("campaignId"), visitorId: param<string>("visitorId"), createdAt: param<Date>("at") })
    .onConflictDoNothing()
    .returning({ id: campaignClicks.campaignId })
    .prepare(),
);
const countClick = preparedQuery((db) =>
  db
    .update(campaigns)
    .set({ clickCount: sql`${campaigns.clickCount} + 1` })
    .where(eq(campaigns.id, param("campaignId")))
    .prepare(),
);
export function recordClick(db: DB, campaignId: number, visitorId: string, at: Date): boolean {
  return db.transaction(() => {
    const inserted = insertClick(db).all({ campaignId, visitorId, at }).length > 0;
    if (inserted) countClick(db).run({ campaignId });
    return inserted;
  });
}

export function findCampaign(db: DB, workspaceId: number, jobId: number, id: number): CampaignRow | undefined {
  return db
    .select()
    .from(campaigns)
    .where(inWorkspace(campaigns, workspaceId, and(eq(campaigns.jobId, jobId), eq(campaigns.id, id))))
    .get();
}

/** The published jobs of a workspace that are not closed (the careers site filters validThrough itself). */
export function publishedJobs(db: DB, workspaceId: number): JobRow[] {
  return db
    .select()
    .from(jobs)
    .where(inWorkspace(jobs, workspaceId, and(eq(jobs.published, true), isNull(jobs.closedAt))))
    .orderBy(desc(jobs.publishedAt), desc(jobs.id))
    .all();
}
