// Many new candidates at once (the demo seed, the sample data of the test page, CSV imports, benchmarks):
// one compiled INSERT per shape of row, of ROWS_PER_STATEMENT rows at a time, inside one
// transaction. Drizzle's multi-row insert builds and compiles a statement of 500 rows × 25
// columns per batch, which cost more than the rows themselves (about 45 µs a row against 10 µs);
// a prepared statement per row still pays a call and a statement step per row.
import { getTableColumns } from "drizzle-orm";
import type { Statement } from "bun:sqlite";
import type { DB } from "../../db/client";
import { participants } from "../../db/schema";

/** A candidate's columns as written; the id and the workspace are the repo's to set. */
export type ParticipantInsert = Omit<typeof participants.$inferInsert, "id" | "workspaceId">;

type Column = (typeof columns)[keyof typeof columns];
const columns = getTableColumns(participants);
type SqlValue = string | number | bigint | boolean | null | Uint8Array;

/** Rows per statement: 32 rows of 25 columns stay far under SQLite's 32,766 parameters. */
const ROWS_PER_STATEMENT = 32;
const statements = new WeakMap<DB, Map<string, Statement>>();

/** The INSERT of `n` rows that carry these fields (absent ones take the column's default). */
function insertFor(db: DB, cols: Column[], n: number): Statement {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const shape = `${n}:${cols.map((c) => c.name).join(",")}`;
  let stmt = byShape.get(shape);
  if (!stmt) {
    const row = `(${cols.map(() => "?").join(", ")})`;
    stmt = db.$client.prepare(`insert into participants (${cols.map((c) => `"${c.name}"`).join(", ")}) values ${Array(n).fill(row).join(", ")}`);
    byShape.set(shape, stmt);
  }
  return stmt;
}

/** The fields a row carries, in its own order (undefined means absent). */
const fieldsOf = (row: Record<string, unknown>) => Object.keys(row).filter((k) => row[k] !== undefined && k in columns && k !== "workspaceId" && k !== "id");
const sameFields = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Inserts the rows, consecutive rows of the same fields together, and returns their ids in
 * order. The ids of a multi-row statement are consecutive: participants' ids are AUTOINCREMENT,
 * each new row takes the largest id so far plus one, and nothing else writes inside a statement.
 */
