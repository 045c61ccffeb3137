// The migration that brings the job pipeline (0030): every workspace gets the default stages and
// every existing candidate an application, in Applied, to their campaign's job (or the job they
// applied for); candidates without a job, erased ones and other workspaces' jobs get none.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import * as schema from "../../db/schema";

const PIPELINE = "0033_agency_pipeline";

test("one application per existing candidate from their campaign's job, in Applied", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo(PIPELINE, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W'), (2, 'V')");
  sqlite.exec("INSERT INTO jobs (id, workspace_id, title) VALUES (10, 1, 'Engineer'), (11, 1, 'Designer'), (20, 2, 'Elsewhere')");
  sqlite.exec("INSERT INTO campaigns (id, workspace_id, job_id, name, code) VALUES (100, 1, 10, 'Seek', 'c-seek'), (101, 1, 11, 'LinkedIn', 'c-li')");
  // 1: came through a campaign (its job wins over a stale job_id); 2: a job without a campaign;
  // 3: no job; 4: erased; 5: another workspace's job id (never theirs); 6: second workspace.
  sqlite.exec(`INSERT INTO participants (id, workspace_id, name, job_id, campaign_id, erased, created_at) VALUES
    (1, 1, 'Ada', 11, 100, 0, 1700000000000),
    (2, 1, 'Bob', 11, NULL, 0, 1700000001000),
    (3, 1, 'Cy', NULL, NULL, 0, 1700000002000),
    (4, 1, NULL, 10, 100, 1, 1700000003000),
    (5, 1, 'Eve', 20, NULL, 0, 1700000004000),
    (6, 2, 'Fay', 20, NULL, 0, 1700000005000)`);

  migrate(db, { migrationsFolder: migrationsUpTo(PIPELINE, true) });

  const stages = sqlite.query("SELECT workspace_id, name, position, kind FROM pipeline_stages ORDER BY workspace_id, position").all();
  const names = ["Applied", "Screening", "Interview", "Offer", "Placed", "Rejected"];
  expect(stages).toEqual([1, 2].flatMap((w) => names.map((name, position) => ({ workspace_id: w, name, position, kind: name === "Rejected" ? "rejected" : "open" }))));
  const apps = sqlite
    .query("SELECT a.workspace_id, a.participant_id, a.job_id, s.name AS stage, a.created_at FROM applications a JOIN pipeline_stages s ON s.id = a.stage_id ORDER BY a.participant_id")
    .all();
  expect(apps).toEqual([
    { workspace_id: 1, participant_id: 1, job_id: 10, stage: "Applied", created_at: 1700000000000 },
    { workspace_id: 1, participant_id: 2, job_id: 11, stage: "Applied", created_at: 1700000001000 },
    { workspace_id: 2, participant_id: 6, job_id: 20, stage: "Applied", created_at: 1700000005000 },
  ]);
  // Each application's first move is recorded, so the funnel counts them from the day they applied.
  expect(sqlite.query("SELECT count(*) AS n FROM application_moves WHERE from_stage_id IS NULL").get()).toEqual({ n: 3 });
  expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
});
