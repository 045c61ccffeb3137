import { availabilityRoutes } from "./availability-routes";
import type { SchedulingDeps } from "./needs";
import type { SchedulingPageNeeds } from "./needs";
import type { Web } from "../auth/web";
import { calendarChangeRoutes } from "./calendar-change-routes";
import { Elysia } from "elysia";
import { interviewForStaff } from "./interview-access";
import { memberActor } from "../events/record";
import { IdParam, Success } from "../../lib/route-schemas";

import { BookInput, CancelInterviewInput, CreateSessionInput, InterviewStatusInput, RescheduleInput, ResendLinkInput } from "./model";
import { BookedAnswer, BookingView, InterviewEmails, InterviewIdParam, InterviewView, MeetingList, SessionList, SessionView, TokenParam } from "./views";
import * as actions from "./interview-actions";
import { bookByToken, getBookingView } from "./booking";
import * as scheduling from "./service";
import { listSessions } from "./session-list";
import { bookingPageRoutes } from "./page-routes";
import { bookingLinkLimiter } from "./link-limit";
import { sessionArgsOf } from "./session-request";

const noReferrer = { "referrer-policy": "no-referrer" };

/** /api/scheduling-sessions, /api/meetings, /api/interviews/{id}, /api/book/{token}, and the pages. */
export function schedulingRoutes(deps: SchedulingDeps, web: Web, extras: SchedulingPageNeeds) {
  const sessions = new Elysia({ prefix: "/api/scheduling-sessions", tags: ["Scheduling sessions"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => ({ sessions: listSessions(deps, workspaceId) }), { response: { 200: SessionList }, detail: { summary: "List scheduling sessions" } })
    .post(
      "",
      async ({ body, me, workspaceId, set }) => {
        const session = await scheduling.createSchedulingSession(deps, sessionArgsOf(deps, workspaceId, me, body));
        set.status = 201;
        return session;
      },
      {
        body: CreateSessionInput,
        response: { 201: SessionView },
        detail: { summary: "Offer time slots, or the interviewer's free times in a date range (mode: availability), to a candidate (a booking link)" },
      },
    )
    .delete(
      "/:id",
      ({ params, workspaceId, me }) => {
        scheduling.cancelSession(deps, workspaceId, params.id, memberActor(me));
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Cancel a pending scheduling session" } },
    )
    .post(
      "/:id/resend",
      ({ params, body, workspaceId }) => {
        scheduling.resendBookingLink(deps, workspaceId, params.id, body.message);
        return { success: true as const };
      },
      { params: IdParam, body: ResendLinkInput, response: { 200: Success }, detail: { summary: "E-mail the booking link to the candidate again" } },
    );

  const interviews = new Elysia({ prefix: "/api", tags: ["Interviews"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/meetings", ({ workspaceId }) => ({ meetings: scheduling.listMeetings(deps, workspaceId) }), { response: { 200: MeetingList }, detail: { summary: "List booked interviews" } })
    .post("/interviews/:id/resend", ({ params, workspaceId }) => ({ emails: scheduling.resendInterviewEmails(deps, workspaceId, params.id) }), {
      params: InterviewIdParam,
      response: { 200: InterviewEmails },
      detail: { summary: "Send the interview's e-mails again" },
    })
    .post(
      "/interviews/:id/cancel",
      ({ params, body, workspaceId, me }) => {
        actions.cancelInterview(deps, workspaceId, params.id, body.reason, memberActor(me));
        return scheduling.getInterview(deps, params.id);
      },
      { params: InterviewIdParam, body: CancelInterviewInput, response: { 200: InterviewView }, detail: { summary: "Cancel an interview" } },
    )
    .post(
      "/interviews/:id/reschedule",
      ({ params, body, workspaceId, me }) => {
        actions.rescheduleInterview(deps, workspaceId, params.id, body, (sessionId) => scheduling.bookingUrlOf(deps, workspaceId, sessionId), memberActor(me));
        return scheduling.getInterview(deps, params.id);
      },
      { params: InterviewIdParam, body: RescheduleInput, response: { 200: InterviewView }, detail: { summary: "Move an interview, or offer the candidate new times" } },
    )
    .post(
      "/interviews/:id/status",
      ({ params, body, workspaceId, me }) => {
        actions.markInterview(deps, workspaceId, params.id, body.status, memberActor(me), body.noShowBy);
        return scheduling.getInterview(deps, params.id);
      },
      {
        params: InterviewIdParam,
        body: InterviewStatusInput,
        response: { 200: InterviewView },
        detail: { summary: "Mark an interview completed, or after its end a no-show (noShowBy: candidate or interviewer)" },
      },
    );

  // Staff only, but a signed-out visitor gets the same 'Interview Not Found' (404) as another
  // workspace (issue 15 item 9): nothing tells whether the id exists.
  const interviewDetail = new Elysia({ prefix: "/api", tags: ["Interviews"] }).use(web.guard).get(
    "/interviews/:id",
    ({ params, set, me }) => {
      Object.assign(set.headers, noReferrer);
      return interviewForStaff(deps, me?.user.workspaceId, params.id);
    },
    { withCaller: true, params: InterviewIdParam, response: { 200: InterviewView }, detail: { summary: "One interview (staff of its workspace)" } },
  );

  // Public: the token is the only access, counted per link (or, naming none, per address).
  const linkLimit = bookingLinkLimiter(deps);
  const booking = new Elysia({ prefix: "/api/book", tags: ["Booking"] })
    .onBeforeHandle(({ params, request, server }) => linkLimit.enforce((params as { token?: string }).token ?? "", request, server))
    .get(
      "/:token",
      ({ params, set }) => {
        Object.assign(set.headers, noReferrer, { "cache-control": "no-store" });
        return getBookingView(deps, params.token);
      },
      { params: TokenParam, response: { 200: BookingView }, detail: { summary: "The slots a booking link offers (public, by its token)" } },
    )
    .post(
      "/:token",
      async ({ params, body, set }) => {
        Object.assign(set.headers, noReferrer);
        const { manageToken, ...meeting } = await bookByToken(deps, params.token, body.slotId, { timeZone: body.timeZone });
        return {
          success: true as const,
          message: deps.config.SMTP_URL ? "Your interview has been successfully booked. You'll receive a confirmation email shortly." : "Your interview has been successfully booked.",
          meeting,
          confirmationUrl: `/book/manage/${manageToken}`,
        };
      },
      { params: TokenParam, body: BookInput, response: { 200: BookedAnswer }, detail: { summary: "Book one of the offered slots (public, by its token)" } },
    );

  return new Elysia()
    .use(sessions)
    .use(interviews)
    .use(calendarChangeRoutes(deps, web))
    .use(interviewDetail)
    .use(booking)
    .use(bookingPageRoutes(deps, web, extras, linkLimit))
    .use(availabilityRoutes(deps, web));
}
