import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { users } from "../../db/schema";
import { bookIntroCall } from "./booking";
import { cancelIntroCall, introCallMeeting, moveIntroCall } from "./intro-calls";
import { offeredStarts } from "./free-times";
import type { SchedulingDeps, SchedulingNeeds, SchedulingPageNeeds } from "./needs";
import { loadSchedulingCards } from "./pages/dashboard-cards";
import { schedulingRoutes } from "./routes";
import { createSchedulingSession } from "./service";
import { listSessions } from "./session-list";
import { sendDueReminders } from "./reminders";

/** What other features use of scheduling, bound to its context. */
export interface SchedulingApi {
  /** Scheduling's services with what they need (the composition root, the demo seed and tests call them). */
  deps: SchedulingDeps;
  createSession: (args: Parameters<typeof createSchedulingSession>[1]) => ReturnType<typeof createSchedulingSession>;
  offeredStarts: (...args: Parameters<typeof offeredStarts> extends [unknown, ...infer R] ? R : never) => ReturnType<typeof offeredStarts>;
  dashboardCards: (user: typeof users.$inferSelect) => ReturnType<typeof loadSchedulingCards>;
  listSessions: (workspaceId: number, only?: number) => ReturnType<typeof listSessions>;
  bookIntroCall: (v: Parameters<typeof bookIntroCall>[1]) => ReturnType<typeof bookIntroCall>;
  /** The intro call's meeting as it stands, and the candidate's cancel of it (issue 60). */
  introCallMeeting: (sessionId: number) => ReturnType<typeof introCallMeeting>;
  cancelIntroCall: (sessionId: number) => Promise<void>;
  /** The candidate's move of it, an interview's move; `alongside` runs in its transaction. */
  moveIntroCall: (...args: Parameters<typeof moveIntroCall> extends [unknown, ...infer R] ? R : never) => Promise<void>;
}

export function createScheduling(deps: Deps, web: Web, needs: SchedulingNeeds & SchedulingPageNeeds): Feature<SchedulingApi> {
  const ctx: SchedulingDeps = { ...deps, busyCalendar: needs.busyCalendar, interviewBooked: needs.interviewBooked, interviewClient: needs.interviewClient };
  return {
    routes: [plugin(schedulingRoutes(ctx, web, { interviewExtras: needs.interviewExtras }))],
    jobs: [],
    scheduled: [{ name: "interview-reminders", pattern: "*/5 * * * *", run: (d) => sendDueReminders(d).then(() => {}) }],
    api: {
      deps: ctx,
      createSession: (args) => createSchedulingSession(ctx, args),
      offeredStarts: (...args) => offeredStarts(ctx, ...args),
      dashboardCards: (user) => loadSchedulingCards(ctx, user),
      listSessions: (workspaceId, only) => listSessions(ctx, workspaceId, only),
      bookIntroCall: (v) => bookIntroCall(ctx, v),
      introCallMeeting: (sessionId) => introCallMeeting(ctx, sessionId),
      cancelIntroCall: (sessionId) => cancelIntroCall(ctx, sessionId),
      moveIntroCall: (...args) => moveIntroCall(ctx, ...args),
    },
  };
}
