import { Elysia, type AnyElysia } from "elysia";
import { sql } from "drizzle-orm";
import type { Deps } from "./deps";
import { httpPlugin } from "./lib/http";
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
import { billingAccessGate } from "./features/billing/gate";
import { installAccessGate } from "./features/auth/guard";
import { installStripeIds } from "./features/auth/stripe-ids";
import { stripeIdsOf } from "./features/billing/service";
import { jobRoutes } from "./features/jobs/routes";
import { candidateRoutes } from "./features/candidates/routes";
import { shortlistRoutes } from "./features/shortlists/routes";
import { peopleRoutes } from "./features/people/routes";
import { MAX_IMPORT_BYTES } from "./features/candidates/import-columns";
import { monitorRoutes } from "./features/monitor/routes";
import { schedulingRoutes } from "./features/scheduling/routes";
import { chatRoutes } from "./features/chat/routes";
import { teamRoutes } from "./features/team/routes";
import { activityRecorder } from "./features/team/activity-routes";
import { CALENDAR_WORK, REMOVE_EVENT_WORK } from "./features/scheduling/notify";
import { workspaceRoutes } from "./features/workspace/routes";
import { webhookRoutes } from "./features/webhooks/routes";
import { clientRoutes } from "./features/clients/routes";
import { clientNames, installClientJobs } from "./features/clients/service";
import { installClientNames } from "./features/jobs/client-names";
import { createJob, jobsOfClient } from "./features/jobs/service";
import { applicationApiRoutes } from "./features/applications/routes";
import { pipelineRoutes } from "./features/applications/pipeline-routes";
import { templateRoutes } from "./features/applications/template-routes";
import { boardRoutes } from "./features/applications/board-routes";
import { stageTemplates } from "./features/applications/templates";
import { funnelOf } from "./features/applications/funnel";
import { FunnelChart } from "./features/applications/pages/funnel-chart";
import { interviewBooked } from "./features/applications/service";
import { installBookedHook } from "./features/scheduling/booking-hook";
import { feedbackRoutes } from "./features/feedback/routes";
import { interviewFeedbackCard, scheduleFeedbackRequest, summariesOf } from "./features/feedback/service";
import { InterviewFeedbackCard } from "./features/feedback/pages/interview-feedback-card";
import { installInterviewExtras } from "./features/scheduling/interview-extras";
import { applicationsOfCandidate, openApplication } from "./features/applications/service";
import { installApplicationHooks } from "./features/candidates/application-hook";
import { hashLegacyTokens } from "./features/scheduling/service";
import { busyIntervals, removeEventOf, syncMeetingEvent } from "./features/calendar/hooks";
import { installBusyCalendar } from "./features/scheduling/busy-calendar";
import { metricsFor } from "./lib/metrics";
import { metricsRoutes } from "./metrics";
import { installShellParts } from "./ui/shell";
import { shellParts } from "./shell-parts";

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

/** Builds the whole app from the feature plugins. Tests call app.handle(); main.ts listens. */
export function createApp(deps: Deps): AnyElysia {
  // The subscription gate lives in the auth guard; billing says who passes.
  installAccessGate(deps, billingAccessGate(deps));
  // The Stripe ids in /api/auth/me and the profile are billing's; auth reads them through this.
  installStripeIds(deps, (userId) => stripeIdsOf(deps, userId));
  // Scheduling declares what it needs of a calendar; the calendar feature answers it (no import cycle).
  installBusyCalendar(deps, { busyIntervals: (userId, from, to, opts) => busyIntervals(deps, userId, from, to, opts) });
  // Jobs name their client; clients learn their jobs through this (no import cycle).
  installClientJobs(deps, {
    jobsOf: (workspaceId, clientId) => jobsOfClient(deps, workspaceId, clientId),
    create: (workspaceId, clientId, input) => createJob(deps, workspaceId, { ...input, description: null, clientId }),
  });
  installClientNames(deps, (workspaceId) => clientNames(deps, workspaceId));
  // A candidate arriving through a job's campaign link gets an application (issue 38).
  installApplicationHooks(deps, {
    applied: (tx, workspaceId, participantId, jobId) => void openApplication(deps, tx, workspaceId, participantId, jobId, "candidate"),
    applicationsOf: (workspaceId, participantId) => applicationsOfCandidate(deps, workspaceId, participantId),
  });
  // Booking an interview moves the candidate's earlier applications to Interview (scheduling does not import the pipeline).
  // Feedback is asked for when the interview ends (a task at its end time, written with the booking).
  installBookedHook(deps, (tx, meeting) => {
    interviewBooked(deps, tx, meeting.workspaceId, meeting.candidateId, "candidate");
    scheduleFeedbackRequest(tx, meeting);
  });
  // The interview page shows the job's client and the feedback (scheduling imports neither).
  installInterviewExtras(deps, (workspaceId, publicId, member) => {
    const card = interviewFeedbackCard(deps, workspaceId, publicId, member);
    return card ? InterviewFeedbackCard(card) : null;
  });
  // The frame of signed-in pages gets its feature parts from here, so src/ui imports no feature.
  installShellParts(deps, shellParts(deps));
  // Work items are written by the feature that causes them and done by the one that owns the outside service.
  // Tasks of one meeting's event run one at a time, in order (serial key).
  deps.work.register(CALENDAR_WORK, (p) => syncMeetingEvent(deps, Number(p.meetingId)), { serialKey: (p) => `meeting:${p.meetingId}` });
  deps.work.register(REMOVE_EVENT_WORK, (p) => removeEventOf(deps, Number(p.userId), String(p.eventId)), { serialKey: (p) => `calendar-event:${p.eventId}` });
  hashLegacyTokens(deps);
  const totalChanges = deps.db.$client.prepare<{ n: number }, []>("select total_changes() as n");
  let handleRequest: (request: Request) => Promise<Response> = () => Promise.reject(new Error("app not built"));
  let built: () => AnyElysia = () => {
    throw new Error("app not built");
  };
  let routesOf: () => ReadonlyArray<{ method: string; path: string; hooks: { detail?: unknown } }> = () => [];
  const app = new Elysia({
    // Bodies are limited to 1 MB, except a CSV import (checked per request below).
    serve: { maxRequestBodySize: MAX_IMPORT_BYTES + 1024 * 1024 },
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
      })),
    )
    .use(mounted(metricsRoutes(deps)))
    .onRequest(({ request }) => {
      const size = Number(request.headers.get("content-length") ?? 0);
      if (size > 1024 * 1024 && new URL(request.url).pathname !== "/api/participants/import") {
        return Response.json({ message: "Request body too large", code: "too_large" }, { status: 413 });
      }
    })
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
    // Records who changed what for the workspace's activity log (before the routes it watches).
    .use(mounted(activityRecorder(deps)))
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
    .use(mounted(apiDocsRoutes(deps, (): AnyElysia => built())));
  handleRequest = (request) => app.handle(request);
  routesOf = () => app.routes;
  built = () => app;
  return app;
}
