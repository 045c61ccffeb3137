import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios } from "../../../test/kits/api-scenario";
import { upsertParticipantFromVisitor } from "../candidates/service";

// The debug reads are developer pages: on here (DEV_PAGES=1); dev-pages.api.test.ts checks them off.
const t = makeTestApp({ DEV_PAGES: "1" });

apiScenarios(
  "participants monitor API",
  t,
  async (w) => {
    for (const [i, role] of ["UX Designer", "Welder"].entries()) {
      upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `mon-${i}`, name: `Person ${i}`, emailAddress: `p${i}@example.com`, roleApplied: role });
    }
  },
  [
    {
      name: "the status before any copy",
      url: "/api/participants/sync/status",
      as: "owner",
      status: 200,
      expect: (j) => {
        expect(Object.keys(j).sort()).toEqual(["backupCount", "backupExists", "cronActive", "cronSchedule", "isInitialized", "lastRun", "lastSync", "originalCount", "originalExists", "running"]);
        expect(j.originalCount).toBe(2);
        expect(j.lastSync).toBeNull();
      },
    },
    { name: "without a session", url: "/api/participants/sync/status", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key reads the status", url: "/api/participants/sync/status", as: "readKey", status: 200, expect: (j) => expect(j.originalCount).toBe(2) },
    { name: "another workspace counts its own", url: "/api/participants/sync/status", as: "strangerKey", status: 200, expect: (j) => expect(j.originalCount).toBe(0) },
    { name: "a read key may not copy", method: "POST", url: "/api/participants/sync/trigger", as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "copying needs a session", method: "POST", url: "/api/participants/sync/trigger", as: "anonymous", status: 401, code: "unauthorized" },
    {
      name: "copies now",
      method: "POST",
      url: "/api/participants/sync/trigger",
      as: "recruiter",
      status: 200,
      expect: (j) => {
        expect(Object.keys(j).sort()).toEqual(["duration", "message", "recordCount", "success"]);
        expect(j).toMatchObject({ success: true, recordCount: 2 });
      },
    },
    {
      name: "the backup rows",
      url: "/api/participants/backup?limit=5",
      as: "owner",
      status: 200,
      expect: (j) => {
        expect(j.backupData).toHaveLength(2);
        expect(Object.keys(j.backupData[0]).sort()).toEqual(["department", "email", "id", "name", "position", "status", "sync_status", "sync_timestamp"]);
      },
    },
    { name: "another workspace's backup is its own", url: "/api/participants/backup", as: "stranger", status: 200, expect: (j) => expect(j.backupData).toEqual([]) },
    { name: "a limit below 1", url: "/api/participants/backup?limit=0", as: "owner", status: 400, code: "validation_failed", message: "Limit must be between 1 and 100" },
    { name: "a limit above 100", url: "/api/participants/backup?limit=101", as: "owner", status: 400, message: "Limit must be between 1 and 100" },
    { name: "a limit that is no number", url: "/api/participants/backup?limit=abc", as: "owner", status: 400, code: "validation_failed" },
    {
      name: "the debug rows in database field names",
      url: "/api/participants/debug?limit=10",
      as: "owner",
      status: 200,
      expect: (j) => {
        expect(j.participants).toHaveLength(2);
        expect(Object.keys(j.participants[0]).sort()).toEqual(
          ["assessment", "city", "email_address", "id", "industry", "job_title", "name", "prequalifier", "role_applied", "stages", "unique_id", "voice_transcript"].sort(),
        );
      },
    },
    { name: "a debug limit too large", url: "/api/participants/debug?limit=1001", as: "owner", status: 400, message: "Limit must be between 1 and 1000" },
    {
      name: "the design candidates",
      url: "/api/participants/design-test",
      as: "readKey",
      status: 200,
      expect: (j) => expect(j.participants.map((p: { role_applied: string }) => p.role_applied)).toEqual(["UX Designer"]),
    },
    { name: "debug needs a session", url: "/api/participants/design-test", as: "anonymous", status: 401, code: "unauthorized" },
  ],
);
