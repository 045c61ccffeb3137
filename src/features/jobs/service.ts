import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../lib/errors";
import { clientNames } from "./client-names";
import { randomToken } from "../../lib/crypto";
import * as repo from "./repo";
import { recordEvent, type Actor } from "../events/record";
import type { Campaign, CreateCampaign, CreateJob, Job, UpdateJob } from "./model";
import { isOpen, postingColumns, splitPosting, toPosting } from "./posting";
import { findUserById } from "../auth/service";

export type { Campaign, Job } from "./model";

const toJob = (r: repo.JobRow, names: Map<number, string>, now: Date): Job => {
  const name = r.clientId ? names.get(r.clientId) : undefined;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    location: r.location,
    clientId: r.clientId,
    client: r.clientId && name !== undefined ? { id: r.clientId, name } : null,
    createdAt: r.createdAt.toISOString(),
    ...toPosting(r, now),
  };
};

/** The owner told of applications must be a member of the workspace. */
function checkOwner(deps: Deps, workspaceId: number, ownerId: number | null | undefined): void {
  if (ownerId && findUserById(deps, ownerId)?.workspaceId !== workspaceId) throw badRequest("Member not found", { ownerId: "Member not found" });
}

/** A client of another workspace, or none, is refused like a missing one. */
function checkClient(deps: Deps, workspaceId: number, clientId: number | null | undefined): Map<number, string> {
  const names = clientNames(deps, workspaceId);
  if (clientId && !names.has(clientId)) throw badRequest("Client not found", { clientId: "Client not found" });
  return names;
}

/** The public link of a campaign: the prequalifier with the campaign code. */
function campaignUrl(deps: Deps, code: string): string {
  return `${deps.config.APP_URL}/prequalifier?c=${encodeURIComponent(code)}`;
}

function toCampaign(deps: Deps, r: repo.CampaignRow): Campaign {
  const url = campaignUrl(deps, r.code);
  return {
    id: r.id,
    jobId: r.jobId,
    name: r.name,
    label: r.label,
    description: r.description,
    code: r.code,
    campaignUrl: url,
    shortUrl: url,
    clickCount: r.clickCount,
    clicks: r.clickCount,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The workspace's jobs, newest first. */
export function listJobs(deps: Deps, workspaceId: number): Job[] {
  const names = clientNames(deps, workspaceId);
  const now = deps.clock.now();
  return repo.listJobs(deps.db, workspaceId).map((r) => toJob(r, names, now));
}

/** Every job's id, title and client (with its name), newest first, without the posting's facts: for filters and reports. */
export function jobNames(deps: Deps, workspaceId: number) {
  const names = clientNames(deps, workspaceId);
  return repo.jobNames(deps.db, workspaceId).map((j) => {
    const name = j.clientId ? names.get(j.clientId) : undefined;
    return { id: j.id, title: j.title, clientId: j.clientId, client: j.clientId && name !== undefined ? { id: j.clientId, name } : null };
  });
}

/**
 * The dashboard's Job Positions card: the newest `limit` jobs' id, title and location (no posting built),
 * every job's id (for counts) and how many there are.
 */
export function jobListItems(deps: Deps, workspaceId: number, limit: number) {
  const ids = repo.jobIds(deps.db, workspaceId);
  return { jobs: repo.jobListItems(deps.db, workspaceId, limit), ids, total: ids.length };
}

export function getJob(deps: Deps, workspaceId: number, id: number): Job {
  const row = repo.findJob(deps.db, workspaceId, id);
  if (!row) throw notFound("Job not found");
  return toJob(row, clientNames(deps, workspaceId), deps.clock.now());
}

export function createJob(deps: Deps, workspaceId: number, input: CreateJob, actor: Actor): Job {
  const names = checkClient(deps, workspaceId, input.clientId);
  checkOwner(deps, workspaceId, input.ownerId);
  const now = deps.clock.now();
  const { posting, rest } = splitPosting(input);
  // The member who made it is told of its applications unless another is named.
  const ownerId = typeof actor === "object" ? actor.userId : null;
  return deps.db.transaction((tx) => {
    const values = {
      ownerId,
      ...rest,
      clientId: input.clientId ?? null,
      description: rest.description ?? null,
      location: rest.location ?? null,
      ...postingColumns(posting, null, now),
      createdAt: now,
    };
    const job = toJob(repo.insertJob(tx, workspaceId, values), names, now);
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "job", id: job.id }, kind: "job.created", summary: job.title });
    return job;
  });
}

