import { z } from "zod";
import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../lib/errors";
import { requireWorkspaceMember } from "../auth/members";
import { recordEvent, type Actor } from "../events/record";
import { DURATIONS } from "./slots";
import { InterviewTypeView, VideoLinkInput } from "./model";
import * as repo from "./repo-interview-types";
export { InterviewTypeList, InterviewTypeView } from "./model";

/**
 * Interview types (issue 36 item 5): a named recipe for a session — duration, video link,
 * location, description, the default message, who interviews (one, a panel or a pool), and
 * buffers and notice that override the members' own. A session made from a type copies what it
 * does not say itself and keeps the type's id, whose buffers and notice its free times use.
 */

const NAME = "Give the interview type a name (at most 100 characters)";
const DURATION = "Duration must be 30, 45, 60, 90 or 120 minutes";
const BUFFER = "Buffers must be whole minutes from 0 to 480, or null for the members' own";
const NOTICE = "Minimum notice must be whole minutes from 0 to 43200, or null for the members' own";
const INTERVIEWER = "Interviewers are members' ids";

const Fields = {
  name: z.string({ error: NAME }).trim().min(1, NAME).max(100, NAME),
  duration: z
    .number({ error: DURATION })
    .int(DURATION)
    .refine((d) => (DURATIONS as readonly number[]).includes(d), DURATION),
  videoLink: VideoLinkInput.nullable(),
  location: z.string().trim().max(500, "Keep the location under 500 characters").nullable(),
  description: z.string().trim().max(2000, "Keep the description under 2000 characters").nullable(),
  defaultMessage: z.string().trim().max(2000, "Keep the message under 2000 characters").nullable(),
  interviewers: z
    .array(z.object({ userId: z.number({ error: INTERVIEWER }).int(INTERVIEWER).positive(INTERVIEWER), required: z.boolean().optional().default(true) }))
    .max(10, "At most 10 interviewers"),
  pool: z
    .object({
      userIds: z
        .array(z.number({ error: INTERVIEWER }).int(INTERVIEWER).positive(INTERVIEWER))
        .min(2, "A pool needs at least two members")
        .max(20, "At most 20 members in a pool"),
      strategy: z.enum(["fair", "first-available"], { error: "strategy must be fair or first-available" }).optional().default("fair"),
    })
    .nullable(),
  bufferBeforeMinutes: z.number({ error: BUFFER }).int(BUFFER).min(0, BUFFER).max(480, BUFFER).nullable(),
  bufferAfterMinutes: z.number({ error: BUFFER }).int(BUFFER).min(0, BUFFER).max(480, BUFFER).nullable(),
  minimumNoticeMinutes: z.number({ error: NOTICE }).int(NOTICE).min(0, NOTICE).max(43_200, NOTICE).nullable(),
};
const once = (v: { interviewers?: { userId: number }[]; pool?: { userIds: number[] } | null }) => {
  const ids = [...(v.interviewers ?? []).map((i) => i.userId), ...(v.pool?.userIds ?? [])];
  return new Set(ids).size === ids.length;
};
const ONCE = { message: "Each interviewer may be named once (on the panel or in the pool)", path: ["interviewers"] };

export const InterviewTypeInput = z
  .object({
    name: Fields.name,
    duration: Fields.duration.optional().default(60),
    videoLink: Fields.videoLink.optional().default(null),
    location: Fields.location.optional().default(null),
    description: Fields.description.optional().default(null),
    defaultMessage: Fields.defaultMessage.optional().default(null),
    interviewers: Fields.interviewers.optional().default([]),
    pool: Fields.pool.optional().default(null),
    bufferBeforeMinutes: Fields.bufferBeforeMinutes.optional().default(null),
    bufferAfterMinutes: Fields.bufferAfterMinutes.optional().default(null),
    minimumNoticeMinutes: Fields.minimumNoticeMinutes.optional().default(null),
  })
  .strict()
  .refine(once, ONCE);
export const InterviewTypePatch = z.object(Fields).partial().strict().refine(once, ONCE);

const view = (r: repo.InterviewTypeRow): InterviewTypeView => ({
  id: r.id,
  name: r.name,
  duration: r.duration,
  videoLink: r.videoKind ? { kind: r.videoKind, url: r.videoUrl } : null,
  location: r.location,
  description: r.description,
  defaultMessage: r.defaultMessage,
  interviewers: r.interviewers,
  pool: r.pool,
  bufferBeforeMinutes: r.bufferBeforeMinutes,
  bufferAfterMinutes: r.bufferAfterMinutes,
  minimumNoticeMinutes: r.minimumNoticeMinutes,
});

