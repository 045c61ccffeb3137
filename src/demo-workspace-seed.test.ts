// The demo workspace opens on boards with candidates on them: those who came through a job's
// campaign have their application at their progress.
import { expect, test } from "bun:test";
import { makeTestApp } from "../test/helpers";
import { seedWorkspaceDemo } from "./demo-workspace-seed";
import { listJobs } from "./features/jobs/service";
import { listOfJob } from "./features/applications/service";

const t = makeTestApp();

test("the demo's campaign candidates are on their jobs' boards, spread over the stages", async () => {
  const u = await t.signUp();
  seedWorkspaceDemo(t.deps, u.workspaceId, 80);
  const applications = listJobs(t.deps, u.workspaceId).flatMap((j) => listOfJob(t.deps, u.workspaceId, j.id));
  expect(applications.length).toBeGreaterThan(10);
  expect(new Set(applications.map((a) => a.stage)).size).toBeGreaterThanOrEqual(3);
  // Nobody moved them: the activity log is not filled with the seed's moves.
  const kinds = t.deps.db.$client.query("select kind from events where workspace_id = ? and kind = 'application.stage_changed'").all(u.workspaceId);
  expect(kinds).toHaveLength(0);
});
