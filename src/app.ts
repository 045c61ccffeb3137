import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import type { Deps } from "./deps";
import { httpPlugin } from "./lib/http";
import { renderPage } from "./lib/render";
import { serveAsset } from "./lib/assets";
import { ErrorPage, errorTitle } from "./ui/error-page";
import { authRoutes } from "./features/auth/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { mailboxRoutes } from "./features/mailbox/routes";

/** Builds the whole app from the feature plugins. Tests call app.handle(); main.ts listens. */
export function createApp(deps: Deps) {
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
    .use(dashboardRoutes(deps))
    .use(mailboxRoutes(deps));
}

export type App = ReturnType<typeof createApp>;
