// The summaries of the log of stage changes (decision 57): `reached` and `stays` on each
// application and `left_at` on each move are what the log says, whether the migration filled them
// from an old log or the moves wrote them one by one (back-dated moves, re-opens, stages removed).
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import { makeTestApp } from "../../../test/helpers";
import { reportsScenario } from "../../../test/kits/reports-scenario";
import * as schema from "../../db/schema";

const TAG = "0052_report_summaries";

/** What the log says: each move's next move in (at, id) order, each application's stages and finished stays. */
function fromTheLog(sqlite: Database) {
  const moves = sqlite
    .query<{ id: number; leftAt: number | null; want: number | null }, []>(
      `SELECT m.id, m.left_at AS leftAt, seq.next_at AS want FROM application_moves m
       JOIN (SELECT id, LEAD(at) OVER (PARTITION BY application_id ORDER BY at, id) AS next_at FROM application_moves) seq ON seq.id = m.id ORDER BY m.id`,
    )
    .all();
  const apps = sqlite
    .query<{ id: number; reached: string; stays: string; wantReached: string | null; wantStays: string | null }, []>(
      `SELECT a.id, a.reached, a.stays,
         (SELECT group_concat(s, ',' ORDER BY s) FROM (SELECT DISTINCT to_stage_id AS s FROM application_moves WHERE application_id = a.id)) AS wantReached,
         (SELECT group_concat(to_stage_id || ':' || (nx - at), ',' ORDER BY at, id) FROM (
            SELECT id, at, to_stage_id, LEAD(at) OVER (ORDER BY at, id) AS nx FROM application_moves WHERE application_id = a.id) WHERE nx IS NOT NULL) AS wantStays
       FROM applications a ORDER BY a.id`,
    )
    .all();
  return { moves, apps };
}

function expectAsTheLogSays(sqlite: Database) {
  const { moves, apps } = fromTheLog(sqlite);
  expect(moves.length).toBeGreaterThan(0);
  expect(moves.filter((m) => m.leftAt !== m.want)).toEqual([]);
  expect(apps.filter((a) => a.reached !== (a.wantReached ?? "") || a.stays !== (a.wantStays ?? ""))).toEqual([]);
}

test("the migration fills the summaries from the log: back-dated moves, equal times, re-opens, a removed stage", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo(TAG, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W')");
  sqlite.exec("INSERT INTO jobs (id, workspace_id, title) VALUES (10, 1, 'Engineer')");
  sqlite.exec("INSERT INTO participants (id, workspace_id, name) VALUES (1, 1, 'Ada'), (2, 1, 'Bob'), (3, 1, 'Cy')");
  sqlite.exec(`INSERT INTO pipeline_stages (id, workspace_id, name, position, kind) VALUES
    (1, 1, 'Applied', 0, 'open'), (2, 1, 'Screening', 1, 'open'), (3, 1, 'Interview', 2, 'open'), (5, 1, 'Placed', 3, 'open'), (6, 1, 'Rejected', 4, 'rejected')`);
  sqlite.exec(`INSERT INTO applications (id, workspace_id, participant_id, job_id, stage_id, created_at, moved_at) VALUES
    (100, 1, 1, 10, 2, 1000, 9000), (101, 1, 2, 10, 6, 1000, 5000), (102, 1, 3, 10, 1, 1000, 1000)`);
  // 100: a move written back later with an older time (id 5 at 2500), and two at one time; stage 4 was removed since.
  sqlite.exec(`INSERT INTO application_moves (id, workspace_id, application_id, from_stage_id, to_stage_id, at) VALUES
    (1, 1, 100, NULL, 1, 1000), (2, 1, 100, 1, 4, 3000), (3, 1, 100, 4, 3, 3000), (4, 1, 100, 3, 2, 9000), (5, 1, 100, 1, 2, 2500),
    (6, 1, 101, NULL, 1, 1000), (7, 1, 101, 1, 3, 2000), (8, 1, 101, 3, 6, 4000), (9, 1, 101, 6, 2, 4500), (10, 1, 101, 2, 6, 5000),
    (11, 1, 102, NULL, 1, 1000)`);

  migrate(db, { migrationsFolder: migrationsUpTo(TAG, true) });

  expectAsTheLogSays(sqlite);
  expect(sqlite.query("SELECT id, reached, stays FROM applications ORDER BY id").all()).toEqual([
    { id: 100, reached: "1,2,3,4", stays: "1:1500,2:500,4:0,3:6000" },
    { id: 101, reached: "1,2,3,6", stays: "1:1000,3:2000,6:500,2:500" },
    { id: 102, reached: "1", stays: "" },
  ]);
  expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
});

test("each move keeps the summaries as the log says, through a history of moves, stage changes, erasure, deletion and merge", async () => {
  const t = makeTestApp();
  await reportsScenario(t);
  expectAsTheLogSays(t.deps.db.$client);
}, 120_000);
