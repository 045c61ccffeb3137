import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage, type Toast } from "../../lib/render";
import { billingReturnToast } from "../billing/return-toast";
import { takeFlash } from "../../lib/flash";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { DashboardPage } from "./pages/dashboard";
import { loadDashboard } from "./service";

const CALENDAR_CONNECTED: Toast = {
  title: "Calendar Connected",
  description: "Google Calendar successfully connected. You can now create scheduling sessions.",
  variant: "success",
};

/**
 * The toast for a return from Google (?connected=true, part2 §2) or Stripe. The page is
 * rendered after the connection was stored, so its calendar state is already fresh; the
 * client removes the parameter from the address (src/client/one-shot-params.ts).
 */
function returnToast(query: Record<string, unknown>): Toast | undefined {
  if (query.connected === "true") return CALENDAR_CONNECTED;
  return billingReturnToast(query);
}

/** / and the recruiter dashboard (/dashboard, same page at /dashboard3). */
export function dashboardRoutes(deps: Deps) {
  const page = ({ me, cookie, query, workspaceId }: any) =>
    renderPage({
      title: "Dashboard",
      body: DashboardPage({ deps, shell: makeShell(deps, me.user), data: loadDashboard(deps, workspaceId, query ?? {}) }),
      toast: returnToast(query ?? {}) ?? takeFlash(cookie),
    });
  return new Elysia()
    .use(authGuard(deps))
    .get("/", () => new Response(null, { status: 302, headers: { location: "/dashboard" } }))
    .get("/dashboard", page, { auth: true })
    .get("/dashboard3", page, { auth: true });
}
