import type { ReactNode } from "react";

/**
 * What other features show on the interview page of a signed-in member (issue 38: the job's
 * client, the interview feedback and the member's own scorecard): handed to the scheduling
 * feature's routes by app.ts, so that scheduling imports none of them.
 */
export type InterviewExtras = (workspaceId: number, publicId: string, member: { id: number; email: string }) => ReactNode;
