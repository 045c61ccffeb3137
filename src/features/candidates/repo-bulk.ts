// Many new candidates at once (the demo seed, the sample data of the test page, CSV imports, benchmarks):
// one compiled INSERT per shape of row, run once per row inside one transaction. Drizzle's
// multi-row insert builds and compiles a statement of 500 rows × 25 columns per batch, which
// cost more than the rows themselves (about 45 µs a row against 10 µs).
import { getTableColumns } from "drizzle-orm";
import type { Statement } from "bun:sqlite";
import type { DB } from "../../db/client";
import { participants } from "../../db/schema";
import type { ParticipantInsert } from "./repo";

type Column = (typeof columns)[keyof typeof columns];
const columns = getTableColumns(participants);
type SqlValue = string | number | bigint | boolean | null | Uint8Array;

const statements = new WeakMap<DB, Map<string, { stmt: Statement; cols: [string, Column][] }>>();

/** The INSERT for rows that carry these fields (absent ones take the column's default). */
function insertFor(db: DB, keys: string[]) {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const shape = keys.join(",");
  let hit = byShape.get(shape);
  if (!hit) {
    const cols = keys.map((k) => [k, columns[k as keyof typeof columns]] as [string, Column]);
    const names = cols.map(([, c]) => `"${c.name}"`).join(", ");
    const stmt = db.$client.prepare(`insert into participants (${names}) values (${cols.map(() => "?").join(", ")})`);
    byShape.set(shape, (hit = { stmt, cols }));
  }
  return hit;
}

/** At least this many rows go in with the per-row triggers set aside (see below). */
const BULK_ROWS = 1000;

/**
 * New candidates in one transaction. A large batch sets four AFTER INSERT triggers aside
 * and does their work once, for the whole batch, before the same commit: the search index
 * (filled by one INSERT … SELECT: FTS5 flushes its pending terms at every statement, so a
 * row-at-a-time fill writes one index segment per candidate), the day-and-bucket and bucket
 * counts (one grouped upsert each) and the change counter (one step naming the new ids). Other connections never see the
 * triggers gone, and a failure rolls everything back, triggers included.
 */
export function insertParticipantRows(db: DB, workspaceId: number, rows: ParticipantInsert[]): number[] {
  const ids: number[] = [];
  if (!rows.length) return ids;
  // Inside a caller's transaction (a CSV import's chunk) this is a savepoint of it.
  db.$client.transaction(() => {
    const deferred = rows.length >= BULK_ROWS ? setTriggersAside(db) : null;
    for (const row of rows) {
      const r = { ...row, workspaceId } as Record<string, unknown>;
      const keys = Object.keys(r).filter((k) => r[k] !== undefined && k in columns);
      const { stmt, cols } = insertFor(db, keys);
      ids.push(Number(stmt.run(...cols.map(([k, c]) => (r[k] === null ? null : (c.mapToDriverValue(r[k]) as SqlValue)))).lastInsertRowid));
    }
    if (deferred) deferred.finish();
  })();
  return ids;
}

const FTS_TRIGGER = "participants_fts_ai";
const STATS_TRIGGER = "participant_stats_ai";
const BUCKETS_TRIGGER = "participant_bucket_counts_ai";
const VERSION_TRIGGER = "participants_version_ai";

/**
 * Drops the insert triggers of the search index, the counts and the change counter (inside
 * the caller's transaction) and returns how to do their work for every row added since.
 * The index's statement is the trigger's own, made set-based (new.x → x), so the two never
 * drift apart; a trigger of another shape is left in place.
 */
