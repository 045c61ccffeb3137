// The house rule "services hold the rules; repos hold the SQL" (DESIGN.md): under src/features,
// only a repo file runs SQL. A repo file is named repo.ts, repo-<part>.ts or <part>-repo.ts.
// The check reads each file as Bun transpiles it (comments and types gone) and looks for a
// query built on a database or transaction (db.select(…), tx\n.update(…), db.run(…)), a drizzle
// sql`…` fragment, or a statement prepared on the bun:sqlite handle.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const FEATURES = `${ROOT}/src/features`;

const REPO_FILE = /(^|\/)(repo|repo-[a-z0-9-]+|[a-z0-9-]+-repo)\.ts$/;
/** A feature's table declarations (schema.ts, schema-<part>.ts): their sql`…` is a column's default, not a query. */
const SCHEMA_FILE = /(^|\/)schema(-[a-z0-9-]+)?\.ts$/;
const declaresTables = (code: string) => /\bsqliteTable\(/.test(code);

/**
 * Files whose SQL is a backup file's own, not a table of the app: the integrity check of a file
 * about to be restored, the sqlar archive of files inside a backup, VACUUM INTO and the backup
 * thread's busy timeout. They open that file themselves; the app's data is not read there.
 */
const BACKUP_FILE_SQL = new Set(["monitor/db-restore.ts", "monitor/backup-files.ts", "monitor/snapshot.ts", "monitor/backup.worker.ts"]);

const SQL_PATTERNS: [string, RegExp][] = [
  ["a query built on a database or transaction", /\b(db|tx|sqlite)\s*\.\s*(select|selectDistinct|insert|update|delete|run|all|get|values|query|prepare|exec)\s*\(/],
  ["a drizzle sql`…` fragment", /\bsql(\.raw)?\s*`|\bsql\.raw\s*\(/],
  ["a statement on the bun:sqlite handle", /\$client\s*\.\s*(prepare|query|run|exec)\s*\(/],
];

const transpiler = new Bun.Transpiler({ loader: "ts" });

/** What kinds of SQL a file's code runs (none: an empty list). */
export function sqlIn(code: string): string[] {
  const js = transpiler.transformSync(code);
  return SQL_PATTERNS.filter(([, re]) => re.test(js)).map(([what]) => what);
}

function featureFiles(): string[] {
  return [...new Glob("**/*.ts").scanSync(FEATURES)].filter((f) => !f.endsWith(".test.ts")).sort();
}

describe("SQL lives in repos", () => {
  test("no feature file other than a repo runs SQL", async () => {
    const offenders: string[] = [];
    for (const file of featureFiles()) {
      if (REPO_FILE.test(file) || BACKUP_FILE_SQL.has(file)) continue;
      const code = await Bun.file(`${FEATURES}/${file}`).text();
      if (SCHEMA_FILE.test(file) && declaresTables(code)) continue;
      const found = sqlIn(code);
      if (found.length) offenders.push(`${file}: ${found.join(", ")}`);
    }
    expect(offenders).toEqual([]);
  });

  test("the repos it lets through hold SQL it sees, and the exempt backup files still exist", async () => {
    const repos = featureFiles().filter((f) => REPO_FILE.test(f));
    expect(repos.length).toBeGreaterThan(30);
    const silent: string[] = [];
    for (const f of repos) if (!sqlIn(await Bun.file(`${FEATURES}/${f}`).text()).length) silent.push(f);
    expect(silent).toEqual([]);
    for (const f of BACKUP_FILE_SQL) expect(await Bun.file(`${FEATURES}/${f}`).exists()).toBe(true);
  });

  test("the check sees SQL written each way", () => {
    expect(sqlIn("export const f = (db: DB) => db.select().from(t).all();")).toHaveLength(1);
    expect(sqlIn("export function f(tx: Tx) {\n  tx\n    .update(meetings)\n    .set({ a: 1 })\n    .run();\n}")).toHaveLength(1);
    expect(sqlIn("export const f = (deps: Deps) => deps.db.insert(t).values({}).run();")).toHaveLength(1);
    expect(sqlIn("import { sql } from 'drizzle-orm';\nexport const n = sql<number>`count(*)`;")).toHaveLength(1);
    expect(sqlIn("const q = preparedQuery((db) => db.$client.prepare('select 1'));")).toHaveLength(1);
    expect(sqlIn("// db.select() in a comment\nexport const f = (m: Map<string, number>) => { m.delete('a'); app.delete('/x', h); };")).toEqual([]);
    expect(sqlIn("await retryOnBusy(deps.db.$client, () => repo.insertRun(deps.db, v));")).toEqual([]);
  });
});
