// Each application keeps its candidate's campaign (decision 59): the sources report reads it there
// instead of looking up every candidate. It follows the candidate's campaign on every path that sets
// or changes it: an application opened after the candidate arrived, the candidate coming again
// through another campaign link, a merge, the campaign's job deleted. And the migration fills it in.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { makeTestApp } from "../../../test/helpers";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import * as schema from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();
t.clock.set(new Date("2031-03-10T09:00:00Z"));

test("an application's kept campaign follows its candidate's, and the sources report counts it so", async () => {
  const u = await t.signUp();
  const ws = u.workspaceId;
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    return { status: res.status, body: JSON.parse((await res.text()) || "null") };
  };
  const job = async (title: string) => (await call("/api/jobs", { json: { title } })).body.job.id as number;
  const [jobA, jobB, jobC] = [await job("Backend Engineer"), await job("Designer"), await job("Analyst")];
  const boardA = (await call(`/api/jobs/${jobA}/campaigns`, { json: { name: "Board A" } })).body.campaign.id as number;
  const boardB = (await call(`/api/jobs/${jobB}/campaigns`, { json: { name: "Board B" } })).body.campaign.id as number;
  const add = async (jobId: number, candidateId: number) => expect((await call(`/api/jobs/${jobId}/applications`, { json: { candidateId } })).status).toBe(201);
  /** Applications per source, from the sources report's CSV over the whole period. */
  const sources = async () => {
    const res = await t.request("/reports.csv?report=sources&from=2031-01-01&to=2031-12-31", { cookie: u.cookie });
    const rows = (await res.text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(","));
    return Object.fromEntries(rows.map((r) => [r[0], Number(r[1])]));
  };
  /** Applications whose kept campaign is not their candidate's: none, after every step. */
  const strays = () =>
    t.deps.db.$client
      .query(
        "SELECT a.id, a.campaign_id, p.campaign_id AS candidates FROM applications a JOIN participants p ON p.id = a.participant_id WHERE a.workspace_id = ?1 AND a.campaign_id IS NOT p.campaign_id",
      )
      .all(ws);

  // Ada arrives through Board A (an application to job A, with the link's own source); a member adds her to job C later:
  // that application has no source of its own, so it counts as her campaign's.
  const ada = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "ada-1", name: "Ada", emailAddress: "ada@example.com", jobId: jobA, campaignId: boardA });
  await add(jobC, ada.id);
  expect(strays()).toEqual([]);
  expect(await sources()).toEqual({ "campaign:board-a": 1, "Board A": 1 });

  // She comes again through Board B: her campaign is Board B now, and so is the campaign job C's application counts.
  upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "ada-2", name: "Ada", emailAddress: "ada@example.com", jobId: jobB, campaignId: boardB });
  expect(strays()).toEqual([]);
  expect(await sources()).toEqual({ "campaign:board-a": 1, "campaign:board-b": 1, "Board B": 1 });
  // Job C's counts on /jobs name it as the report does (a campaign's name is not a source to filter by: no link).
  const jobs = (await (await t.request("/jobs", { cookie: u.cookie })).text()).replaceAll("<!-- -->", "");
  expect(jobs).toContain("Applications by source: <span>Board B 1 (0 Screening");

  // Bob, added by a member (no campaign), is merged into Cleo, who came through Board A: his application becomes hers.
  const bob = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "bob", name: "Bob", emailAddress: "bob@example.com" });
  await add(jobC, bob.id);
  expect((await sources()).Direct).toBe(1);
  const cleo = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "cleo", name: "Cleo", emailAddress: "cleo@example.com", jobId: jobA, campaignId: boardA });
  expect((await call("/api/participants/merge", { json: { keepId: cleo.id, mergeIds: [bob.id] } })).status).toBe(200);
  expect(strays()).toEqual([]);
  expect(await sources()).toEqual({ "campaign:board-a": 2, "campaign:board-b": 1, "Board B": 1, "Board A": 1 });

  // Job B is deleted and Board B with it: Ada's campaign is gone, her application to job C is Direct.
  expect((await call(`/api/jobs/${jobB}`, { method: "DELETE" })).status).toBe(200);
  expect(strays()).toEqual([]);
  expect(await sources()).toEqual({ "campaign:board-a": 2, Direct: 1, "Board A": 1 });
});

test("the migration fills each application's campaign from its candidate's", () => {
  const TAG = "0054_application_campaigns";
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo(TAG, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W')");
  sqlite.exec("INSERT INTO jobs (id, workspace_id, title) VALUES (10, 1, 'Engineer'), (11, 1, 'Designer')");
  sqlite.exec("INSERT INTO campaigns (id, workspace_id, job_id, name, code) VALUES (5, 1, 10, 'Board', 'board-code')");
  sqlite.exec("INSERT INTO participants (id, workspace_id, name, campaign_id) VALUES (1, 1, 'Ada', 5), (2, 1, 'Bob', NULL)");
  sqlite.exec("INSERT INTO pipeline_stages (id, workspace_id, name, position, kind) VALUES (20, 1, 'Applied', 0, 'open')");
  sqlite.exec(`INSERT INTO applications (id, workspace_id, participant_id, job_id, stage_id, source) VALUES
    (100, 1, 1, 10, 20, 'campaign:board'), (101, 1, 1, 11, 20, NULL), (102, 1, 2, 10, 20, NULL)`);

  migrate(db, { migrationsFolder: migrationsUpTo(TAG, true) });

  expect(sqlite.query("SELECT id, campaign_id FROM applications ORDER BY id").all()).toEqual([
    { id: 100, campaign_id: 5 },
    { id: 101, campaign_id: 5 },
    { id: 102, campaign_id: null },
  ]);
  // Kept as the candidates' is: the campaign's deletion clears it.
  sqlite.exec("DELETE FROM campaigns WHERE id = 5");
  expect(sqlite.query("SELECT count(*) AS n FROM applications WHERE campaign_id IS NOT NULL").get()).toEqual({ n: 0 });
});
