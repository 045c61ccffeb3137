import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { takeFlash } from "../../lib/flash";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { DashboardPage } from "./pages/dashboard";
import { loadDashboard } from "./service";

/** / and the recruiter dashboard (/dashboard, same page at /dashboard3). */
export function dashboardRoutes(deps: Deps) {
  const page = ({ me, cookie, query, workspaceId }: any) =>
    renderPage({
      title: "Dashboard",
      body: DashboardPage({ deps, shell: makeShell(deps, me.user), data: loadDashboard(deps, workspaceId, query ?? {}) }),
      toast: takeFlash(cookie),
    });
  return new Elysia()
    .use(authGuard(deps))
    .get("/", () => new Response(null, { status: 302, headers: { location: "/dashboard" } }))
    .get("/dashboard", page, { auth: true })
    .get("/dashboard3", page, { auth: true });
}