function insertRows(db: DB, workspaceId: number, rows: ParticipantInsert[]): number[] {
  const ids: number[] = [];
  const wsColumn = columns.workspaceId;
  let i = 0;
  while (i < rows.length) {
    const keys = fieldsOf(rows[i] as Record<string, unknown>);
    let j = i + 1;
    while (j < rows.length && sameFields(keys, fieldsOf(rows[j] as Record<string, unknown>))) j++;
    const cols = [wsColumn, ...keys.map((k) => columns[k as keyof typeof columns])];
    for (let from = i; from < j;) {
      const n = Math.min(ROWS_PER_STATEMENT, j - from);
      const values: SqlValue[] = [];
      for (let r = from; r < from + n; r++) {
        const row = rows[r] as Record<string, unknown>;
        values.push(workspaceId);
        for (let k = 0; k < keys.length; k++) {
          const v = row[keys[k]!];
          values.push(v === null ? null : (cols[k + 1]!.mapToDriverValue(v) as SqlValue));
        }
      }
      const last = Number(insertFor(db, cols, n).run(...values).lastInsertRowid);
      for (let r = n - 1; r >= 0; r--) ids.push(last - r);
      from += n;
    }
    i = j;
  }
  return ids;
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
  if (!rows.length) return [];
  // Inside a caller's transaction (a CSV import's chunk) this is a savepoint of it.
  return db.$client.transaction(() => {
    const deferred = rows.length >= BULK_ROWS ? setTriggersAside(db) : null;
    const ids = insertRows(db, workspaceId, rows);
    if (deferred) deferred.finish();
    return ids;
  })();
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
 * the search index's insert trigger and every index of the candidates are dropped until
 * `restore`, which indexes every row added meanwhile in one statement and builds each index
 * once by sorting, instead of a B-tree insert per row and index. A unique index built again
 * refuses duplicates as it would have row by row (the restore then fails and rolls back).
 * Not for a live database: a crash before `restore` leaves them dropped.
 */
export function setIndexesAside(db: DB): { restore(): { searchIndexMs: number; indexesMs: number } } {
  const c = db.$client;
  const fts = (c.query("select sql from sqlite_master where type = 'trigger' and name = ?").get(FTS_TRIGGER) as { sql: string } | null)?.sql;
  const after = (c.query("select coalesce(max(id), 0) as id from participants").get() as { id: number }).id;
  const fill = fts ? searchIndexFill(fts, after) : null;
  const indexes = c.query("select name, sql from sqlite_master where type = 'index' and tbl_name = 'participants' and sql is not null").all() as { name: string; sql: string }[];
  if (fts && fill) c.exec(`DROP TRIGGER ${FTS_TRIGGER}`);
  for (const i of indexes) c.exec(`DROP INDEX "${i.name}"`);
  return {
    restore() {
      return c.transaction(() => {
        const t0 = performance.now();
        if (fts && fill) {
          c.exec(fill);
          c.exec(fts);
        }
        const t1 = performance.now();
        for (const i of indexes) c.exec(i.sql);
        return { searchIndexMs: t1 - t0, indexesMs: performance.now() - t1 };
      })();
    },
  };
}

/**
 * A one-off load (`load` adds the candidates, batch by batch, through insertParticipantRows)
 * into a database nobody else uses yet: the seeds of the benchmarks. The indexes are set aside
 * and built once at the end (setIndexesAside), and the connection loads with settings of its
 * own, put back afterwards: a 1 GB page cache and the file mapped into memory (the index builds
 * read every row again), no sync to disk and no checkpoint until the rows are in, and the search
 * index's pending terms held in memory up to 2 GB, so that it is written in one piece and never
 * merged. Returns how long each part took, in ms.
 */
export async function bulkLoad(db: DB, load: () => unknown): Promise<{ rowsMs: number; searchIndexMs: number; indexesMs: number; checkpointMs: number }> {
  const c = db.$client;
  const pragma = (name: string) => Object.values(c.query(`PRAGMA ${name}`).get() as Record<string, number>)[0]!;
  const before = { cache_size: pragma("cache_size"), mmap_size: pragma("mmap_size"), synchronous: pragma("synchronous"), wal_autocheckpoint: pragma("wal_autocheckpoint"), threads: pragma("threads") };
  const set = (p: Record<string, number>) =>
    c.exec(
      Object.entries(p)
        .map(([k, v]) => `PRAGMA ${k} = ${v};`)
        .join(" "),
    );
  const hashsize = (bytes: number) => c.exec(`INSERT INTO participants_fts(participants_fts, rank) VALUES('hashsize', ${bytes})`);
  const t0 = performance.now();
  set({ cache_size: -1_048_576, mmap_size: 16 * 2 ** 30, synchronous: 0, wal_autocheckpoint: 0 });
  hashsize(2 ** 31 - 1);
  try {
    const aside = setIndexesAside(db);
    let rowsMs = 0;
    let built = { searchIndexMs: 0, indexesMs: 0 };
    try {
      await load();
    } finally {
      // Built again even when the load failed half way: the rows in are then indexed too.
      // The rows are in the write-ahead log until a checkpoint: read from there (as every index
      // build reads them again), each page is looked up in the log's index and copied; from the
      // file, it is mapped. A third faster.
      c.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      rowsMs = performance.now() - t0;
      // The index builds sort every row once per index: with a small sort buffer the sorter
      // cuts the rows into runs and sorts and merges them on a second thread (1.3 times as
      // fast on two free cores; no slower on one).
      set({ cache_size: -16_384, threads: 2 });
      built = aside.restore();
    }
    const t1 = performance.now();
    c.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA optimize;");
    return { rowsMs, ...built, checkpointMs: performance.now() - t1 };
  } finally {
    hashsize(1_048_576); // FTS5's default
    set(before);
  }
}
