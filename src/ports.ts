// Every feature's ports (what it needs of a feature it may not import), wired in one place
// (decision 0029). createDeps wires them, so a CLI command or a bench script has them too, and
// createApp again with a test's overrides. Each is a feature's function: go-to-definition from
// here reaches it.
import type { Deps } from "./deps";
import { authPorts, type AuthPorts } from "./features/auth/ports";
import { billingAccessGate } from "./features/billing/gate";
import { stripeIdsOf } from "./features/billing/service";
import { cachedBusySpans, cachedBusyMillis } from "./features/calendar/hooks";
import { turnOffFeed } from "./features/calendar/feed";
import { videoDefault } from "./features/calendar/video-link";
import { hubFor } from "./features/chat/meeting-socket";
import { recordEvent } from "./features/events/record";
import { schedulingPorts, type BusyCalendar } from "./features/scheduling/busy-calendar";
import { webhooksPorts } from "./features/webhooks/ports";
import { applicationsOfCandidate, interviewBooked, openApplication } from "./features/applications/service";
import { candidatesPorts, type ApplicationHooks } from "./features/candidates/application-hook";
import { clientNames, clientsPorts, type ClientJobs } from "./features/clients/service";
import { interviewFeedbackCard, scheduleFeedbackRequest } from "./features/feedback/service";
import { InterviewFeedbackCard } from "./features/feedback/pages/interview-feedback-card";
import { jobsPorts, type ClientNames } from "./features/jobs/client-names";
import { createJob, jobsOfClient } from "./features/jobs/service";
import { bookedPorts, type BookedHook } from "./features/scheduling/booking-hook";
import { interviewExtrasPorts, type InterviewExtras } from "./features/scheduling/interview-extras";

export type AppPorts = AuthPorts & {
  busyCalendar: BusyCalendar;
  clientJobs: ClientJobs;
  clientNames: ClientNames;
  applications: ApplicationHooks;
  interviewBooked: BookedHook;
  interviewExtras: InterviewExtras;
};
export type PortOverrides = Partial<{ [K in keyof AppPorts]: AppPorts[K] | undefined }>;

function appPorts(deps: Deps): AppPorts {
  return {
    // The subscription gate lives in the auth guard; billing says who passes.
    accessGate: billingAccessGate(deps),
    // The Stripe ids in /api/auth/me and the profile are billing's.
    stripeIds: (userId) => stripeIdsOf(deps, userId),
    // Auth's own changes (sign-ins, API keys, site) and webhooks' (endpoints) go to the one event record.
    recordEvent,
    // Scheduling declares what it needs of a calendar; the calendar feature answers it.
    busyCalendar: {
      busyIntervals: (userId, from, to) => cachedBusySpans(deps, userId, from, to),
      busyMillis: (userId, from, to) => cachedBusyMillis(deps, userId, from, to),
      videoDefault: (userId) => videoDefault(deps, userId),
    },
    // Jobs name their client; clients learn their jobs (and make one from the client's page).
    clientJobs: {
      jobsOf: (workspaceId, clientId) => jobsOfClient(deps, workspaceId, clientId),
      create: (workspaceId, clientId, input) => createJob(deps, workspaceId, { ...input, description: null, clientId }, "system"),
    },
    clientNames: (workspaceId) => clientNames(deps, workspaceId),
    // A candidate arriving through a job's campaign link gets an application (issue 38).
    applications: {
      applied: (tx, workspaceId, participantId, jobId) => void openApplication(deps, tx, workspaceId, participantId, jobId, "candidate"),
      applicationsOf: (workspaceId, participantId) => applicationsOfCandidate(deps, workspaceId, participantId),
    },
    // Booking an interview moves the candidate's earlier applications to Interview, and feedback
    // is asked for when it ends (a task at its end time, written with the booking).
    interviewBooked: (tx, meeting) => {
      interviewBooked(deps, tx, meeting.workspaceId, meeting.candidateId, "candidate");
      scheduleFeedbackRequest(tx, meeting);
    },
    // The interview page shows the job's client and the feedback (scheduling imports neither).
    interviewExtras: (workspaceId, publicId, member) => {
      const card = interviewFeedbackCard(deps, workspaceId, publicId, member);
      return card ? InterviewFeedbackCard(card) : null;
    },
    // A member who leaves loses their iCal feed (in the removal's transaction) and their open chat-monitor sockets.
    memberLeaving: {
      inTransaction: (tx, userId) => turnOffFeed(tx, userId),
      afterCommit: (userId) => hubFor(deps).closeUser(userId),
    },
  };
}

/** Wires every port; a missing one (an override of undefined) stops the start with its name. */
export function wirePorts(deps: Deps, override: PortOverrides = {}): void {
  const ports = { ...appPorts(deps), ...override };
  authPorts.wire(deps, { accessGate: ports.accessGate, stripeIds: ports.stripeIds, recordEvent: ports.recordEvent, memberLeaving: ports.memberLeaving });
  schedulingPorts.wire(deps, { busyCalendar: ports.busyCalendar });
  webhooksPorts.wire(deps, { recordEvent: ports.recordEvent });
  clientsPorts.wire(deps, { clientJobs: ports.clientJobs });
  jobsPorts.wire(deps, { clientNames: ports.clientNames });
  candidatesPorts.wire(deps, { applications: ports.applications });
  bookedPorts.wire(deps, { interviewBooked: ports.interviewBooked });
  interviewExtrasPorts.wire(deps, { interviewExtras: ports.interviewExtras });
}
