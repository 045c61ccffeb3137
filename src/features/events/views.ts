// What the rest of Frank reads of the event record: the activity log and one subject's history.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import * as repo from "./repo";
import { CANDIDATE_KINDS_IN_LOG } from "./kinds";

export type { EventRow } from "./repo";

/**
 * Kinds that are one candidate's own history and not a member's change: a CSV import writes one
 * `candidates.imported` line for the log and one of these per record for the timelines.
 */
const TIMELINE_ONLY = ["candidate.imported_row"];

export interface ActivityRow {
  id: number;
  userId: number | null;
  memberName: string | null;
  memberEmail: string | null;
  kind: string;
  subjectType: string;
  subjectId: string | null;
  summary: string | null;
  createdAt: Date;
}

/** The workspace's activity log, newest first: every event a member, a key or Frank made, and a candidate's application and booking. */
export function activityLog(deps: Deps, workspaceId: number, f: { userId?: number; kind?: string; before?: number; limit: number }): ActivityRow[] {
  return repo.activity(deps.db, workspaceId, { ...f, hidden: TIMELINE_ONLY, candidateKinds: CANDIDATE_KINDS_IN_LOG });
}

/** Everything recorded about one subject, oldest first. */
export function eventsAbout(deps: Deps, workspaceId: number, subjectType: string, subjectId: string | number): repo.EventRow[] {
  return repo.ofSubject(deps.db, workspaceId, subjectType, subjectId);
}

/** A merge: the duplicates' history becomes the kept record's. */
export function moveEvents(tx: Tx, workspaceId: number, subjectType: string, fromIds: (string | number)[], toId: string | number) {
  repo.moveSubjects(tx, workspaceId, subjectType, fromIds, toId);
}