export function updateJob(deps: Deps, workspaceId: number, id: number, input: UpdateJob, actor: Actor): Job {
  const before = repo.findJob(deps.db, workspaceId, id);
  if (!before) throw notFound("Job not found");
  const names = checkClient(deps, workspaceId, input.clientId);
  checkOwner(deps, workspaceId, input.ownerId);
  const now = deps.clock.now();
  const { posting, rest } = splitPosting(input);
  const set = { ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)), ...postingColumns(posting, before, now) };
  if (Object.keys(set).length) set.updatedAt = now;
  return deps.db.transaction((tx) => {
    const job = toJob(repo.updateJob(tx, workspaceId, id, set)!, names, now);
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "job", id }, kind: "job.updated", summary: job.title, data: { fields: Object.keys(set) } });
    return job;
  });
}

/** The jobs of one client, or all with their client (the clients feature reads them through its port). */
export function jobsOfClient(deps: Deps, workspaceId: number, clientId: number | null) {
  return repo
    .listJobs(deps.db, workspaceId)
    .filter((j) => clientId === null || j.clientId === clientId)
    .map((j) => ({ id: j.id, title: j.title, location: j.location, clientId: j.clientId }));
}

/** Deletes a job and its campaign links. */
export function deleteJob(deps: Deps, workspaceId: number, id: number, actor: Actor): void {
  deps.db.transaction((tx) => {
    if (!repo.deleteJob(tx, workspaceId, id)) throw notFound("Job not found");
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "job", id }, kind: "job.deleted" });
  });
}

export function listCampaigns(deps: Deps, workspaceId: number, jobId: number): Campaign[] {
  getJob(deps, workspaceId, jobId);
  return repo.listCampaigns(deps.db, workspaceId, jobId).map((c) => toCampaign(deps, c));
}

/** A campaign gets a random URL-safe code (96 bits): links cannot be guessed or enumerated. */
export function createCampaign(deps: Deps, workspaceId: number, jobId: number, input: CreateCampaign, actor: Actor): Campaign {
  getJob(deps, workspaceId, jobId);
  const row = deps.db.transaction((tx) => {
    const row = repo.insertCampaign(tx, workspaceId, { jobId, ...input, code: randomToken(12), createdAt: deps.clock.now() });
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "campaign", id: row.id }, kind: "campaign.created", summary: row.name, data: { jobId } });
    return row;
  });
  return toCampaign(deps, row);
}

/** For the public prequalifier: the campaign (with its workspace and job) behind a code, or null. */
export function findCampaignByCode(deps: Deps, code: string | null | undefined) {
  if (!code || code.length > 64) return null;
  const row = repo.findCampaignByCode(deps.db, code);
  if (!row) return null;
  const job = repo.findJob(deps.db, row.workspaceId, row.jobId);
  return { ...toCampaign(deps, row), workspaceId: row.workspaceId, job: job ? toJob(job, new Map(), deps.clock.now()) : null };
}

/** Counts one click per visitor and campaign; returns whether this one was counted. */
export function recordCampaignClick(deps: Deps, campaignId: number, visitorId: string): boolean {
  if (!visitorId) return false;
  return repo.recordClick(deps.db, campaignId, visitorId.slice(0, 200), deps.clock.now());
}

/** The careers site's jobs: published, not closed and not past their closing date, newest first (with their client's name). */
export function openJobs(deps: Deps, workspaceId: number): Job[] {
  const now = deps.clock.now();
  const rows = repo.publishedJobs(deps.db, workspaceId).filter((r) => isOpen(r, now));
  if (!rows.length) return [];
  const names = clientNames(deps, workspaceId);
  return rows.map((r) => toJob(r, names, now));
}

/** The source an application through a campaign link carries (issue 56): "campaign:" and the campaign's name, as a source is kept. */
export function campaignSource(deps: Deps, workspaceId: number, jobId: number, campaignId: number | null): string | null {
  const c = campaignId ? repo.findCampaign(deps.db, workspaceId, jobId, campaignId) : undefined;
  if (!c) return null;
  const name = c.name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `campaign:${name || c.id}`.slice(0, 40);
}
