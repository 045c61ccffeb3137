import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import { z } from "zod";
import type { Deps } from "../../deps";

import { InterviewView } from "./views";
import { resolveFlag, retryVideoLink } from "./calendar-changes";
import { getInterview } from "./interviews";

const FlagParams = z.object({ id: z.string(), flagId: z.coerce.number().int().positive() });
const IdParams = z.object({ id: z.string() });

/** Apply or Keep a change flagged from a calendar, and Retry a missing Meet link (decision 32). */
export function calendarChangeRoutes(deps: Deps, web: Web) {
  return new Elysia({ prefix: "/api/interviews", tags: ["Interviews"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/:id/flags/:flagId/apply",
      ({ params, workspaceId }) => {
        resolveFlag(deps, workspaceId, params.id, params.flagId, "apply");
        return getInterview(deps, params.id);
      },
      { params: FlagParams, response: { 200: InterviewView }, detail: { summary: "Apply a move or delete made in the calendar (Only flag)" } },
    )
    .post(
      "/:id/flags/:flagId/keep",
      ({ params, workspaceId }) => {
        resolveFlag(deps, workspaceId, params.id, params.flagId, "keep");
        return getInterview(deps, params.id);
      },
      { params: FlagParams, response: { 200: InterviewView }, detail: { summary: "Keep the interview as it is; its event is written again" } },
    )
    .post(
      "/:id/video-link/retry",
      ({ params, workspaceId }) => {
        retryVideoLink(deps, workspaceId, params.id);
        return getInterview(deps, params.id);
      },
      { params: IdParams, response: { 200: InterviewView }, detail: { summary: "Ask Google Meet for the missing video link again" } },
    );
}
