import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { parseInput } from "../../lib/validate";
import { devGuard } from "../../lib/dev-pages";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { listCandidates, seedTestCandidates } from "../candidates/service";
import { BackupQuery, DebugQuery, LATEST_ROWS } from "./model";
import * as sync from "./sync";
import { debugParticipants, designTestParticipants } from "./debug";
import { MonitorPage } from "./pages/monitor-page";
import { DatabaseTestPage } from "./pages/database-test-page";
import { DatabaseDebugPage } from "./pages/database-debug-page";
import { DatabaseIntegrationPage } from "./pages/database-integration-page";
import { Dashboard2Page } from "./pages/dashboard2-page";
import { Dashboard4Page } from "./pages/dashboard4-page";

const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/**
 * The sync monitor's API (/api/participants/sync/*, /backup, /debug, /design-test) and the
 * developer pages. Static segments win over issue 3's /api/participants/:id in Elysia's
 * router, whatever the registration order (monitor.api.test.ts checks it).
 */
export function monitorRoutes(deps: Deps) {
  // The debug reads, the seed form and /database-debug are developer pages (DEV_PAGES).
  const dev = devGuard(deps.config.devPages, () => deps.clock.now().getTime());
  const api = new Elysia({ prefix: "/api/participants" })
    .use(authGuard(deps))
    .get("/sync/status", ({ workspaceId }) => sync.syncStatus(deps, workspaceId), { auth: true })
    .post(
      "/sync/trigger",
      async ({ workspaceId }) => {
        const { runId: _, ...result } = await sync.runSync(deps, workspaceId, { trigger: "manual" });
        return result;
      },
      { auth: true },
    )
    .get("/backup", ({ query, workspaceId }) => ({ backupData: sync.latestBackup(deps, workspaceId, parseInput(BackupQuery, query).limit) }), { auth: true })
    .get(
      "/debug",
      ({ query, workspaceId, me }) => {
        dev(me.user.id);
        return { participants: debugParticipants(deps, workspaceId, parseInput(DebugQuery, query).limit) };
      },
      { auth: true },
    )
    .get(
      "/design-test",
      ({ query, workspaceId, me }) => {
        dev(me.user.id);
        return { participants: designTestParticipants(deps, workspaceId, parseInput(DebugQuery, query).limit) };
      },
      { auth: true },
    );

  const pages = new Elysia()
    .use(authGuard(deps))
    .get(
      "/participants-monitor",
      ({ me, workspaceId, cookie }) =>
        renderPage({
          title: "Participants monitor",
          toast: takeFlash(cookie as any),
          body: MonitorPage({
            shell: makeShell(deps, me.user),
            initial: {
              status: sync.syncStatus(deps, workspaceId),
              participants: sync.latestOriginal(deps, workspaceId, LATEST_ROWS),
              backup: sync.latestBackup(deps, workspaceId, LATEST_ROWS),
            },
          }),
        }),
      { auth: true },
    )
    // Manual Sync without JavaScript: run, then back to the page with the result as a toast.
    .post(
      "/participants-monitor/sync",
      async ({ workspaceId, cookie }) => {
        const r = await sync.runSync(deps, workspaceId, { trigger: "manual" });
        setFlash(cookie as any, r.success ? { title: "Success", description: r.message, variant: "success" } : { title: "Error", description: "Sync failed", variant: "destructive" });
        return see("/participants-monitor");
      },
      { auth: true },
    )
    .get(
      "/database-test",
      ({ me, workspaceId, cookie }) =>
        renderPage({
          title: "Database test",
          toast: takeFlash(cookie as any),
          body: DatabaseTestPage({ shell: makeShell(deps, me.user), initial: listCandidates(deps, workspaceId) }),
        }),
      { auth: true },
    )
    // Add Test Candidates without JavaScript.
    .post(
      "/database-test/seed",
      ({ workspaceId, cookie, me }) => {
        dev(me.user.id);
        seedTestCandidates(deps, workspaceId);
        setFlash(cookie as any, { title: "Success", description: "Test candidates added to database", variant: "success" });
        return see("/database-test");
      },
      { auth: true },
    )
    // Without JavaScript the debug buttons are GET forms (?view=all|design) answered here.
    .get(
      "/database-debug",
      ({ me, workspaceId, query }) => {
        dev(me.user.id);
        const view = query.view === "all" || query.view === "design" ? query.view : null;
        const rows = view === "all" ? debugParticipants(deps, workspaceId, 500) : view === "design" ? designTestParticipants(deps, workspaceId, 500) : null;
        return renderPage({ title: "Database debug", body: DatabaseDebugPage({ shell: makeShell(deps, me.user), initial: { view, participants: rows } }) });
      },
      { auth: true },
    )
    // A static page for any audience (part2 §2): signed-in users get the frame, others the page alone.
    .get("/database-integration", ({ me }) => renderPage({ title: "Database integration", body: DatabaseIntegrationPage({ shell: me ? makeShell(deps, me.user) : null }) }), {
      withUser: true,
    })
    .get("/dashboard2", ({ me, cookie }) => renderPage({ title: "Dashboard", body: Dashboard2Page({ shell: makeShell(deps, me.user) }), toast: takeFlash(cookie as any) }), {
      auth: true,
    })
    .get(
      "/dashboard4",
      ({ me, workspaceId }) => renderPage({ title: "Developer tools", body: Dashboard4Page({ shell: makeShell(deps, me.user), status: sync.syncStatus(deps, workspaceId) }) }),
      { auth: true },
    );

  return new Elysia().use(api).use(pages);
}
