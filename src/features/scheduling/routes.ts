import { Elysia } from "elysia";
import { interviewForStaff } from "./interview-access";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { authGuard } from "../auth/guard";
import { BookInput, ResendLinkInput, CancelInterviewInput, CreateSessionInput, IdParam, InterviewStatusInput, RescheduleInput } from "./model";
import * as actions from "./interview-actions";
import { bookByToken, getBookingView } from "./booking";
import * as scheduling from "./service";
import { bookingPageRoutes } from "./page-routes";
import { reassignRecord, requireMember } from "../team/service";
import { ReassignInput } from "../team/model";

const noReferrer = { "referrer-policy": "no-referrer" };

/** /api/scheduling-sessions, /api/meetings, /api/book/{token}, /api/interviews/{id}, and the pages. */
export function schedulingRoutes(deps: Deps) {
  const api = new Elysia({ prefix: "/api" })
    .use(authGuard(deps))
    .get("/scheduling-sessions", ({ workspaceId }) => ({ sessions: scheduling.listSessions(deps, workspaceId) }), { auth: true })
    .post(
      "/scheduling-sessions",
      async ({ body, me, workspaceId, set }) => {
        const input = parseInput(CreateSessionInput, body);
        // The session is the interviewer's: slots respect their interviews and calendar.
        const interviewer = input.interviewerId ? requireMember(deps, workspaceId, input.interviewerId, "Interviewer not found") : me.user;
        const session = await scheduling.createSchedulingSession(deps, {
          workspaceId,
          userId: interviewer.id,
          candidateId: input.candidateId,
          shortlistId: input.shortlistId ?? null,
          title: input.title,
          description: input.description ?? null,
          duration: input.duration,
          timeSlots: input.timeSlots,
          timeZone: input.timeZone,
          sendEmail: input.sendEmail,
          message: input.message ?? null,
        });
        set.status = 201;
        return session;
      },
      { auth: true },
    )
    .delete(
      "/scheduling-sessions/:id",
      ({ params, workspaceId }) => {
        const { id } = parseInput(IdParam, params);
        scheduling.cancelSession(deps, workspaceId, id);
        return { success: true };
      },
      { auth: true },
    )
    // Another member takes the session over (issue 18); the team feature checks roles and membership.
    .patch("/scheduling-sessions/:id", ({ params, body, me }) => reassignRecord(deps, me.user, "session", String(parseInput(IdParam, params).id), parseInput(ReassignInput, body ?? {}).to), { auth: true })
    .post(
      "/scheduling-sessions/:id/resend",
      ({ params, body, workspaceId }) => {
        const { id } = parseInput(IdParam, params);
        scheduling.resendBookingLink(deps, workspaceId, id, parseInput(ResendLinkInput, body ?? {}).message);
        return { success: true };
      },
      { auth: true },
    )
    .get("/meetings", ({ workspaceId }) => ({ meetings: scheduling.listMeetings(deps, workspaceId) }), { auth: true })
    .post("/interviews/:id/resend", ({ params, workspaceId }) => ({ emails: scheduling.resendInterviewEmails(deps, workspaceId, params.id) }), { auth: true })
    .post(
      "/interviews/:id/cancel",
      ({ params, body, workspaceId }) => {
        const { reason } = parseInput(CancelInterviewInput, body ?? {});
        actions.cancelInterview(deps, workspaceId, params.id, reason);
        return scheduling.getInterview(deps, params.id);
      },
      { auth: true },
    )
    .post(
      "/interviews/:id/reschedule",
      ({ params, body, workspaceId }) => {
        const input = parseInput(RescheduleInput, body);
        actions.rescheduleInterview(deps, workspaceId, params.id, input, (sessionId) => scheduling.bookingUrlOf(deps, workspaceId, sessionId));
        return scheduling.getInterview(deps, params.id);
      },
      { auth: true },
    )
    .patch("/interviews/:id", ({ params, body, me }) => reassignRecord(deps, me.user, "interview", String(params.id).slice(0, 64), parseInput(ReassignInput, body ?? {}).to), { auth: true })
    .post(
      "/interviews/:id/status",
      ({ params, body, workspaceId }) => {
        const { status } = parseInput(InterviewStatusInput, body);
        actions.markInterview(deps, workspaceId, params.id, status);
        return scheduling.getInterview(deps, params.id);
      },
      { auth: true },
    )
    // Staff only: signed-out visitors and other workspaces get 'Interview Not Found' (404).
    .get(
      "/interviews/:id",
      ({ params, set, me }) => {
        Object.assign(set.headers, noReferrer);
        return interviewForStaff(deps, me?.user.workspaceId, params.id);
      },
      { withUser: true },
    )
    // Public: the token is the only access.
    .get("/book/:token", ({ params, set }) => {
      Object.assign(set.headers, noReferrer, { "cache-control": "no-store" });
      return getBookingView(deps, params.token);
    })
    .post("/book/:token", async ({ params, body, set }) => {
      Object.assign(set.headers, noReferrer);
      const { slotId, timeZone } = parseInput(BookInput, body);
      const booked = await bookByToken(deps, params.token, slotId, { timeZone });
      const { manageToken, ...meeting } = booked;
      return {
        success: true,
        message: deps.config.SMTP_URL ? "Your interview has been successfully booked. You'll receive a confirmation email shortly." : "Your interview has been successfully booked.",
        meeting,
        confirmationUrl: `/book/manage/${manageToken}`,
      };
    });

  return new Elysia().use(api).use(bookingPageRoutes(deps));
}
