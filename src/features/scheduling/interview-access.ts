import type { Deps } from "../../deps";
import * as repo from "./repo";
import { getInterview, interviewNotFound, isInterviewId } from "./interviews";
import type { InterviewView } from "./views";

/**
 * /interview-details/{id} and /api/interviews/{id} are staff views: they show the
 * interviewer's e-mail, the candidate's contact data and internal notes, and the id is the
 * UID in the candidate's invitation. Only a signed-in user of the meeting's workspace sees
 * them; everyone else gets 'Interview Not Found' (the candidate has their manage page).
 */
export function interviewForStaff(deps: Deps, workspaceId: number | null | undefined, publicId: string): InterviewView {
  if (!workspaceId || !isInterviewId(publicId)) throw interviewNotFound();
  const found = repo.findMeetingByPublicId(deps.db, publicId);
  if (!found || found.meeting.workspaceId !== workspaceId) throw interviewNotFound();
  return getInterview(deps, publicId);
}
