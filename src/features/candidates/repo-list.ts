// The candidate list's pages: a filter's rows and total (counted from the bucket statistics where
// they answer, kept per write stamp otherwise), and the pages sorted by a column.
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantBucketCounts, participants, shortlistMembers } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { StampCache } from "../../db/stamp-cache";
import { param, preparedQuery } from "../../db/prepared";
import { ftsFilterQuery, participantsVersion, searchPage, SEARCH_COUNT_CAP } from "./repo-search";
import { conditions, listColumns, live, type ListFilter, type ParticipantRow } from "./repo";

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
