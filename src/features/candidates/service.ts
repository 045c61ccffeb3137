import { randomInt } from "node:crypto";
import type { CandidatesDeps } from "./application-hook";
import type { Deps } from "../../deps";
import { getJob, listCampaigns } from "../jobs/service";
import { candidateRole, matchesJob, splitName } from "./classify";
import type { Buckets } from "./buckets";
import { bucketColumns, bucketsOf, checkBucketFilter } from "./settings";
import * as repo from "./repo";
import * as list from "./repo-list";
import { participantsVersion } from "./repo-search";
import { StampCache } from "../../db/stamp-cache";
import * as statsRepo from "./repo-stats";
import * as identity from "./repo-identity";
import type { DatabaseStats, ListQuery, NewParticipant, Participant, ParticipantFields, ParticipantPage } from "./model";
import { sampleCandidates } from "./sample-data";
import { toParticipant } from "./participant-view";
import { candidateCreated, candidateChanged } from "./candidate-events";

export type { Participant, ParticipantFields } from "./model";
export { toParticipant } from "./participant-view";
export { getParticipant } from "./lookup";
import { getParticipant } from "./lookup";

const iso = (d: Date | number | null | undefined) => (d == null ? null : new Date(d).toISOString());

function jobFilter(deps: Deps, workspaceId: number, jobId: number | undefined) {
  if (!jobId) return undefined;
  const job = getJob(deps, workspaceId, jobId); // another workspace's job: 404
  return { id: job.id, title: job.title, location: job.location };
}

/** Search (FTS5), role and location buckets, the job match and pagination, newest first. */
// Whole answers of the list kept until a candidate or a shortlist changes (the counter
// repo-search.ts reads): a list polled or read by several recruiters is one lookup instead of
// reading and shaping its rows again (about 40% of the request's CPU, bench/list-cost.ts).
// A job's list is not kept: its reasons read the job and its campaigns too. Callers must not
// change what they get.
const keptPages = new StampCache<ParticipantPage>(200, (db) => participantsVersion(db));

export function listParticipants(deps: Deps, workspaceId: number, q: ListQuery = {}): ParticipantPage {
  checkBucketFilter(bucketsOf(deps, workspaceId), q.role, q.location);
  const page = Math.max(1, q.page ?? 1);
  const limit = Math.min(100, Math.max(1, q.limit ?? 20));
  if (q.jobId || q.source) return readPage(deps, workspaceId, q, page, limit);
  const key = `${workspaceId}|${page}|${limit}|${q.role ?? ""}|${q.location ?? ""}|${q.excludeShortlisted ? 1 : 0}|${q.search ?? ""}`;
  return keptPages.get(deps.db, key, () => readPage(deps, workspaceId, q, page, limit));
}

function readPage(deps: Deps, workspaceId: number, q: ListQuery, page: number, limit: number): ParticipantPage {
  const { rows, total, totalIsLowerBound } = list.listParticipants(
    deps.db,
    workspaceId,
    { search: q.search, role: q.role, location: q.location, job: jobFilter(deps, workspaceId, q.jobId), source: q.source, excludeShortlisted: q.excludeShortlisted },
    page,
    limit,
  );
  const participants = rows.map(toParticipant);
  if (q.jobId) explainJobMatches(deps, workspaceId, q.jobId, participants);
  const out: ParticipantPage = { participants, pagination: totalIsLowerBound ? { total, page, limit, totalIsLowerBound } : { total, page, limit } };
  // A search whose matches are all in shortlists must say so, not "No candidates found".
  if (q.excludeShortlisted && q.search) {
    const all = list.listParticipants(deps.db, workspaceId, { search: q.search, role: q.role, location: q.location, job: jobFilter(deps, workspaceId, q.jobId) }, 1, 1).total;
    out.shortlistedMatches = Math.max(0, all - total);
  }
  return out;
}

