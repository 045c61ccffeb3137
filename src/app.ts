import { Elysia, type AnyElysia } from "elysia";
import { sql } from "drizzle-orm";
import type { Deps } from "./deps";
import { httpPlugin } from "./lib/http";
import { wirePorts, type PortOverrides } from "./ports";
import { waitForWriteLock } from "./db/busy";
import { renderPage } from "./lib/render";
import { serveAsset } from "./lib/assets";
import { ErrorPage, errorTitle } from "./ui/error-page";
import { authRoutes } from "./features/auth/routes";
import { apiKeyRoutes } from "./features/auth/api-key-routes";
import { apiDocsRoutes } from "./features/api-docs/routes";
import { siteRoutes } from "./features/auth/site-routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { mailboxRoutes } from "./features/mailbox/routes";
import { visitorRoutes } from "./features/visitors/routes";
import { visitorSettingsRoutes } from "./features/visitors/settings-routes";
import { calendarRoutes } from "./features/calendar/routes";
import { billingRoutes } from "./features/billing/routes";
import { jobRoutes } from "./features/jobs/routes";
import { candidateRoutes } from "./features/candidates/routes";
import { shortlistRoutes } from "./features/shortlists/routes";
import { peopleRoutes } from "./features/people/routes";
import { BODY_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from "./lib/body-limit";
import { monitorRoutes } from "./features/monitor/routes";
import { schedulingRoutes } from "./features/scheduling/routes";
import { chatRoutes } from "./features/chat/routes";
import { teamRoutes } from "./features/team/routes";
import { workspaceRoutes } from "./features/workspace/routes";
import { webhookRoutes } from "./features/webhooks/routes";
import { clientRoutes } from "./features/clients/routes";
import { applicationApiRoutes } from "./features/applications/routes";
import { pipelineRoutes } from "./features/applications/pipeline-routes";
import { templateRoutes } from "./features/applications/template-routes";
import { boardRoutes } from "./features/applications/board-routes";
import { stageTemplates } from "./features/applications/templates";
import { summariesOf } from "./features/feedback/service";
import { funnelOf } from "./features/applications/funnel";
import { FunnelChart } from "./features/applications/pages/funnel-chart";
import { feedbackRoutes } from "./features/feedback/routes";
import { clientShareRoutes } from "./features/client-shares/routes";
import { candidateFileRoutes } from "./features/candidate-files/routes";
import { candidateDraftRoutes } from "./features/candidate-drafts/routes";
import { MAX_CALL_BYTES } from "./features/candidate-drafts/model";
import { workspaceLogoRoutes } from "./features/workspace-logo/routes";
import { hashLegacyTokens } from "./features/scheduling/service";
import { calendarJobs } from "./features/calendar/work";
import { feedbackJobs } from "./features/feedback/service";
import { extractTextWork } from "./features/candidate-files/extract";
import { removeBytesWork } from "./features/candidate-files/removal";
import { draftJobs } from "./features/candidate-drafts/jobs";
import { webhookJobs } from "./features/webhooks/deliver-job";
import type { Job } from "./lib/jobs";
import { metricsFor } from "./lib/metrics";
import { metricsRoutes, replicaHealth } from "./metrics";
import { installShellParts } from "./ui/shell";
import { shellParts } from "./shell-parts";

/** The paths that take a file (the CSV import, by API and by the page's form). */
const UPLOAD_PATHS = new Set(["/api/participants/import", "/candidates/import"]);
// A candidate's CV (issue 39): the file's own 10 MB is checked by the service, with room for the form around it.
const FILE_UPLOAD = /^\/(api\/participants|candidates)\/\d+\/files$/;
// Several CVs that become drafts (issue 39 item 6): each at most 10 MB, all together at most 50 MB.
const DRAFT_UPLOAD_PATHS = new Set(["/api/participants/from-files", "/candidates/drafts"]);
const LARGEST_BODY = Math.max(UPLOAD_LIMIT_BYTES, MAX_CALL_BYTES) + 64 * 1024;

/** The largest websocket message accepted (the chat monitor's are a few kB); Bun's default is 16 MB. */
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * A feature's plugin mounted as a plain Elysia value. Nothing reads the app's merged route types
 * (there is no typed client; the OpenAPI document comes from the routes at run time), and merging
 * a hundred routes' types made the app most of the type check's time.
 */
function mounted<P>(plugin: P): AnyElysia {
  return plugin as unknown as AnyElysia;
}

/** The kinds of task the features do, handed to the worker (no kind registers itself by being imported). */
function featureJobs(deps: Deps): Job<any>[] {
  return [...calendarJobs(deps), ...feedbackJobs(deps), extractTextWork(deps), removeBytesWork(deps), ...draftJobs(deps), ...webhookJobs(deps)];
}

/**
 * Builds the whole app from the feature plugins. Tests call app.handle(); main.ts listens.
 * `override` replaces ports (a test leaves one out to see the start refused with its name).
 */
export function createApp(deps: Deps, override: PortOverrides = {}): AnyElysia {
  // Checked before anything runs: a missing port stops the start with its name (lib/ports.ts).
  wirePorts(deps, override);
  // The frame of signed-in pages gets its feature parts from here, so src/ui imports no feature.
  installShellParts(deps, shellParts(deps));
  deps.jobs.register(...featureJobs(deps));
  hashLegacyTokens(deps);
  const totalChanges = deps.db.$client.prepare<{ n: number }, []>("select total_changes() as n");
  let handleRequest: (request: Request) => Promise<Response> = () => Promise.reject(new Error("app not built"));
  let built: () => AnyElysia = () => {
    throw new Error("app not built");
  };
  let routesOf: () => ReadonlyArray<{ method: string; path: string; hooks: { detail?: unknown } }> = () => [];
  const app = new Elysia({
    // Nothing larger than an upload is taken at all; each path's own limit is applied as the body is read (httpPlugin).
    serve: { maxRequestBodySize: LARGEST_BODY },
    websocket: { maxPayloadLength: WS_MAX_MESSAGE_BYTES },
    // On https every cookie is Secure, the flash toast's included (features set their own attributes).
    ...(deps.config.secureCookies ? { cookie: { secure: true } } : {}),
  })
    .use(
      mounted(httpPlugin({
        appUrl: deps.config.APP_URL,
        secure: deps.config.secureCookies,
        log: deps.log,
        renderError: (status, message) => renderPage({ title: errorTitle(status), status, body: ErrorPage({ status, message }) }),
        onResponse: (r) => metricsFor(deps).observeRequest(r),
        changes: () => totalChanges.get()!.n,
        // A request that met another process's write lock runs again (src/db/busy.ts).
        redispatch: (request): Promise<Response> => handleRequest(request),
        waitForLock: (deadline) => waitForWriteLock(deps.db.$client, deadline),
        routes: (): ReadonlyArray<{ method: string; path: string; hooks: { detail?: unknown } }> => routesOf(),
        // 1 MB for JSON and forms, 10 MB for the CSV upload (API and page): counted as read, chunked or not.
        bodyLimit: (path) => (UPLOAD_PATHS.has(path) ? UPLOAD_LIMIT_BYTES : FILE_UPLOAD.test(path) ? UPLOAD_LIMIT_BYTES + 64 * 1024 : DRAFT_UPLOAD_PATHS.has(path) ? MAX_CALL_BYTES + 64 * 1024 : BODY_LIMIT_BYTES),
      })),
    )
    .use(mounted(metricsRoutes(deps)))
    .get("/assets/*", ({ request }) => {
      const res = serveAsset(new URL(request.url).pathname, request.headers.get("accept-encoding"));
      return res ?? new Response("Not found", { status: 404 });
    })
    .get("/healthz", ({ set }) => {
      try {
        deps.db.get(sql`select 1`);
        const replica = replicaHealth(deps);
        return replica ? { status: "ok", replica } : { status: "ok" };
      } catch {
        set.status = 503;
        return { status: "unavailable" };
      }
    })
    .use(mounted(authRoutes(deps)))
    .use(mounted(apiKeyRoutes(deps)))
    .use(mounted(siteRoutes(deps)))
    .use(mounted(dashboardRoutes(deps)))
    .use(mounted(mailboxRoutes(deps)))
    .use(mounted(visitorRoutes(deps)))
    .use(mounted(visitorSettingsRoutes(deps)))
    .use(mounted(calendarRoutes(deps)))
    .use(mounted(billingRoutes(deps)))
    .use(mounted(jobRoutes(deps)))
    .use(mounted(candidateRoutes(deps)))
    .use(mounted(peopleRoutes(deps)))
    .use(mounted(shortlistRoutes(deps)))
    .use(mounted(monitorRoutes(deps)))
    .use(mounted(schedulingRoutes(deps)))
    .use(mounted(chatRoutes(deps)))
    .use(mounted(teamRoutes(deps)))
    .use(mounted(workspaceRoutes(deps)))
    .use(mounted(webhookRoutes(deps)))
    .use(mounted(clientRoutes(deps, { funnel: (workspaceId, jobIds) => FunnelChart({ funnel: funnelOf(deps, workspaceId, jobIds), title: "Funnel of this client's jobs" }) })))
    .use(mounted(applicationApiRoutes(deps)))
    .use(mounted(pipelineRoutes(deps)))
    .use(mounted(templateRoutes(deps)))
    .use(mounted(boardRoutes(deps, { templates: (workspaceId) => stageTemplates(deps, workspaceId), feedback: (workspaceId, ids) => summariesOf(deps, workspaceId, ids) })))
    .use(mounted(feedbackRoutes(deps)))
    .use(mounted(clientShareRoutes(deps)))
    .use(mounted(candidateFileRoutes(deps)))
    .use(mounted(candidateDraftRoutes(deps)))
    .use(mounted(workspaceLogoRoutes(deps)))
    .use(mounted(apiDocsRoutes(deps, (): AnyElysia => built())));
  handleRequest = (request) => app.handle(request);
  routesOf = () => app.routes;
  built = () => app;
  return app;
}
