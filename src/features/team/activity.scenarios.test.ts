import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";

const t = makeTestApp();
const actions = (j: { activity: { action: string }[] }) => j.activity.map((a) => a.action);

apiScenarios(
  "workspace activity API",
  t,
  async (w: World) => {
    await t.request("/api/shortlists", { headers: w.headers.stranger, json: { name: "Theirs" } });
  },
  [
    { name: "a recruiter may not read it", url: "/api/workspace/activity", as: "recruiter", status: 403, code: "forbidden" },
    { name: "without a session", url: "/api/workspace/activity", as: "anonymous", status: 401, code: "unauthorized" },
    {
      name: "a change is recorded",
      method: "PATCH",
      url: "/api/candidate-settings",
      body: { retentionMonths: 24 },
      as: "admin",
      status: 200,
      events: { "settings.changed": 1 },
      expect: (j) => expect(j.retentionMonths).toBe(24),
    },
    {
      name: "and a shortlist",
      method: "POST",
      url: "/api/shortlists",
      body: { name: "Finalists" },
      as: "writeKey",
      status: 201,
      events: { "shortlist.created": 1 },
      expect: (j) => expect(j).toMatchObject({ name: "Finalists", candidateIds: [] }),
    },
    {
      name: "newest first, with the member",
      url: "/api/workspace/activity",
      as: "owner",
      status: 200,
      expect: (j) => {
        expect(actions(j).slice(0, 2)).toEqual(["shortlist.created", "settings.changed"]);
        expect(j.activity[1].member.name).toStartWith("Member");
        expect(Object.keys(j.activity[0]).sort()).toEqual(["action", "createdAt", "id", "member", "object", "summary"]);
        expect(j.nextBefore).toBeNull();
      },
    },
    { name: "filtered by action", url: "/api/workspace/activity?action=settings.changed", as: "readKey", status: 200, expect: (j) => expect(actions(j)).toEqual(["settings.changed"]) },
    {
      name: "paged",
      url: "/api/workspace/activity?limit=1",
      as: "admin",
      status: 200,
      expect: (j) => {
        expect(j.activity).toHaveLength(1);
        expect(j.nextBefore).toBe(j.activity[0].id);
      },
    },
    {
      name: "another workspace sees only its own",
      url: "/api/workspace/activity",
      as: "strangerKey",
      status: 200,
      expect: (j) => {
        expect(actions(j)).toContain("shortlist.created");
        expect(actions(j)).not.toContain("settings.changed");
      },
    },
    { name: "a limit above 200", url: "/api/workspace/activity?limit=500", as: "owner", status: 400, code: "validation_failed" },
    { name: "a bad member filter", url: "/api/workspace/activity?member=abc", as: "owner", status: 400, code: "validation_failed" },
  ],
);
