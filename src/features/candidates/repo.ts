import { asc, count, desc, eq, getTableColumns, gt, sql, type SQL } from "drizzle-orm";
import type { DB } from "../../db/client";
import { applications, participants, shortlistMembers } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { titleKeywords } from "./classify";
import { insertParticipantRows, type ParticipantInsert } from "./repo-bulk";
import { ftsQuery, TEXT_COLUMNS } from "./repo-search";
import { expandedExpression } from "./search-terms";

export { ftsFilterQuery, participantsVersion, SEARCH_COUNT_CAP } from "./repo-search";
export type { ParticipantInsert } from "./repo-bulk";

export type ParticipantRow = typeof participants.$inferSelect & { shortlistId: number | null };

// The first shortlist a candidate is in (the spec's participant.shortlistId).
const shortlistIdOf = sql<number | null>`(select ${shortlistMembers.shortlistId} from ${shortlistMembers} where ${shortlistMembers.participantId} = ${participants.id} limit 1)`.as("shortlist_id");
const { roleCategory: _role, locationCategory: _location, erased: _erased, ...publicColumns } = getTableColumns(participants);
/** Leaves out the workspace's stand-in for erased candidates (see schema: participants.erased). */
export const live = eq(participants.erased, false);
export const listColumns = { ...publicColumns, shortlistId: shortlistIdOf };

export interface JobForMatch {
  id: number;
  title: string;
  location: string | null;
}

/**
 * The §5 job match in SQL, the same rule as classify.matchesJob (a test keeps them equal),
 * or a candidate who came through one of the job's campaigns.
 */
function jobCondition(job: JobForMatch): SQL {
  const role = sql`lower(trim(coalesce(nullif(trim(${participants.roleApplied}), ''), ${participants.jobTitle}, '')))`;
  const title = job.title.trim().toLowerCase();
  const containEachOther = sql`(${role} <> '' and (instr(${role}, ${title}) > 0 or instr(${title}, ${role}) > 0))`;
  const keywords = titleKeywords(title).map((k) => (k === "ux" ? sql`(' ' || ${role} || ' ') glob '*[^a-z0-9]ux[^a-z0-9]*'` : sql`instr(${role}, ${k}) > 0`));
  const location = (job.location ?? "").trim().toLowerCase();
  const city = sql`lower(trim(coalesce(${participants.city}, '')))`;
  const locationOk = location ? sql`(${city} <> '' and (instr(${city}, ${location}) > 0 or instr(${location}, ${city}) > 0))` : sql`1`;
  const keywordMatch = keywords.length ? sql`((${sql.join(keywords, sql` or `)}) and ${locationOk})` : sql`0`;
  return sql`(${participants.jobId} = ${job.id} or ${containEachOther} or ${keywordMatch})`;
}

export interface ListFilter {
  search?: string;
  role?: string;
  location?: string;
  job?: JobForMatch;
  source?: string;
  excludeShortlisted?: boolean;
}

/** `db`, when given, lets a search read its longer words as the index's terms (search-terms.ts): the same matches, read faster. */
export function conditions(workspaceId: number, f: ListFilter, db?: DB): SQL {
  const fts = f.search ? (db ? expandedExpression(db, f.search) : ftsQuery(f.search)) : null;
  return inWorkspace(
    participants,
    workspaceId,
    live,
    fts ? sql`${participants.id} in (select rowid from participants_fts where participants_fts match ${`${TEXT_COLUMNS} : (${fts})`})` : undefined,
    f.role ? eq(participants.roleCategory, f.role) : undefined,
    f.location ? eq(participants.locationCategory, f.location) : undefined,
    f.job ? jobCondition(f.job) : undefined,
    // An application from this source (the applications' own index on workspace and source).
    f.source
      ? sql`${participants.id} in (select ${applications.participantId} from ${applications} where ${applications.workspaceId} = ${workspaceId} and ${applications.source} = ${f.source})`
      : undefined,
    f.excludeShortlisted ? sql`${participants.id} not in (select ${shortlistMembers.participantId} from ${shortlistMembers} where ${shortlistMembers.workspaceId} = ${workspaceId})` : undefined,
  );
}

export function findParticipant(db: DB, workspaceId: number, id: number): ParticipantRow | undefined {
  return db
    .select(listColumns)
    .from(participants)
    .where(inWorkspace(participants, workspaceId, eq(participants.id, id), live))
    .get() as ParticipantRow | undefined;
}

export function findByUniqueId(db: DB, workspaceId: number, uniqueId: string): ParticipantRow | undefined {
  return db
    .select(listColumns)
    .from(participants)
    .where(inWorkspace(participants, workspaceId, eq(participants.uniqueId, uniqueId), live))
    .get() as ParticipantRow | undefined;
}

export function latestParticipants(db: DB, workspaceId: number, limit: number): ParticipantRow[] {
  return db
    .select(listColumns)
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live))
    .orderBy(desc(participants.id))
    .limit(limit)
    .all() as ParticipantRow[];
}

/** Whole rows after `afterId`, in id order: keyset batches for the backup sync. */
export function participantRowsAfter(db: DB, workspaceId: number, afterId: number, limit: number) {
  return db
    .select()
    .from(participants)
    .where(inWorkspace(participants, workspaceId, gt(participants.id, afterId), live))
    .orderBy(asc(participants.id))
    .limit(limit)
    .all();
}

export function countParticipants(db: DB, workspaceId: number): number {
  return (
    db
      .select({ n: count() })
      .from(participants)
      .where(inWorkspace(participants, workspaceId, live))
      .get()?.n ?? 0
  );
}

export function workspaceIdsWithParticipants(db: DB): number[] {
  return db
    .selectDistinct({ id: participants.workspaceId })
    .from(participants)
    .all()
    .map((r) => r.id);
}

/** Only what a picker shows (no transcripts, no shortlist lookup per row), newest first. */
export function latestParticipantOptions(db: DB, workspaceId: number, limit: number) {
  return db
    .select({ id: participants.id, name: participants.name, emailAddress: participants.emailAddress, roleApplied: participants.roleApplied, jobTitle: participants.jobTitle })
    .from(participants)
    .where(inWorkspace(participants, workspaceId, live))
    .orderBy(desc(participants.id))
    .limit(limit)
    .all();
}

/** Many rows in one transaction (seeding, benchmarks): see repo-bulk.ts. */
export function insertParticipants(db: DB, workspaceId: number, rows: ParticipantInsert[]): number {
  return insertParticipantRows(db, workspaceId, rows).length;
}

/** Which of these ids belong to the workspace. */
export function existingIds(db: DB, workspaceId: number, ids: number[]): Set<number> {
  if (!ids.length) return new Set();
  const rows = db
    .select({ id: participants.id })
    .from(participants)
    .where(
      inWorkspace(
        participants,
        workspaceId,
        live,
        sql`${participants.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    )
    .all();
  return new Set(rows.map((r) => r.id));
}

/** How many candidates applied through each of the given campaigns (the jobs page). */
export function countByCampaigns(db: DB, workspaceId: number, campaignIds: number[]): Map<number, number> {
  if (!campaignIds.length) return new Map();
  const rows = db
    .select({ campaignId: participants.campaignId, n: count() })
    .from(participants)
    .where(
      inWorkspace(
        participants,
        workspaceId,
        sql`${participants.campaignId} in (${sql.join(
          campaignIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(participants.campaignId)
    .all();
  return new Map(rows.map((r) => [r.campaignId!, r.n]));
}
