import type { ReactNode } from "react";
import type { Deps } from "../../deps";

/**
 * What other features show on the interview page of a signed-in member (issue 38: the job's
 * client, the interview feedback and the member's own scorecard), installed by app.ts so that
 * scheduling imports none of them.
 */
export type InterviewExtras = (workspaceId: number, publicId: string, member: { id: number; email: string }) => ReactNode;
const sources = new WeakMap<Deps, InterviewExtras>();

export function installInterviewExtras(deps: Deps, source: InterviewExtras) {
  sources.set(deps, source);
}

export function interviewExtras(deps: Deps, workspaceId: number, publicId: string, member: { id: number; email: string }): ReactNode {
  return sources.get(deps)?.(workspaceId, publicId, member) ?? null;
}
