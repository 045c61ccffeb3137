import type { Deps } from "../../deps";
import { findMeetingByPublicId } from "./repo";

/** The UID of an interview's iMIP invitation (notify.ts): one for its whole life. */
export const invitationUid = (deps: Deps, publicId: string) => `${publicId}@${new URL(deps.config.APP_URL).hostname}`;

/**
 * The interview an iMIP message names by its UID (an answer to Frank's invitation, issue 55
 * item 5), in this workspace, or null (another server's or workspace's event, or none).
 */
export function interviewByInvitationUid(deps: Deps, workspaceId: number, uid: string): { id: number; publicId: string; status: string; candidateEmail: string | null } | null {
  const at = uid.lastIndexOf("@");
  if (at <= 0) return null;
  const publicId = uid.slice(0, at);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(publicId) || invitationUid(deps, publicId) !== uid) return null;
  const d = findMeetingByPublicId(deps.db, publicId);
  if (!d || d.meeting.workspaceId !== workspaceId) return null;
  return { id: d.meeting.id, publicId, status: d.meeting.status, candidateEmail: d.candidateEmail };
}
