import { Elysia, type AnyElysia } from "elysia";
import { sql } from "drizzle-orm";
import type { Deps } from "./deps";
import { httpPlugin } from "./lib/http";
import { waitForWriteLock } from "./db/busy";
import { renderPage } from "./lib/render";
import { serveAsset } from "./lib/assets";
import { plugin, type Feature } from "./lib/feature";
import type { Job } from "./lib/jobs";
import type { ScheduledParts } from "./scheduled-tasks";
import { ErrorPage, errorTitle } from "./ui/error-page";
import { bodyLimitOf, LARGEST_BODY } from "./route-body-limits";
import { metricsRoutes, replicaHealth } from "./metrics";
import { recordEvent } from "./features/events/record";
import { createAuth } from "./features/auth/feature";
import { billingAccess } from "./features/billing/access";
import { createBilling } from "./features/billing/feature";
import { calendarShellState } from "./features/calendar/service";
import { createCalendar } from "./features/calendar/feature";
import { turnOffFeed } from "./features/calendar/feed";
import { createChat } from "./features/chat/feature";
import { createDashboard } from "./features/dashboard/feature";
import { createMailbox } from "./features/mailbox/feature";
import { createMessages } from "./features/messages/feature";
import { invitationAnswerText } from "./features/messages/imip";
import { InvitationAnswer } from "./features/messages/pages/invitation-answer";
import { createElement, Fragment } from "react";
import { createVisitors } from "./features/visitors/feature";
import { createJobs } from "./features/jobs/feature";
import { campaignSource } from "./features/jobs/service";
import { createCandidates } from "./features/candidates/feature";
import { createPeople } from "./features/people/feature";
import { createShortlists } from "./features/shortlists/feature";
import { createMonitor } from "./features/monitor/feature";
import { createScheduling } from "./features/scheduling/feature";
import { hashLegacyTokens } from "./features/scheduling/service";
import type { BusyCalendar } from "./features/scheduling/busy-calendar";
import { calendarBusy } from "./features/calendar/busy-for-scheduling";
import { applicationsOfCandidate, interviewBooked, openApplication } from "./features/applications/service";
import { clientOfInterview } from "./features/applications/interview-job";
import { interviewFeedbackCard, scheduleFeedbackRequest } from "./features/feedback/service";
import { InterviewFeedbackCard } from "./features/feedback/pages/interview-feedback-card";
import { createTeam } from "./features/team/feature";
import type { TeamNeeds } from "./features/team/needs";
import { createWorkspace } from "./features/workspace/feature";
import { createWebhooks } from "./features/webhooks/feature";
import { createClients } from "./features/clients/feature";
import { funnelOf } from "./features/applications/funnel";
import { FunnelChart } from "./features/applications/pages/funnel-chart";
import { createApplications } from "./features/applications/feature";
import { createPlacements } from "./features/placements/feature";
import { createReports } from "./features/reports/feature";
import { summariesOf } from "./features/feedback/service";
import { createFeedback } from "./features/feedback/feature";
import { createClientShares } from "./features/client-shares/feature";
import { createCandidateFiles } from "./features/candidate-files/feature";
import { createCandidateDrafts } from "./features/candidate-drafts/feature";
import { createWorkspaceLogo } from "./features/workspace-logo/feature";
import { createApiDocs } from "./features/api-docs/feature";
import { createMatching } from "./features/matching/feature";
import { createSuggestions } from "./features/suggestions/feature";
import { createCareers } from "./features/careers/feature";
import type { AccessGate } from "./features/auth/needs";

/** The largest websocket message accepted (the chat monitor's are a few kB); Bun's default is 16 MB. */
const WS_MAX_MESSAGE_BYTES = 64 * 1024;

/** What a test may put in place of a feature's part (the subscription gate, to see it refuse). */
export interface Replacements {
  accessGate?: AccessGate;
  /** The interviewers' busy times (a test's own calendar). */
  busyCalendar?: BusyCalendar;
}

/**
 * The composition root: every feature built here, in dependency order, each handed the `api` of
 * the features it needs as typed parameters (a feature cannot receive what is not built yet).
 */
