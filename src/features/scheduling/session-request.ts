import type { z } from "zod";
import type { Deps } from "../../deps";
import { requireWorkspaceMember } from "../auth/members";
import { memberActor } from "../events/record";
import { interviewType } from "./interview-types";
import type { CreateSessionInput, InterviewTypeView } from "./model";
import type { CreateSessionArgs } from "./service";
import { DEFAULT_DURATION } from "./slots";

type Body = z.infer<typeof CreateSessionInput>;

/**
 * POST /api/scheduling-sessions as the session to create: the interviewer named (the session is
 * theirs: slots respect their interviews and calendar), else the member asking; and what an
 * interview type fills in that the request leaves out (issue 36 item 5).
 */
export function sessionArgsOf(deps: Deps, workspaceId: number, me: { user: { id: number }; apiKey?: { id: number } | null }, body: Body): CreateSessionArgs {
  const interviewer = body.interviewerId ? requireWorkspaceMember(deps, workspaceId, body.interviewerId, "Interviewer not found") : me.user;
  const type = body.interviewTypeId ? interviewType(deps, workspaceId, body.interviewTypeId) : null;
  return {
    workspaceId,
    actor: memberActor(me),
    userId: interviewer.id,
    candidateId: body.candidateId,
    shortlistId: body.shortlistId ?? null,
    ...describedByType(body, type),
    interviewTypeId: type?.id ?? null,
    timeSlots: body.timeSlots,
    mode: body.mode,
    from: body.from,
    to: body.to,
    ...peopleByType(body, type),
    videoLink: videoLinkByType(body, type),
    timeZone: body.timeZone,
    sendEmail: body.sendEmail,
    guests: body.guests ?? [],
  };
}

/** Title, description, length and message: the request's, else the type's. */
function describedByType(body: Body, type: InterviewTypeView | null) {
  return {
    title: body.title ?? type?.name ?? "Interview",
    description: body.description ?? type?.description ?? null,
    duration: body.duration ?? type?.duration ?? DEFAULT_DURATION,
    message: body.message ?? type?.defaultMessage ?? null,
  };
}

/** The video link: the request's, else the type's; only a fixed link keeps its URL. */
function videoLinkByType(body: Body, type: InterviewTypeView | null): CreateSessionArgs["videoLink"] {
  const videoLink = body.videoLink ?? type?.videoLink ?? null;
  return videoLink ? { kind: videoLink.kind, url: videoLink.kind === "fixed" ? (videoLink.url ?? null) : null } : null;
}

/** The panel and the pool: the request's, else the type's. */
function peopleByType(body: Body, type: InterviewTypeView | null) {
  return {
    interviewers: body.interviewers ?? (type?.interviewers.length ? type.interviewers : undefined),
    pool: body.pool ?? type?.pool ?? undefined,
  };
}
