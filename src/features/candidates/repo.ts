import { and, asc, count, desc, eq, getTableColumns, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DB } from "../../db/client";
import { applications, participantBucketCounts, participants, shortlistMembers } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { StampCache } from "../../db/stamp-cache";
import { param, preparedQuery } from "../../db/prepared";
import { titleKeywords } from "./classify";
import { insertParticipantRows, type ParticipantInsert } from "./repo-bulk";
import { ftsFilterQuery, ftsQuery, participantsVersion, searchPage, SEARCH_COUNT_CAP, TEXT_COLUMNS } from "./repo-search";
import { expandedExpression } from "./search-terms";

export { ftsFilterQuery, participantsVersion, SEARCH_COUNT_CAP } from "./repo-search";
export type { ParticipantInsert } from "./repo-bulk";

export type ParticipantRow = typeof participants.$inferSelect & { shortlistId: number | null };

// The first shortlist a candidate is in (the spec's participant.shortlistId).
const shortlistIdOf = sql<number | null>`(select ${shortlistMembers.shortlistId} from ${shortlistMembers} where ${shortlistMembers.participantId} = ${participants.id} limit 1)`.as("shortlist_id");
const { roleCategory: _role, locationCategory: _location, erased: _erased, ...publicColumns } = getTableColumns(participants);
/** Leaves out the workspace's stand-in for erased candidates (see schema: participants.erased). */
export const live = eq(participants.erased, false);
const listColumns = { ...publicColumns, shortlistId: shortlistIdOf };

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

/**
 * One page of candidates, newest first, and the total. Three plans, each kept on an index:
 * a search is answered by FTS5 alone (tags carry the workspace and buckets); filters without
 * a search walk the bucket indexes and count from participant_bucket_counts; the job rule (§5) is SQL.
 */
export function listParticipants(db: DB, workspaceId: number, f: ListFilter, page: number, limit: number): { rows: ParticipantRow[]; total: number; totalIsLowerBound?: true } {
  const offset = (page - 1) * limit;
  const match = f.job || f.source ? null : ftsFilterQuery(workspaceId, f);
  if (match) {
    const { ids, n } = searchPage(db, workspaceId, match, f, offset, limit);
    const rows = rowsByIds(db, workspaceId, ids);
    return n > SEARCH_COUNT_CAP ? { rows, total: SEARCH_COUNT_CAP, totalIsLowerBound: true } : { rows, total: n };
  }
  // A job or a source: plain SQL over the conditions (a search is one of them then).
  const direct = !!(f.job || f.source);
  const where = conditions(workspaceId, { ...f, search: direct ? f.search : undefined }, db);
  const rows = direct
    ? (db.select(listColumns).from(participants).where(where).orderBy(desc(participants.id)).limit(limit).offset(offset).all() as ParticipantRow[])
    : bucketPage(db, f)(db).all({ workspaceId, role: f.role ?? "", location: f.location ?? "", limit, offset });
  const countAll = () =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(participants)
      .where(where)
      .get()?.n ?? 0;
  // A source's count follows the applications, which the participants' stamp does not see: counted each time.
  if (f.source) return { rows, total: countAll() };
  const key = `${workspaceId}|${f.role ?? ""}|${f.location ?? ""}|${f.job ? `${f.job.id}|${f.job.title}|${f.job.location ?? ""}|${f.search ?? ""}` : ""}|${f.excludeShortlisted ? 1 : 0}`;
  const total = filterTotals.get(db, key, () => (f.job ? countAll() : countFromStats(db, workspaceId, f) - (f.excludeShortlisted ? countShortlisted(db, workspaceId, f) : 0)));
  return { rows, total };
}

const filterTotals = new StampCache<number>(500, participantsVersion);

/**
 * A page without a search or a job, newest first: one prepared query per combination of
 * filters (eight at most), so a list request neither builds nor compiles SQL (the list
 * endpoint answers under load: issue 21).
 */
const bucketPages = new Map<string, ReturnType<typeof buildBucketPage>>();
function buildBucketPage(f: { role: boolean; location: boolean; excludeShortlisted: boolean }) {
  return preparedQuery((db) =>
    db
      .select(listColumns)
      .from(participants)
      .where(
        inWorkspace(
          participants,
          param("workspaceId"),
          live,
          f.role ? eq(participants.roleCategory, param<string>("role")) : undefined,
          f.location ? eq(participants.locationCategory, param<string>("location")) : undefined,
          f.excludeShortlisted
            ? sql`${participants.id} not in (select ${shortlistMembers.participantId} from ${shortlistMembers} where ${shortlistMembers.workspaceId} = ${param("workspaceId")})`
            : undefined,
        ),
      )
      .orderBy(desc(participants.id))
      .limit(param("limit"))
      .offset(param("offset"))
      .prepare(),
  );
}
function bucketPage(db: DB, f: ListFilter) {
  const shape = { role: !!f.role, location: !!f.location, excludeShortlisted: !!f.excludeShortlisted };
  const key = `${+shape.role}${+shape.location}${+shape.excludeShortlisted}`;
  let q = bucketPages.get(key);
  if (!q) bucketPages.set(key, (q = buildBucketPage(shape)));
  return q as unknown as (db: DB) => { all(values: Record<string, unknown>): ParticipantRow[] };
}