/**
 * A job's list also holds everyone who applied through one of its campaign links, whatever
 * role they typed: such rows say so, or a recruiter sees an unrelated role without a reason.
 */
function explainJobMatches(deps: Deps, workspaceId: number, jobId: number, rows: Participant[]) {
  const job = getJob(deps, workspaceId, jobId);
  const unexplained = rows.filter((p) => p.jobId === job.id && !matchesJob(job, p));
  if (!unexplained.length) return;
  const campaigns = new Map(listCampaigns(deps, workspaceId, job.id).map((c) => [c.id, c.name]));
  for (const p of unexplained) {
    const name = p.campaignId ? campaigns.get(p.campaignId) : undefined;
    p.matchReason = name ? `applied via campaign ${name}` : `applied for ${job.title}`;
  }
}

export interface CandidateOption {
  id: number;
  name: string | null;
  /** The role applied for, else the job title; null when neither is known. */
  role: string | null;
  email: string | null;
}

/** The newest candidates for a picker (id, name, role, e-mail only), id descending, at most 500. */
export function candidateOptions(deps: Deps, workspaceId: number, limit = 500): CandidateOption[] {
  return repo.latestParticipantOptions(deps.db, workspaceId, Math.min(500, Math.max(1, limit))).map((r) => ({ id: r.id, name: r.name, role: candidateRole(r) || null, email: r.emailAddress }));
}

/** The newest candidates, id descending (the assistant reads the latest 50). */
export function latestParticipants(deps: Deps, workspaceId: number, limit = 50): Participant[] {
  return repo.latestParticipants(deps.db, workspaceId, Math.min(1000, Math.max(1, limit))).map(toParticipant);
}

/** A participant as stored (every column), for the monitor's backup copy. */
export type ParticipantRecord = ReturnType<typeof repo.participantRowsAfter>[number];

/** The next `limit` participants after `afterId`, in id order (the backup sync's batches). */
export function participantBatch(deps: Deps, workspaceId: number, afterId: number, limit: number): ParticipantRecord[] {
  return repo.participantRowsAfter(deps.db, workspaceId, afterId, limit);
}

export function countParticipants(deps: Deps, workspaceId: number): number {
  return repo.countParticipants(deps.db, workspaceId);
}

/** Every workspace that has at least one participant. */
export function workspacesWithParticipants(deps: Deps): number[] {
  return repo.workspaceIdsWithParticipants(deps.db);
}

/** Candidates by id, in the order given (unknown ids are left out). */
export function participantsByIds(deps: Deps, workspaceId: number, ids: number[]): Participant[] {
  return ids
    .map((id) => repo.findParticipant(deps.db, workspaceId, id))
    .filter((r): r is repo.ParticipantRow => !!r)
    .map(toParticipant);
}

/** Which of these ids are candidates of the workspace (shortlists refuse the others). */
export function participantIdsInWorkspace(deps: Deps, workspaceId: number, ids: number[]): Set<number> {
  return repo.existingIds(deps.db, workspaceId, ids);
}

function withBuckets<T extends { roleApplied?: string | null; jobTitle?: string | null; city?: string | null }>(v: T, b: Buckets) {
  return { ...v, ...bucketColumns(b, v) };
}

/**
 * Creates or updates the candidate of a visitor (by unique_id) as they move through the
 * prequalifier, the assessment and the voice interview. Only the given fields change;
 * the stage never goes back. One person, one record: a new visitor giving an e-mail a
 * candidate of the workspace already has updates that candidate (whose unique_id becomes
 * this visitor's, so the later steps find it) and the conversations are appended.
 */
