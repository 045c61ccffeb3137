// Every feature's ports (what it needs of a feature it may not import), wired in one place
// (decision 0029). createDeps wires them, so a CLI command or a bench script has them too, and
// createApp again with a test's overrides. Each is a feature's function: go-to-definition from
// here reaches it.
import type { Deps } from "./deps";
import { authPorts, type AuthPorts } from "./features/auth/ports";
import { billingAccessGate } from "./features/billing/gate";
import { stripeIdsOf } from "./features/billing/service";
import { cachedBusySpans, removeEventOf, syncMeetingEvent } from "./features/calendar/hooks";
import { turnOffFeed } from "./features/calendar/feed";
import { videoDefault } from "./features/calendar/video-link";
import { hubFor } from "./features/chat/meeting-socket";
import { recordEvent } from "./features/events/record";
import { schedulingPorts, type BusyCalendar } from "./features/scheduling/busy-calendar";
import type { CalendarEvents } from "./features/scheduling/calendar-jobs";
import { webhooksPorts } from "./features/webhooks/ports";

export type AppPorts = AuthPorts & { busyCalendar: BusyCalendar; calendarEvents: CalendarEvents };
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
      videoDefault: (userId) => videoDefault(deps, userId),
    },
    // The interview's calendar event (the scheduling jobs calendar.meeting and calendar.remove-event).
    calendarEvents: { sync: syncMeetingEvent, remove: removeEventOf },
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
  schedulingPorts.wire(deps, { busyCalendar: ports.busyCalendar, calendarEvents: ports.calendarEvents });
  webhooksPorts.wire(deps, { recordEvent: ports.recordEvent });
}
