// The migration to one event record (0029): the activity log's rows and the candidates' timeline
// rows become events, in time order; the log and the timelines read the same as before.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import * as schema from "../../db/schema";
import type { Deps } from "../../deps";
import { timelineOf } from "../candidates/timeline";
import { activityLog, eventsAbout } from "./views";

const MOVE = "0032_one_event_record";

test("activity rows and timeline rows become events; the log and the timeline read as before", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W')");
  sqlite.exec("INSERT INTO users (id, workspace_id, email, password, name, role) VALUES (7, 1, 'rita@example.com', 'x', 'Rita', 'owner')");
  sqlite.exec("INSERT INTO participants (id, workspace_id, unique_id, name, stages) VALUES (3, 1, 'p3', 'Ann', 2)");
  sqlite.exec(`INSERT INTO workspace_activity (workspace_id, user_id, action, object_type, object_id, summary, created_at) VALUES
    (1, 7, 'member.invited', 'invitation', '4', 'new@example.com as recruiter', 1000),
    (1, 7, 'candidate.stage_changed', 'candidate', '3', NULL, 4000)`);
  sqlite.exec(`INSERT INTO participant_events (workspace_id, participant_id, kind, detail, user_id, created_at) VALUES
    (1, 3, 'applied', '{"campaignId":5,"jobId":2}', NULL, 2000),
    (1, 3, 'edited', '{"fields":["city"]}', 7, 3000),
    (1, 3, 'stage', '{"from":1,"to":2}', 7, 4000),
    (1, 3, 'imported', '{"updated":true,"fields":["city"]}', 7, 5000),
    (1, 3, 'merged', '{"mergedIds":[9],"count":1}', 7, 6000)`);

  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, true) });

  const deps = { db } as unknown as Deps;
  // The log: the two activity rows, newest first, not the timeline's copies of the same changes.
  expect(activityLog(deps, 1, { limit: 50 }).map((r) => ({ kind: r.kind, userId: r.userId, subject: `${r.subjectType}:${r.subjectId}`, summary: r.summary, at: r.createdAt.getTime() }))).toEqual([
    { kind: "candidate.stage_changed", userId: 7, subject: "candidate:3", summary: null, at: 4000 },
    { kind: "member.invited", userId: 7, subject: "invitation:4", summary: "new@example.com as recruiter", at: 1000 },
  ]);
  // The timeline: the same entries as the old table gave.
  expect(timelineOf(eventsAbout(deps, 1, "candidate", 3)).map(({ kind, detail, userId, at }) => ({ kind, detail, userId, at: Date.parse(at) }))).toEqual([
    { kind: "applied", detail: { campaignId: 5, jobId: 2 }, userId: null, at: 2000 },
    { kind: "edited", detail: { fields: ["city"] }, userId: 7, at: 3000 },
    { kind: "stage", detail: { from: 1, to: 2 }, userId: 7, at: 4000 },
    { kind: "imported", detail: { updated: true, fields: ["city"] }, userId: 7, at: 5000 },
    { kind: "merged", detail: { mergedIds: [9], count: 1 }, userId: 7, at: 6000 },
  ]);
  // The old tables are gone; a candidate's events go with their record.
  expect(sqlite.query("SELECT name FROM sqlite_master WHERE name IN ('workspace_activity', 'participant_events')").all()).toEqual([]);
  sqlite.exec("DELETE FROM participants WHERE id = 3");
  expect(eventsAbout(deps, 1, "candidate", 3)).toEqual([]);
  expect(activityLog(deps, 1, { limit: 50 }).map((r) => r.kind)).toEqual(["member.invited"]);
});
