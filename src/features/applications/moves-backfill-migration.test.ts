// The migration of issue 58: every move the events record has and the moves table lacks is
// written back (so a candidate who reached Interview and was rejected later counts as having
// reached it), and each application gets its owner: the first member who added or moved it.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import * as schema from "../../db/schema";

const TAG = "0045_placements_and_reports";

test("moves missing from the log are filled from application.stage_changed events; owners from the first member's move", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo(TAG, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W')");
  sqlite.exec("INSERT INTO users (id, workspace_id, email, password, role) VALUES (7, 1, 'r@example.com', 'x', 'recruiter')");
  sqlite.exec("INSERT INTO jobs (id, workspace_id, title) VALUES (10, 1, 'Engineer')");
  sqlite.exec("INSERT INTO participants (id, workspace_id, name) VALUES (1, 1, 'Ada'), (2, 1, 'Bob')");
  const stage = (name: string) => (sqlite.query("SELECT id FROM pipeline_stages WHERE workspace_id = 1 AND name = ?").get(name) as { id: number } | null)?.id;
  sqlite.exec(`INSERT INTO pipeline_stages (workspace_id, name, position, kind) VALUES
    (1, 'Applied', 0, 'open'), (1, 'Screening', 1, 'open'), (1, 'Interview', 2, 'open'), (1, 'Offer', 3, 'open'), (1, 'Placed', 4, 'open'), (1, 'Rejected', 5, 'rejected')`);
  // Ada: arrived by a campaign (no member), then the recruiter's moves are in the events record only.
  sqlite.exec(`INSERT INTO applications (id, workspace_id, participant_id, job_id, stage_id, rejected_reason, created_at, moved_at) VALUES
    (100, 1, 1, 10, ${stage("Rejected")}, 'Salary', 1000, 3000), (101, 1, 2, 10, ${stage("Screening")}, NULL, 1000, 2000)`);
  sqlite.exec(`INSERT INTO application_moves (workspace_id, application_id, from_stage_id, to_stage_id, user_id, at) VALUES
    (1, 100, NULL, ${stage("Applied")}, NULL, 1000), (1, 101, NULL, ${stage("Applied")}, NULL, 1000), (1, 101, ${stage("Applied")}, ${stage("Screening")}, 7, 2000)`);
  const ev = (app: number, from: string, to: string, at: number) =>
    `(1, 'user', 7, 'candidate', '${app === 100 ? 1 : 2}', 'application.stage_changed', '${JSON.stringify({ applicationId: app, from, to })}', ${at})`;
  sqlite.exec(`INSERT INTO events (workspace_id, actor, user_id, subject_type, subject_id, kind, data, created_at) VALUES
    ${ev(100, "Applied", "Interview", 2000)}, ${ev(100, "Interview", "Rejected", 3000)}, ${ev(101, "Applied", "Screening", 2000)}, ${ev(100, "Interview", "Gone stage", 2500)}`);

  migrate(db, { migrationsFolder: migrationsUpTo(TAG, true) });

  const moves = sqlite
    .query(
      "SELECT m.application_id AS app, f.name AS from_name, t.name AS to_name, m.user_id, m.at FROM application_moves m LEFT JOIN pipeline_stages f ON f.id = m.from_stage_id JOIN pipeline_stages t ON t.id = m.to_stage_id ORDER BY m.application_id, m.at",
    )
    .all();
  expect(moves).toEqual([
    { app: 100, from_name: null, to_name: "Applied", user_id: null, at: 1000 },
    { app: 100, from_name: "Applied", to_name: "Interview", user_id: 7, at: 2000 },
    { app: 100, from_name: "Interview", to_name: "Rejected", user_id: 7, at: 3000 },
    // 101's move was in the log already: not written twice.
    { app: 101, from_name: null, to_name: "Applied", user_id: null, at: 1000 },
    { app: 101, from_name: "Applied", to_name: "Screening", user_id: 7, at: 2000 },
  ]);
  expect(sqlite.query("SELECT id, owner_user_id FROM applications ORDER BY id").all()).toEqual([
    { id: 100, owner_user_id: 7 },
    { id: 101, owner_user_id: 7 },
  ]);
  expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
});
