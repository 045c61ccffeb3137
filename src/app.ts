import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import type { Deps } from "./deps";
import { httpPlugin } from "./lib/http";
import { renderPage } from "./lib/render";
import { serveAsset } from "./lib/assets";
import { ErrorPage, errorTitle } from "./ui/error-page";
import { authRoutes } from "./features/auth/routes";
import { siteRoutes } from "./features/auth/site-routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { mailboxRoutes } from "./features/mailbox/routes";
import { visitorRoutes } from "./features/visitors/routes";
import { visitorSettingsRoutes } from "./features/visitors/settings-routes";
import { calendarRoutes } from "./features/calendar/routes";
import { billingRoutes } from "./features/billing/routes";
import { billingAccessGate } from "./features/billing/gate";
import { installAccessGate } from "./features/auth/guard";
import { jobRoutes } from "./features/jobs/routes";
import { candidateRoutes } from "./features/candidates/routes";
import { shortlistRoutes } from "./features/shortlists/routes";
import { monitorRoutes } from "./features/monitor/routes";
import { schedulingRoutes } from "./features/scheduling/routes";
import { chatRoutes } from "./features/chat/routes";

/** Builds the whole app from the feature plugins. Tests call app.handle(); main.ts listens. */
export function createApp(deps: Deps) {
  // The subscription gate lives in the auth guard; billing says who passes.
  installAccessGate(deps, billingAccessGate(deps));
  return new Elysia({ serve: { maxRequestBodySize: 1024 * 1024 } })
    .use(
      httpPlugin({
        appUrl: deps.config.APP_URL,
        secure: deps.config.secureCookies,
        log: deps.log,
        renderError: (status, message) => renderPage({ title: errorTitle(status), status, body: ErrorPage({ status, message }) }),
      }),
    )
    .get("/assets/*", ({ request }) => {
      const res = serveAsset(new URL(request.url).pathname, request.headers.get("accept-encoding"));
      return res ?? new Response("Not found", { status: 404 });
    })
    .get("/healthz", ({ set }) => {
      try {
        deps.db.get(sql`select 1`);
        return { status: "ok" };
      } catch {
        set.status = 503;
        return { status: "unavailable" };
      }
    })
    .use(authRoutes(deps))
    .use(siteRoutes(deps))
    .use(dashboardRoutes(deps))
    .use(mailboxRoutes(deps))
    .use(visitorRoutes(deps))
    .use(visitorSettingsRoutes(deps))
    .use(calendarRoutes(deps))
    .use(billingRoutes(deps))
    .use(jobRoutes(deps))
    .use(candidateRoutes(deps))
    .use(shortlistRoutes(deps))
    .use(monitorRoutes(deps))
    .use(schedulingRoutes(deps))
    .use(chatRoutes(deps));
}

export type App = ReturnType<typeof createApp>;