function setTriggersAside(db: DB) {
  const c = db.$client;
  const sqlOf = (name: string) => (c.query("select sql from sqlite_master where type = 'trigger' and name = ?").get(name) as { sql: string } | null)?.sql ?? null;
  const after = (c.query("select coalesce(max(id), 0) as id from participants").get() as { id: number }).id;
  const work: string[] = [];
  const restore: string[] = [];
  const fts = sqlOf(FTS_TRIGGER);
  const ftsFill = fts ? searchIndexFill(fts, after) : null;
  if (fts && ftsFill) {
    work.push(ftsFill);
    restore.push(fts);
  }
  const stats = sqlOf(STATS_TRIGGER);
  if (stats) {
    // The trigger adds 1 to the row of the candidate's day and buckets; here, each group's count.
    work.push(
      `INSERT INTO participant_stats(workspace_id, day, role_category, location_category, n) SELECT workspace_id, created_at / 86400000, role_category, location_category, count(*) FROM participants WHERE id > ${after} GROUP BY 1, 2, 3, 4 ON CONFLICT(workspace_id, day, role_category, location_category) DO UPDATE SET n = n + excluded.n`,
    );
    restore.push(stats);
  }
  const buckets = sqlOf(BUCKETS_TRIGGER);
  if (buckets) {
    work.push(
      `INSERT INTO participant_bucket_counts(workspace_id, role_category, location_category, n) SELECT workspace_id, role_category, location_category, count(*) FROM participants WHERE id > ${after} GROUP BY 1, 2, 3 ON CONFLICT(workspace_id, role_category, location_category) DO UPDATE SET n = n + excluded.n`,
    );
    restore.push(buckets);
  }
  const version = sqlOf(VERSION_TRIGGER);
  if (version) {
    // One step of the change counter for the whole batch, naming its range of new ids (kept
    // searches re-check just those: repo-search.ts).
    work.push(`INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, ${after + 1}, (SELECT max(id) FROM participants) FROM participants_version WHERE id = 1`);
    restore.push(version);
  }
  if (fts && ftsFill) c.exec(`DROP TRIGGER ${FTS_TRIGGER}`);
  if (stats) c.exec(`DROP TRIGGER ${STATS_TRIGGER}`);
  if (buckets) c.exec(`DROP TRIGGER ${BUCKETS_TRIGGER}`);
  if (version) c.exec(`DROP TRIGGER ${VERSION_TRIGGER}`);
  return {
    finish() {
      for (const w of work) c.exec(w);
      for (const r of restore) c.exec(r);
    },
  };
}

/** The search index trigger's INSERT made set-based (new.x → x) for the rows after `after`, or null for another shape. */
function searchIndexFill(triggerSql: string, after: number): string | null {
  const m = /BEGIN\s+(INSERT INTO participants_fts\s*\([^)]*\))\s*VALUES\s*\(([\s\S]*)\);\s*END$/i.exec(triggerSql.trim());
  return m ? `${m[1]} SELECT ${m[2]!.replace(/\bnew\./g, "")} FROM participants WHERE id > ${after} ORDER BY id` : null;
}

/**
 * For a one-off load of many batches into a database nobody else uses yet (the benchmarks):
 * the search index's insert trigger and the candidates' secondary indexes (all but the unique
 * one) are dropped until `restore`, which indexes every row added meanwhile in one statement
 * and builds each index once by sorting, instead of a B-tree insert per row and index.
 * Not for a live database: a crash before `restore` leaves them dropped.
 */
export function setIndexesAside(db: DB): { restore(): void } {
  const c = db.$client;
  const fts = (c.query("select sql from sqlite_master where type = 'trigger' and name = ?").get(FTS_TRIGGER) as { sql: string } | null)?.sql;
  const after = (c.query("select coalesce(max(id), 0) as id from participants").get() as { id: number }).id;
  const fill = fts ? searchIndexFill(fts, after) : null;
  const indexes = c
    .query("select name, sql from sqlite_master where type = 'index' and tbl_name = 'participants' and sql is not null and sql not like 'CREATE UNIQUE%'")
    .all() as { name: string; sql: string }[];
  if (fts && fill) c.exec(`DROP TRIGGER ${FTS_TRIGGER}`);
  for (const i of indexes) c.exec(`DROP INDEX "${i.name}"`);
  return {
    restore() {
      c.transaction(() => {
        if (fts && fill) {
          c.exec(fill);
          c.exec(fts);
        }
        for (const i of indexes) c.exec(i.sql);
      })();
    },
  };
}