export function upsertParticipantFromVisitor(deps: CandidatesDeps, workspaceId: number, fields: ParticipantFields): Participant {
  const now = deps.clock.now();
  const { uniqueId, ...rest } = fields;
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<ParticipantFields, "uniqueId">;
  let existing = repo.findByUniqueId(deps.db, workspaceId, uniqueId);
  let again = false;
  if (!existing && given.emailAddress) {
    const byEmail = identity.findByEmail(deps.db, workspaceId, given.emailAddress);
    existing = byEmail ? repo.findParticipant(deps.db, workspaceId, byEmail.id) : undefined;
    again = !!existing;
  }
  const via = { campaignId: given.campaignId ?? null, jobId: given.jobId ?? null };
  if (!existing) {
    const id = deps.db.transaction((tx) => {
      const id = identity.insertOne(tx, workspaceId, withBuckets({ ...given, uniqueId, stages: given.stages ?? 1, createdAt: now, lastUpdated: now }, bucketsOf(deps, workspaceId)));
      candidateCreated(deps, tx, workspaceId, id, "visitor", "candidate", via);
      if (via.jobId) deps.applications.applied(tx, workspaceId, id, via.jobId, via.campaignId);
      return id;
    });
    return getParticipant(deps, workspaceId, id);
  }
  const found = existing;
  const appended = again ? appendConversations(found, given) : given;
  const merged = { roleApplied: found.roleApplied, jobTitle: found.jobTitle, city: found.city, ...appended };
  const stages = Math.max(found.stages, given.stages ?? found.stages);
  deps.db.transaction((tx) => {
    identity.setFields(tx, workspaceId, found.id, { ...withBuckets(merged, bucketsOf(deps, workspaceId)), stages, lastUpdated: now, ...(again ? { uniqueId } : {}) });
    // A campaign link of a job the person has no application to yet makes one (issue 38).
    if (via.jobId) deps.applications.applied(tx, workspaceId, found.id, via.jobId, via.campaignId);
    const changedFields = Object.keys(appended).filter((k) => k !== "stages" && (found as Record<string, unknown>)[k] !== (appended as Record<string, unknown>)[k]);
    if (stages !== found.stages) changedFields.push("stages");
    // One event: an application again (with what it changed), or the change itself.
    candidateChanged(
      deps,
      tx,
      workspaceId,
      found.id,
      { changedFields, stage: { from: found.stages, to: stages }, source: "visitor" },
      "candidate",
      again ? "candidate.applied_again" : "candidate.updated",
      again ? via : {},
    );
  });
  return getParticipant(deps, workspaceId, found.id);
}

/** A second application keeps the first one's conversation: the new text is added below it. */
function appendConversations(found: repo.ParticipantRow, given: Omit<ParticipantFields, "uniqueId">) {
  const out = { ...given };
  for (const k of ["prequalifier", "assessment", "voiceTranscript"] as const) {
    const before = found[k];
    const next = given[k];
    if (before && next && before !== next && !before.includes(next)) out[k] = `${before}\n\n--- Applied again ---\n\n${next}`;
  }
  return out;
}

/** Adds many candidates at once (test seed, demo, benchmarks). */
export function addParticipants(deps: Deps, workspaceId: number, rows: NewParticipant[]): number {
  const now = deps.clock.now();
  const b = bucketsOf(deps, workspaceId);
  return repo.insertParticipants(
    deps.db,
    workspaceId,
    rows.map((r) => withBuckets({ ...r, uniqueId: r.uniqueId ?? null, stages: r.stages ?? 1, createdAt: r.createdAt ?? now, lastUpdated: r.createdAt ?? now }, b)),
  );
}

const DAY = 86_400_000;