export function buildFeatures(
  deps: Deps,
  replace: Replacements = {},
  app: () => AnyElysia = () => {
    throw new Error("app not built");
  },
) {
  // Below auth: what its guard and frame need of billing and the calendar.
  const billing = billingAccess(deps);
  const record = (tx: Parameters<typeof recordEvent>[1], e: Parameters<typeof recordEvent>[2]) => void recordEvent(deps, tx, e);
  const auth = createAuth(deps, {
    recordEvent: record,
    stripeIds: billing.stripeIds,
    accessGate: (shell) => replace.accessGate ?? billing.accessGate(shell),
    frameParts: (user) => ({ ...billing.frame(user), ...calendarShellState(deps, user.id) }),
  });
  const web = auth.api.web;
  const interviewClient = (workspaceId: number, candidateId: number) => clientOfInterview(deps, workspaceId, candidateId);
  const calendar = createCalendar(deps, web, { interviewClient });
  const jobs = createJobs(deps, web);
  const feedback = createFeedback(deps, web);
  const scheduling = createScheduling(deps, web, {
    // The calendar's cache answers what scheduling asks of a calendar (the calendar reads scheduling's meetings).
    busyCalendar: replace.busyCalendar ?? calendarBusy(deps),
    // Booking an interview moves the candidate's earlier applications to Interview, and feedback
    // is asked for when it ends (a task at its end time, written with the booking).
    interviewBooked: (tx, meeting) => {
      interviewBooked(deps, tx, meeting.workspaceId, meeting.candidateId, "candidate");
      scheduleFeedbackRequest(tx, meeting);
    },
    interviewClient,
    // The interview page shows the job's client and the feedback, and the candidate's answer to the invitation (issue 55).
    interviewExtras: (workspaceId, publicId, member) => {
      const card = interviewFeedbackCard(deps, workspaceId, publicId, member);
      const answer = invitationAnswerText(deps, workspaceId, publicId, member.id);
      return createElement(Fragment, null, answer ? InvitationAnswer({ text: answer }) : null, card ? InterviewFeedbackCard(card) : null);
    },
  });
  const sched = scheduling.api;
  const candidates = createCandidates(deps, web, {
    // A candidate arriving through a job's campaign link gets an application (issue 38).
    applications: {
      applied: (tx, workspaceId, participantId, jobId, campaignId) =>
        void openApplication(deps, tx, workspaceId, participantId, jobId, "candidate", { source: campaignSource(deps, workspaceId, jobId, campaignId) }),
      applicationsOf: (workspaceId, participantId) => applicationsOfCandidate(deps, workspaceId, participantId),
    },
  });
  const placements = createPlacements(deps, web);
  const dashboard = createDashboard(deps, web, { scheduling: sched, placements: placements.api });
  const mailbox = createMailbox(deps, web);
  const messages = createMessages(deps, web);
  const visitors = createVisitors(deps, web, { saveEmbedOrigins: auth.api.saveEmbedOrigins, scheduling: sched, candidates: candidates.api });
  const billingPages = createBilling(billing.deps, web);
  const people = createPeople(deps, web);
  const shortlists = createShortlists(deps, web);
  const monitor = createMonitor(deps, web);
  const chat = createChat(deps, web, { scheduling: sched, candidates: candidates.api });
  const teamNeeds: TeamNeeds = {
    // A member who leaves loses their iCal feed (in the removal's transaction) and their open chat-monitor sockets.
    memberLeaving: { inTransaction: (tx, userId) => turnOffFeed(tx, userId), afterCommit: (userId) => chat.api.closeUser(userId) },
    signInAs: (userId) => auth.api.signInAs(userId),
  };
  const team = createTeam(deps, web, teamNeeds);
  const workspace = createWorkspace(deps, web, { scheduling: sched });
  const webhooks = createWebhooks(deps, web, { recordEvent: record });
  const clients = createClients(deps, web, {
    clientJobs: jobs.api.clientJobs,
    funnel: (workspaceId, jobIds) => FunnelChart({ funnel: funnelOf(deps, workspaceId, jobIds), title: "Funnel of this client's jobs" }),
  });
  const suggestions = createSuggestions(deps, web);
  const matching = createMatching(deps, web);
  const applications = createApplications(deps, web, {
    feedback: (workspaceId, ids) => summariesOf(deps, workspaceId, ids),
    // A card moved to the closing success stage goes on to its placement's form (issue 58).
    placedForm: "/placements/new?application=",
    // The job's page shows the suggested candidates (issue 57).
    suggested: matching.api.suggestedCandidates,
  });
  const reports = createReports(deps, web);
  const clientShares = createClientShares(deps, web, { listClients: clients.api.listClients, scheduling: sched });
  const candidateFiles = createCandidateFiles(deps, web);
  const candidateDrafts = createCandidateDrafts(deps, web);
  const workspaceLogo = createWorkspaceLogo(deps, web);
  const careers = createCareers(deps, web);
  const apiDocs = createApiDocs(deps, web, { app });
  // In the order their routes are mounted.
  const features = {
    auth,
    dashboard,
    mailbox,
    messages,
    visitors,
    calendar,
    billing: billingPages,
    jobs,
    candidates,
    people,
    shortlists,
    monitor,
    scheduling,
    chat,
    team,
    workspace,
    webhooks,
    clients,
    applications,
    placements,
    reports,
    suggestions,
    matching,
    feedback,
    clientShares,
    candidateFiles,
    candidateDrafts,
    workspaceLogo,
    careers,
    apiDocs,
  };
  // Every feature's context in one object, for what runs services outside a request: the demo
  // seed, tests and bench scripts (a feature itself only ever gets its own).
  const context = {
    ...auth.api.deps,
    ...scheduling.api.deps,
    ...candidates.api.deps,
    ...chat.api.deps,
    ...visitors.api.deps,
    ...matching.api.deps,
    ...teamNeeds,
    scheduling: sched,
    placements: placements.api,
    candidates: candidates.api,
    saveEmbedOrigins: auth.api.saveEmbedOrigins,
    listClients: clients.api.listClients,
    clientJobs: jobs.api.clientJobs,
  };
  return { features, context };
}

