// What matching (issue 57) reads of the candidates: who the search index finds for a criterion's
// words, and the text fields evidence is quoted from. Read only; the index is this feature's.
import { sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { KeptWalks, type WalkReader } from "./search-walks";

/**
 * The columns a criterion is looked for in: not the name, e-mail or phone (a name must never move
 * a match), nor the tags.
 */
const MATCH_COLUMNS = "{city role_applied job_title industry skills summary prequalifier cv}";

/** A term as the index's words: lowercase letters and digits, diacritics dropped (unicode61 remove_diacritics 2). */
function indexWords(term: string): string[] {
  return term
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The FTS5 expression for any of these terms in the workspace. The index keeps no positions
 * (detail=column), so a term of several words is all its words (the rules then look for the words together).
 */
function anyTermQuery(workspaceId: number, terms: string[]): string | null {
  const q = termsQuery(terms);
  return q && `tags : "w${workspaceId}" AND ${q}`;
}

/** The FTS5 expression for any of these terms, in any workspace. */
function termsQuery(terms: string[]): string | null {
  const phrases = [...new Set(terms.map((t) => indexWords(t).join(" ")).filter(Boolean))].map(
    (p) =>
      `(${p
        .split(" ")
        .map((w) => `"${w}"`)
        .join(" AND ")})`,
  );
  if (!phrases.length) return null;
  return `${MATCH_COLUMNS} : (${phrases.join(" OR ")})`;
}

const shares = preparedQuery((db) =>
  db.$client.prepare<{ mine: number | null; total: number | null }, [number]>("select sum(case when workspace_id = ? then n end) as mine, sum(n) as total from participant_bucket_counts"),
);
const HOLDERS = "select rowid from participants_fts where participants_fts match ?";
const oldestFirst = preparedQuery((db) => db.$client.prepare<[number], [string, number]>(`${HOLDERS} order by rowid limit ?`));
const newestFirst = preparedQuery((db) => db.$client.prepare<[number], [string, number]>(`${HOLDERS} order by rowid desc limit ?`));
const newestBelow = preparedQuery((db) => db.$client.prepare<[number], [string, number, number]>(`${HOLDERS} and rowid < ? order by rowid desc limit ?`));
const inRange = preparedQuery((db) => db.$client.prepare<[number], [string, number, number]>(`${HOLDERS} and rowid between ? and ?`));
const ids = (rows: unknown[][]) => rows.map((r) => r[0] as number);

/** More holders of one criterion than this are read whole on every request (exactly, without keeping them). */
const HOLDERS_CAP = 200_000;
/**
 * Each criterion's holders, kept across requests like a search's walk (search-walks.ts): kept with
 * the candidates' version, and after a change brought up to date by re-checking only the
 * candidates the change log names (written by triggers in the change's own transaction).
 */
const holderWalks = new KeptWalks(HOLDERS_CAP, 40);

/** The holders of one FTS5 expression, newest first: kept, brought up to date, or read. */
function holdersOf(db: DB, q: string): Float64Array {
  const reader: WalkReader = {
    newest: (n, below) => ids(below === undefined ? newestFirst(db).values(q, n) : newestBelow(db).values(q, below, n)),
    within: (lo, hi) => ids(inRange(db).values(q, lo, hi)),
    // FTS5 reads oldest first about a third cheaper than newest first.
    full: (n) => {
      const all = ids(oldestFirst(db).values(q, n));
      return all.length < n ? all.reverse() : ids(newestFirst(db).values(q, n));
    },
  };
  const walk = holderWalks.get(db, q, reader);
  return walk.length > HOLDERS_CAP ? Float64Array.from(ids(oldestFirst(db).values(q, Number.MAX_SAFE_INTEGER)).reverse()) : walk;
}

/**
 * For each list of terms, the ids (newest first) of the candidates whose record or CV holds any
 * of them. Where the workspace holds most of the index (one workspace per installation, the usual
 * case), the lists are read without the workspace's tag: joining every list with the workspace's
 * own (as long as the index) made the reads 3–4 times slower at 100,000 candidates. The ids are
 * then of any workspace, and `inWorkspace` keeps this workspace's.
 */
export function idsWithTerms(db: DB, workspaceId: number, termLists: string[][]): { lists: Float64Array[]; anyWorkspace: boolean } {
  const share = shares(db).get(workspaceId);
  const anyWorkspace = !!share?.total && (share.mine ?? 0) * 2 >= share.total;
  const lists = termLists.map((terms) => {
    const q = anyWorkspace ? termsQuery(terms) : anyTermQuery(workspaceId, terms);
    return q ? holdersOf(db, q) : new Float64Array(0);
  });
  return { lists, anyWorkspace };
}

/** Those of these ids that are the workspace's candidates. */
export function idsInWorkspace(db: DB, workspaceId: number, ids: number[]): Set<number> {
  if (!ids.length) return new Set();
  return new Set(db.all<{ id: number }>(sql`select id from participants where workspace_id = ${workspaceId} and id in (select value from json_each(${JSON.stringify(ids)}))`).map((r) => r.id));
}

export interface MatchFields {
  id: number;
  name: string | null;
  city: string | null;
  jobTitle: string | null;
  roleApplied: string | null;
  industry: string | null;
  skills: string | null;
  summary: string | null;
  prequalifier: string | null;
  assessment: string | null;
}

/** The fields evidence may quote, for these candidates of the workspace (not erased). */
export function matchFieldsOf(db: DB, workspaceId: number, ids: number[]): MatchFields[] {
  if (!ids.length) return [];
  return db.all<MatchFields>(sql`select id, name, city, job_title as jobTitle, role_applied as roleApplied, industry, skills, summary, prequalifier, assessment
    from participants where workspace_id = ${workspaceId} and erased = 0 and id in (select value from json_each(${JSON.stringify(ids)}))`);
}