/** Totals, the location and role buckets (every bucket, busiest first) and 30 days of new candidates. */
export function databaseStats(deps: Deps, workspaceId: number, opts: { jobId?: number } = {}): DatabaseStats {
  const job = jobFilter(deps, workspaceId, opts.jobId);
  const b = bucketsOf(deps, workspaceId);
  const now = deps.clock.now();
  const sinceDay = Math.floor(now.getTime() / DAY) - 29;
  const s = job ? statsRepo.statsForJob(deps.db, workspaceId, sinceDay, job) : statsRepo.statsFromSummary(deps.db, workspaceId, sinceDay);
  const counts = (rows: { key: string; count: number }[], names: readonly string[]) => {
    const found = new Map(rows.map((r) => [r.key, r.count]));
    return [...names, "Other"].map((name) => ({ name, count: found.get(name) ?? 0 })).sort((a, b) => b.count - a.count);
  };
  const perDay = new Map(s.perDay.map((r) => [r.day, r.count]));
  const recentActivity = Array.from({ length: 30 }, (_, i) => ({
    date: new Date((sinceDay + i) * DAY).toISOString().slice(0, 10),
    count: perDay.get(sinceDay + i) ?? 0,
  }));
  return {
    totalCandidates: s.total,
    byLocation: counts(s.byLocation, b.locations).map((r) => ({ location: r.name, count: r.count })),
    byRole: counts(s.byRole, b.roles).map((r) => ({ role: r.name, count: r.count })),
    recentActivity,
    lastUpdated: iso(s.lastUpdated) ?? now.toISOString(),
  };
}

/** The test page's list: {id, firstName, lastName, position, email}, newest first. */
export function listCandidates(deps: Deps, workspaceId: number, limit = 500) {
  const { rows, total } = list.listParticipants(deps.db, workspaceId, {}, 1, limit);
  return {
    candidates: rows.map((r) => ({ id: r.id, ...splitName(r.name), position: candidateRole(r), email: r.emailAddress ?? "" })),
    total,
  };
}

/** POST /api/candidates/seed: a set of realistic test candidates. */
export function seedTestCandidates(deps: Deps, workspaceId: number, count = 10): number {
  // A random part in the seed: two seeds in the same millisecond must not make the same unique ids.
  return addParticipants(
    deps,
    workspaceId,
    sampleCandidates({ count, seed: deps.clock.now().getTime() + randomInt(1, 2 ** 31), now: deps.clock.now() }).map((p) => ({ ...p, isTest: true })),
  );
}

/** Applicants per campaign (candidates who came through its link), for the jobs page. */
export function applicantsByCampaign(deps: Deps, workspaceId: number, campaignIds: number[]): Map<number, number> {
  return repo.countByCampaigns(deps.db, workspaceId, campaignIds);
}

/**
 * The candidates page's sorted list: newest first is listParticipants itself; another column
 * reads one page in that order, with the total (cached) from listParticipants.
 */
export function listParticipantsSorted(deps: Deps, workspaceId: number, q: ListQuery, sort: { column: list.SortColumn; dir: "asc" | "desc" } | null): ParticipantPage {
  if (!sort) return listParticipants(deps, workspaceId, q);
  const page = Math.max(1, q.page ?? 1);
  const limit = Math.min(100, Math.max(1, q.limit ?? 20));
  const { pagination } = listParticipants(deps, workspaceId, { ...q, page: 1, limit: 1 });
  const rows = list.sortedPage(
    deps.db,
    workspaceId,
    { search: q.search, role: q.role, location: q.location, job: jobFilter(deps, workspaceId, q.jobId), source: q.source, excludeShortlisted: q.excludeShortlisted },
    sort,
    page,
    limit,
  );
  const participants = rows.map(toParticipant);
  if (q.jobId) explainJobMatches(deps, workspaceId, q.jobId, participants);
  return { participants, pagination: { ...pagination, page, limit } };
}

/** Every live candidate's e-mail (lower case), for a mailbox's matching (issue 55). */
export function candidateEmails(deps: Deps, workspaceId: number): string[] {
  return identity.liveEmails(deps.db, workspaceId);
}

/** The live candidate with this e-mail (without case), for a mailbox's matching (issue 55), or null. */
export function candidateIdByEmail(deps: Deps, workspaceId: number, email: string): number | null {
  return identity.findByEmail(deps.db, workspaceId, email)?.id ?? null;
}
