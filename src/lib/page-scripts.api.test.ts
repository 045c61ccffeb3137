import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../test/helpers";
import { createCampaign, createJob } from "../features/jobs/service";
import { islands } from "../assets.gen";

// Decision 27: a page loads one script. The signed-in pages share the workspace bundle; a page
// seen without signing in loads its own island's bundle, never the workspace's code.
const t = makeTestApp();
const scriptsOf = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);

describe("one script per page", () => {
  test("the workspace pages load the one workspace bundle", async () => {
    const u = await t.signUp();
    const workspace = islands["dashboard-candidates"]!;
    expect(workspace).toMatch(/\/workspace-[a-z0-9]+\.js$/);
    for (const path of ["/dashboard", "/candidates", "/interviews", "/chat"]) {
      const res = await t.request(path, { cookie: u.cookie });
      expect(res.status).toBe(200);
      expect({ path, scripts: scriptsOf(await res.text()) }).toEqual({ path, scripts: [workspace] });
    }
  });

  test("the sign-in page and the candidate's chat load their own island only", async () => {
    const u = await t.signUp();
    const job = createJob(t.deps, u.workspaceId, { title: "Script Budget Role", description: null, location: null }, "system");
    const { code } = createCampaign(t.deps, u.workspaceId, job.id, { name: "Scripts", label: null, description: null }, "system");
    for (const [path, island] of [
      ["/login", "login-form"],
      [`/prequalifier?c=${code}`, "visitor-chat"],
    ] as const) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      const scripts = scriptsOf(await res.text());
      expect(scripts).toEqual([islands[island]!]);
      expect(scripts[0]).not.toContain("/workspace-");
    }
  });
});
