import type { ReactNode } from "react";
import type { Deps } from "../../deps";
import { Ports } from "../../lib/ports";

/**
 * What other features show on the interview page of a signed-in member (issue 38: the job's
 * client, the interview feedback and the member's own scorecard): a port wired in
 * src/ports.ts, so that scheduling imports none of them.
 */
export type InterviewExtras = (workspaceId: number, publicId: string, member: { id: number; email: string }) => ReactNode;

export const interviewExtrasPorts = new Ports<{ interviewExtras: InterviewExtras }>("scheduling", ["interviewExtras"]);

export function interviewExtras(deps: Deps, workspaceId: number, publicId: string, member: { id: number; email: string }): ReactNode {
  return interviewExtrasPorts.of(deps).interviewExtras(workspaceId, publicId, member);
}
