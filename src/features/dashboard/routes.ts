import { Elysia } from "elysia";
import type { DashboardDeps } from "./needs";
import type { Web } from "../auth/web";
import { renderPage, type Toast } from "../../lib/render";
import { billingReturnToast } from "../billing/return-toast";
import { takeFlash } from "../../lib/flash";

import { DashboardPage } from "./pages/dashboard";
import { DashboardQuery } from "./model";
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
function returnToast(query: DashboardQuery): Toast | undefined {
  if (query.connected === "true") return CALENDAR_CONNECTED;
  return billingReturnToast(query);
}

/** / and the recruiter dashboard (/dashboard, same page at /dashboard3). */
export function dashboardRoutes(deps: DashboardDeps, web: Web) {
  const signedIn = new Elysia().use(web.guard).guard({ auth: true });
  for (const path of ["/dashboard", "/dashboard3"]) {
    signedIn.get(
      path,
      ({ me, cookie, query }) =>
        renderPage({ title: "Dashboard", body: DashboardPage({ shell: web.shell(me.user), data: loadDashboard(deps, me.user, query) }), toast: returnToast(query) ?? takeFlash(cookie) }),
      { query: DashboardQuery },
    );
  }
  return new Elysia().get("/", () => new Response(null, { status: 302, headers: { location: "/dashboard" } })).use(signedIn);
}
