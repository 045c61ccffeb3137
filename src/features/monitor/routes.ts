import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { devGuard } from "../../lib/dev-pages";

import { listCandidates, seedTestCandidates } from "../candidates/service";
import { BackupList, BackupQuery, DebugList, DebugPageQuery, DebugQuery, SyncStatusView, SyncTriggerView } from "./model";
import { loadDatabaseDebug, loadMonitorPage } from "./page-props";
import { latestBackup, type SyncRunner } from "./sync";
import { debugParticipants, designTestParticipants } from "./debug";
import { MonitorPage } from "./pages/monitor-page";
import { DatabaseTestPage } from "./pages/database-test-page";
import { DatabaseDebugPage } from "./pages/database-debug-page";
import { DatabaseIntegrationPage } from "./pages/database-integration-page";
import { Dashboard2Page } from "./pages/dashboard2-page";
import { Dashboard4Page } from "./pages/dashboard4-page";

/**
 * The sync monitor's API (/api/participants/sync/*, /backup, /debug, /design-test) and the
 * developer pages. Static segments win over issue 3's /api/participants/:id in Elysia's
 * router, whatever the registration order (monitor.api.test.ts checks it).
 */
export function monitorRoutes(deps: Deps, web: Web, sync: SyncRunner) {
  // The debug reads, the seed form and /database-debug are developer pages (DEV_PAGES).
  const dev = devGuard(deps.config.devPages, () => deps.clock.now().getTime());
  const api = new Elysia({ prefix: "/api/participants", tags: ["Participants monitor"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/sync/status", ({ workspaceId }) => sync.status(workspaceId), { response: { 200: SyncStatusView }, detail: { summary: "The participants backup: tables, counts, last run" } })
    .post(
      "/sync/trigger",
      async ({ workspaceId }) => {
        const { runId: _, ...result } = await sync.run(workspaceId, { trigger: "manual" });
        return result;
      },
      { response: { 200: SyncTriggerView }, detail: { summary: "Copy the participants to the backup table now" } },
    )
    .get("/backup", ({ query, workspaceId }) => ({ backupData: latestBackup(deps, workspaceId, query.limit) }), {
      query: BackupQuery,
      response: { 200: BackupList },
      detail: { summary: "The latest rows of the backup table" },
    })
    .get(
      "/debug",
      ({ query, workspaceId, me }) => {
        dev(me.user.id);
        return { participants: debugParticipants(deps, workspaceId, query.limit) };
      },
      { query: DebugQuery, response: { 200: DebugList }, detail: { summary: "Participants in their database field names (developer pages only)" } },
    )
    .get(
      "/design-test",
      ({ query, workspaceId, me }) => {
        dev(me.user.id);
        return { participants: designTestParticipants(deps, workspaceId, query.limit) };
      },
      { query: DebugQuery, response: { 200: DebugList }, detail: { summary: "The design candidates the debug page tests (developer pages only)" } },
    );

  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/participants-monitor", ({ me, workspaceId, cookie }) =>
      renderPage({
        title: "Participants monitor",
        toast: takeFlash(cookie),
        body: MonitorPage({
          shell: web.shell(me.user),
          initial: loadMonitorPage(deps, sync, workspaceId),
        }),
      }),
    )
    // Manual Sync without JavaScript: run, then back to the page with the result as a toast.
    .post("/participants-monitor/sync", async ({ workspaceId, cookie }) => {
      const r = await sync.run(workspaceId, { trigger: "manual" });
      setFlash(cookie, r.success ? { title: "Success", description: r.message, variant: "success" } : { title: "Error", description: "Sync failed", variant: "destructive" });
      return seeOther("/participants-monitor");
    })
    .get("/database-test", ({ me, workspaceId, cookie }) =>
      renderPage({
        title: "Database test",
        toast: takeFlash(cookie),
        body: DatabaseTestPage({ shell: web.shell(me.user), initial: listCandidates(deps, workspaceId) }),
      }),
    )
    // Add Test Candidates without JavaScript.
    .post("/database-test/seed", ({ workspaceId, cookie, me }) => {
      dev(me.user.id);
      seedTestCandidates(deps, workspaceId);
      setFlash(cookie, { title: "Success", description: "Test candidates added to database", variant: "success" });
      return seeOther("/database-test");
    })
    // Without JavaScript the debug buttons are GET forms (?view=all|design) answered here.
    .get(
      "/database-debug",
      ({ me, workspaceId, query }) => {
        dev(me.user.id);
        return renderPage({ title: "Database debug", body: DatabaseDebugPage({ shell: web.shell(me.user), initial: loadDatabaseDebug(deps, workspaceId, query.view) }) });
      },
      { query: DebugPageQuery },
    )
    .get("/dashboard2", ({ me, cookie }) => renderPage({ title: "Dashboard", body: Dashboard2Page({ shell: web.shell(me.user) }), toast: takeFlash(cookie) }))
    .get("/dashboard4", ({ me, workspaceId }) => renderPage({ title: "Developer tools", body: Dashboard4Page({ shell: web.shell(me.user), status: sync.status(workspaceId) }) }));

  // A static page for any audience (part2 §2): signed-in users get the frame, others the page alone.
  const openPages = new Elysia()
    .use(web.guard)
    .get("/database-integration", ({ me }) => renderPage({ title: "Database integration", body: DatabaseIntegrationPage({ shell: me ? web.shell(me.user) : null }) }), {
      withUser: true,
    });

  return new Elysia().use(api).use(pages).use(openPages);
}
