// Candidate search: what a user typed as an FTS5 query over the text columns and the tags, and
// one walk of the index per search, kept until the candidates or shortlists change.
import { sql, type SQL } from "drizzle-orm";
import type { DB } from "../../db/client";
import { shortlistMembers } from "../../db/schema";
import { StampCache } from "../../db/stamp-cache";
import { preparedQuery } from "../../db/prepared";
import { expandedExpression, prefixExpression, searchWords } from "./search-terms";
import { KeptWalks, type WalkReader } from "./search-walks";

/** Turns what a user typed into FTS5 terms: every word is a case-insensitive prefix, all must match (the plain form, for keys). */
export function ftsQuery(search: string): string | null {
  return prefixExpression(search);
}

// `cv`: the text of the candidate's CVs (migration 0035, issue 39); phone, skills and summary (migration 0038).
export const TEXT_COLUMNS = "{name email_address phone city role_applied job_title industry skills summary prequalifier cv}";
/** A bucket name as the index's tags write it: its UTF-8 in hexadecimal, one word whatever it holds. */
const tag = (s: string) => Buffer.from(s, "utf8").toString("hex");

/** The words in the text columns, plus the workspace and bucket tags the index carries (migrations participants_search, participants_search_columns). */
export function ftsFilterQuery(workspaceId: number, f: { search?: string; role?: string; location?: string }): string | null {
  return filterQuery(workspaceId, f, f.search ? ftsQuery(f.search) : null);
}

/** The same with the longer words read as the index's terms (search-terms.ts): the form a search runs. */
function expandedFilterQuery(db: DB, workspaceId: number, f: { search?: string; role?: string; location?: string }): string | null {
  return filterQuery(workspaceId, f, f.search ? expandedExpression(db, f.search) : null);
}

function filterQuery(workspaceId: number, f: { role?: string; location?: string }, words: string | null): string | null {
  if (!words) return null;
  // Tags first: FTS5 then walks the shortest doclist (one workspace-and-bucket combination).
  const bucket = `w${workspaceId}${f.role ? `r${tag(f.role)}` : ""}${f.location ? `l${tag(f.location)}` : ""}`;
  return `tags : "${bucket}" AND ${TEXT_COLUMNS} : (${words})`;
}

/** A search's total is exact up to this many matches; above it, the answer says "at least". */
export const SEARCH_COUNT_CAP = 10_000;

const versionQuery = preparedQuery((db) => db.$client.prepare<{ v: number }, []>("select v from participants_version where id = 1"));
/** Moves with every write to participants or shortlist memberships (triggers, migration participants_search_prefix1). */
export const participantsVersion = (db: DB) => String(versionQuery(db).get()?.v ?? "");

// A walk holds up to 10,001 ids (80 KB): a hundred searches kept at most, each brought up to
// date after a change by re-checking the candidates the change touched (search-walks.ts).
const searchWalks = new KeptWalks(SEARCH_COUNT_CAP);
const searchIds = new StampCache<number[]>(1000, participantsVersion);
/** The next search of every kind walks the index again, as the first one did (bench/search.ts measures that). */
export const forgetKeptSearches = (db: DB) => searchWalks.forget(db);

const notShortlisted = (workspaceId: number) => sql`rowid not in (select ${shortlistMembers.participantId} from ${shortlistMembers} where ${shortlistMembers.workspaceId} = ${workspaceId})`;

/**
 * The ids of one page of a search (newest first) and how many matches the walk found (at most
 * SEARCH_COUNT_CAP + 1: more than the cap means "at least"). `match` is the search's plain form
 * (ftsFilterQuery), its key; what runs is its expanded form, read when the index is read.
 */
export function searchPage(
  db: DB,
  workspaceId: number,
  match: string,
  f: { search?: string; role?: string; location?: string; excludeShortlisted?: boolean },
  offset: number,
  limit: number,
): { ids: number[]; n: number } {
  const exclude = f.excludeShortlisted ? sql` and ${notShortlisted(workspaceId)}` : sql``;
  const key = `${workspaceId}|${match}|${f.excludeShortlisted ? 1 : 0}`;
  // The expanded form depends on the index's terms, so it is read once per use, not kept.
  let expanded: string | null = null;
  const run = () => (expanded ??= expandedFilterQuery(db, workspaceId, f) ?? match);
  const ids = (where: SQL, order: SQL, n: number) =>
    db.all<{ id: number }>(sql`select rowid as id from participants_fts where participants_fts match ${run()}${exclude}${where} order by rowid ${order} limit ${n}`).map((r) => r.id);
  const reader: WalkReader = {
    newest: (n, below) => ids(below === undefined ? sql`` : sql` and rowid < ${below}`, sql`desc`, n),
    within: (lo, hi) => ids(sql` and rowid between ${lo} and ${hi}`, sql`asc`, hi - lo + 1),
    // One walk, newest first, gives the first pages and the total: it stops past
    // SEARCH_COUNT_CAP matches (a broad word at a million candidates would walk a million
    // entries, 100–300 ms, to say a number no recruiter pages through). FTS5 reads oldest first
    // about a third cheaper than newest first. Three words or more (an e-mail, a phone number,
    // a long phrase) rarely match more than the cap: read them oldest first, and only when that
    // walk was cut short read the newest again.
    full: (n) => {
      if (searchWords(f.search ?? "").length >= 3) {
        const all = ids(sql``, sql`asc`, n);
        if (all.length < n) return all.reverse();
      }
      return ids(sql``, sql`desc`, n);
    },
  };
  // Kept until the next write, and then brought up to date, so paging and polling read no index.
  const walk = searchWalks.get(db, key, reader);
  const n = walk.length;
  const page =
    n <= SEARCH_COUNT_CAP || offset + limit <= n
      ? Array.from(walk.subarray(offset, offset + limit))
      : searchIds.get(db, `${key}|${limit}|${offset}`, () =>
          db.all<{ id: number }>(sql`select rowid as id from participants_fts where participants_fts match ${run()}${exclude} order by rowid desc limit ${limit} offset ${offset}`).map((r) => r.id),
        );
  return { ids: page, n };
}
