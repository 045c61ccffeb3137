// The search index's own tables, read with statements prepared once per database (these run on
// every search): the FTS5 vocabulary, and the candidates' version and change log that kept walks
// are brought up to date from (search-walks.ts).
import type { DB } from "../../db/client";
import { preparedQuery } from "../../db/prepared";

// The vocabulary lists one row per entry (term, candidate, column); `term >= ?` seeks, and the
// first row is all we read of a term. Seeking past a term walks its doclist's pages (about 1 ms
// for a term in every candidate), so a word costs 0.01–2 ms.
const firstTermFrom = preparedQuery((db) => db.$client.prepare<{ term: string }, [string]>("select term from participants_fts_terms where term >= ? limit 1"));

/** The index's first term at or after `from` (in UTF-8 byte order), if any. */
export const firstTermAtOrAfter = (db: DB, from: string): string | undefined => firstTermFrom(db).get(from)?.term;

const versionNow = preparedQuery((db) => db.$client.prepare<{ v: number }, []>("select v from participants_version where id = 1"));
const changesBetween = preparedQuery((db) => db.$client.prepare<{ lo: number; hi: number }, [number, number]>("select lo, hi from participant_changes where v > ? and v <= ? order by v"));

/** The version of the candidates: it moves with every change to them (0 before the first). */
export const candidatesVersion = (db: DB): number => versionNow(db).get()?.v ?? 0;

/** The logged steps after version `from` up to `to`, each the range of candidate ids it was about, in version order. */
export const changesAfter = (db: DB, from: number, to: number): { lo: number; hi: number }[] => changesBetween(db).all(from, to);
