import { sql } from "drizzle-orm";
import type { DB } from "./client";

/**
 * A hot query built once per database. Drizzle builds the SQL text and SQLite compiles it
 * on every ordinary call (about 100 µs together); a prepared query skips both (about 5 µs).
 * Values go in through `param(name)` placeholders, given at execution:
 *
 *   const byCode = preparedQuery((db) => db.select().from(t).where(eq(t.code, param("code"))).prepare());
 *   byCode(db).get({ code });
 *
 * A placeholder in a condition (eq, lt…) goes to SQLite as given, so a timestamp_ms column
 * is compared with `date.getTime()`; one in insert values goes through the column's own
 * mapping, so it takes the Date.
 */
export function preparedQuery<Q>(build: (db: DB) => Q): (db: DB) => Q {
  const cache = new WeakMap<DB, Q>();
  return (db) => {
    let q = cache.get(db);
    if (!q) cache.set(db, (q = build(db)));
    return q;
  };
}

/**
 * A named placeholder, typed as the column's value so it fits `eq()` and `inWorkspace()`
 * (drizzle accepts placeholders wherever a value goes).
 */
export function param<T = number>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

const totalChanges = preparedQuery((db) => db.$client.prepare<{ n: number }, []>("select total_changes() as n"));
const dataVersion = preparedQuery((db) => db.$client.prepare<{ data_version: number }, []>("pragma data_version"));

/**
 * A stamp that changes whenever the database may have changed: a write on this connection
 * (total_changes) or a commit by any other connection or process (data_version). A result
 * read under one stamp is still exact while the stamp is the same, so a costly read can be
 * kept until then. Costs two tiny statements (about 2 µs).
 */
export function writeStamp(db: DB): string {
  return `${totalChanges(db).get()!.n}:${dataVersion(db).get()!.data_version}`;
}