// The ids go in as one JSON array: one compiled statement whatever the page size.
const rowsByIdList = preparedQuery((db) =>
  db
    .select(listColumns)
    .from(participants)
    .where(inWorkspace(participants, param("workspaceId"), sql`${participants.id} in (select value from json_each(${param<string>("ids")}))`))
    .prepare(),
);

function rowsByIds(db: DB, workspaceId: number, ids: number[]): ParticipantRow[] {
  if (!ids.length) return [];
  const rows = rowsByIdList(db).all({ workspaceId, ids: JSON.stringify(ids) }) as ParticipantRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ParticipantRow => !!r);
}

/** The candidates in the buckets, from the few rows per workspace the triggers keep (participant_bucket_counts). */
function countFromStats(db: DB, workspaceId: number, f: ListFilter): number {
  return (
    db
      .select({ n: sql<number>`coalesce(sum(${participantBucketCounts.n}), 0)` })
      .from(participantBucketCounts)
      .where(
        and(
          eq(participantBucketCounts.workspaceId, workspaceId),
          f.role ? eq(participantBucketCounts.roleCategory, f.role) : undefined,
          f.location ? eq(participantBucketCounts.locationCategory, f.location) : undefined,
        ),
      )
      .get()?.n ?? 0
  );
}

/** Shortlisted candidates matching the bucket filters (few: walks the members, not the candidates). */
function countShortlisted(db: DB, workspaceId: number, f: ListFilter): number {
  return (
    db
      .select({ n: sql<number>`count(distinct ${shortlistMembers.participantId})` })
      .from(shortlistMembers)
      .innerJoin(participants, eq(participants.id, shortlistMembers.participantId))
      .where(and(eq(shortlistMembers.workspaceId, workspaceId), f.role ? eq(participants.roleCategory, f.role) : undefined, f.location ? eq(participants.locationCategory, f.location) : undefined))
      .get()?.n ?? 0
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

/** The columns the candidates page may sort by (each with the id as a tie-break). */
const SORT_COLUMNS = {
  name: participants.name,
  city: participants.city,
  role: participants.roleApplied,
  stage: participants.stages,
  added: participants.createdAt,
  updated: participants.lastUpdated,
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;

/** One page in another order than newest first (the candidates page's sortable columns); the total comes from listParticipants. */
export function sortedPage(db: DB, workspaceId: number, f: ListFilter, sort: { column: SortColumn; dir: "asc" | "desc" }, page: number, limit: number): ParticipantRow[] {
  const col = SORT_COLUMNS[sort.column];
  const offset = (page - 1) * limit;
  const where = conditions(workspaceId, f, db);
  const rows = (cond: SQL, order: SQL[], n: number, skip: number) =>
    db
      .select(listColumns)
      .from(participants)
      .where(cond)
      .orderBy(...order)
      .limit(n)
      .offset(skip)
      .all() as ParticipantRow[];
  // Every sortable column has an index that starts (workspace_id, column) and ends with the
  // rowid, so a page in either direction is read off the index without sorting the
  // workspace (migration participants_sort_indexes). SQLite keeps empty values first when
  // ascending and last when descending; the page shows them last either way, except on
  // name, whose order was always SQLite's.
  if (col.notNull || sort.column === "name" || sort.dir === "desc") {
    return rows(where, sort.dir === "asc" ? [asc(col), asc(participants.id)] : [desc(col), desc(participants.id)], limit, offset);
  }
  // Ascending with empty values last: the filled rows off the index, then the empty ones by id.
  const filled = rows(and(where, isNotNull(col))!, [asc(col), asc(participants.id)], limit, offset);
  if (filled.length === limit) return filled;
  // Past the last filled row: how many there are is known from this page unless it was empty.
  const filledTotal = filled.length
    ? offset + filled.length
    : (db
        .select({ n: count() })
        .from(participants)
        .where(and(where, isNotNull(col)))
        .get()?.n ?? 0);
  return [...filled, ...rows(and(where, isNull(col))!, [asc(participants.id)], limit - filled.length, Math.max(0, offset - filledTotal))];
}