type Features = ReturnType<typeof buildFeatures>["features"];
export type AppContext = ReturnType<typeof buildFeatures>["context"];
export type App = AnyElysia & { features: Features; context: AppContext };

const jobsOf = (features: Features): Job<any>[] => Object.values(features).flatMap((f: Feature<unknown>) => f.jobs);

/** The features' scheduled tasks and background loops, for the process that runs them. */
export function scheduledOf(features: Features): ScheduledParts {
  const all = Object.values(features) as Feature<unknown>[];
  return { scheduled: all.flatMap((f) => f.scheduled ?? []), background: all.flatMap((f) => f.background ?? []) };
}

/** What a worker process that serves no page runs: the features' kinds of task and their scheduled work. */
export function workerParts(deps: Deps): { jobs: Job<any>[] } & ScheduledParts {
  const { features } = buildFeatures(deps);
  return { jobs: jobsOf(features), ...scheduledOf(features) };
}

/** Builds the whole app from the features. Tests call app.handle(); main.ts listens. */
export function createApp(deps: Deps, replace: Replacements = {}): App {
  let built: AnyElysia | null = null;
  const { features, context } = buildFeatures(deps, replace, () => built!);
  deps.jobs.register(...jobsOf(features));
  hashLegacyTokens(deps);
  const totalChanges = deps.db.$client.prepare<{ n: number }, []>("select total_changes() as n");
  let handleRequest: (request: Request) => Promise<Response> = () => Promise.reject(new Error("app not built"));
  let routesOf: () => ReadonlyArray<{ method: string; path: string; hooks: { detail?: unknown } }> = () => [];
  let app: AnyElysia = new Elysia({
    // Nothing larger than an upload is taken at all; each path's own limit is applied as the body is read (httpPlugin).
    serve: { maxRequestBodySize: LARGEST_BODY },
    websocket: { maxPayloadLength: WS_MAX_MESSAGE_BYTES },
    // On https every cookie is Secure, the flash toast's included (features set their own attributes).
    ...(deps.config.secureCookies ? { cookie: { secure: true } } : {}),
  })
    .use(
      plugin(
        httpPlugin({
          appUrl: deps.config.APP_URL,
          secure: deps.config.secureCookies,
          log: deps.log,
          renderError: (status, message) => renderPage({ title: errorTitle(status), status, body: ErrorPage({ status, message }) }),
          onResponse: (r) => deps.metrics.observeRequest(r),
          changes: () => totalChanges.get()!.n,
          // A request that met another process's write lock runs again (src/db/busy.ts).
          redispatch: (request): Promise<Response> => handleRequest(request),
          waitForLock: (deadline) => waitForWriteLock(deps.db.$client, deadline),
          routes: (): ReadonlyArray<{ method: string; path: string; hooks: { detail?: unknown } }> => routesOf(),
          // Each path's own limit, counted as the body is read, chunked or not (route-body-limits.ts).
          bodyLimit: bodyLimitOf,
        }),
      ),
    )
    .use(plugin(metricsRoutes(deps)))
    .get("/assets/*", ({ request }) => {
      const res = serveAsset(new URL(request.url).pathname, request.headers.get("accept-encoding"));
      return res ?? new Response("Not found", { status: 404 });
    })
    .get("/healthz", ({ set }) => {
      // Which web process answered (several share the port: WEB_PROCESSES).
      set.headers["x-frank-web"] = String(deps.config.webIndex);
      try {
        deps.db.get(sql`select 1`);
        const replica = replicaHealth(deps);
        return replica ? { status: "ok", replica } : { status: "ok" };
      } catch {
        set.status = 503;
        return { status: "unavailable" };
      }
    });
  for (const feature of Object.values(features) as Feature<unknown>[]) for (const routes of feature.routes) app = app.use(routes);
  handleRequest = (request) => app.handle(request);
  routesOf = () => app.routes;
  built = app;
  return Object.assign(app, { features, context });
}