function checkMembers(deps: Deps, workspaceId: number, v: { interviewers?: { userId: number }[]; pool?: { userIds: number[] } | null }) {
  for (const id of [...(v.interviewers ?? []).map((i) => i.userId), ...(v.pool?.userIds ?? [])]) requireWorkspaceMember(deps, workspaceId, id, "Interviewer not found");
}

type TypeFields = Partial<z.infer<typeof InterviewTypeInput>>;

/** The columns of the fields given (a patch leaves the others as they are); blank texts are stored as null. */
const columns = (v: TypeFields) => ({ ...describingColumns(v), ...whoAndWhenColumns(v) });

/** What the type is called and says: name, length, video link, place, description, message. */
const describingColumns = (v: TypeFields) => ({
  ...(v.name !== undefined ? { name: v.name } : {}),
  ...(v.duration !== undefined ? { duration: v.duration } : {}),
  ...(v.videoLink !== undefined ? { videoKind: v.videoLink?.kind ?? null, videoUrl: v.videoLink?.kind === "fixed" ? (v.videoLink.url ?? null) : null } : {}),
  ...(v.location !== undefined ? { location: v.location || null } : {}),
  ...(v.description !== undefined ? { description: v.description || null } : {}),
  ...(v.defaultMessage !== undefined ? { defaultMessage: v.defaultMessage || null } : {}),
});

/** Who interviews and the type's own rules for when: panel, pool, buffers, notice. */
const whoAndWhenColumns = (v: TypeFields) => ({
  ...(v.interviewers !== undefined ? { interviewers: v.interviewers.map((i) => ({ userId: i.userId, required: i.required ?? true })) } : {}),
  ...(v.pool !== undefined ? { pool: v.pool ? { userIds: v.pool.userIds, strategy: v.pool.strategy ?? "fair" } : null } : {}),
  ...(v.bufferBeforeMinutes !== undefined ? { bufferBeforeMinutes: v.bufferBeforeMinutes } : {}),
  ...(v.bufferAfterMinutes !== undefined ? { bufferAfterMinutes: v.bufferAfterMinutes } : {}),
  ...(v.minimumNoticeMinutes !== undefined ? { minimumNoticeMinutes: v.minimumNoticeMinutes } : {}),
});

export function listInterviewTypes(deps: Deps, workspaceId: number): InterviewTypeView[] {
  return repo.typesOf(deps.db, workspaceId).map(view);
}

/** One type of the workspace, or 404 (another workspace's id is not found either). */
export function interviewType(deps: Deps, workspaceId: number, id: number): InterviewTypeView {
  const r = repo.findType(deps.db, workspaceId, id);
  if (!r) throw notFound("Interview type not found");
  return view(r);
}

export function createInterviewType(deps: Deps, workspaceId: number, actor: Actor, input: z.infer<typeof InterviewTypeInput>): InterviewTypeView {
  checkMembers(deps, workspaceId, input);
  const row = deps.db.transaction((tx) => {
    const r = repo.insertType(tx, workspaceId, { name: input.name, duration: input.duration, interviewers: [], pool: null, ...columns(input), createdAt: deps.clock.now() });
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "interview_type", id: r.id }, kind: "interview_type.created", summary: r.name });
    return r;
  });
  return view(row);
}

export function updateInterviewType(deps: Deps, workspaceId: number, id: number, actor: Actor, patch: z.infer<typeof InterviewTypePatch>): InterviewTypeView {
  const current = interviewType(deps, workspaceId, id);
  checkMembers(deps, workspaceId, patch);
  const merged = { interviewers: patch.interviewers ?? current.interviewers, pool: patch.pool === undefined ? current.pool : patch.pool };
  if (!once(merged)) throw badRequest(ONCE.message, { interviewers: ONCE.message });
  deps.db.transaction((tx) => {
    repo.updateType(tx, workspaceId, id, columns(patch));
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "interview_type", id }, kind: "interview_type.changed", summary: patch.name ?? current.name, data: { fields: Object.keys(patch) } });
  });
  return interviewType(deps, workspaceId, id);
}

export function deleteInterviewType(deps: Deps, workspaceId: number, id: number, actor: Actor): void {
  const current = interviewType(deps, workspaceId, id);
  deps.db.transaction((tx) => {
    repo.deleteType(tx, workspaceId, id);
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "interview_type", id }, kind: "interview_type.deleted", summary: current.name });
  });
}
