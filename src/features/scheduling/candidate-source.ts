/**
 * The candidates and shortlists scheduling needs, through issue 3's services
 * (candidates/service.ts, shortlists/service.ts), shaped for the scheduling cards.
 */
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { candidateRole } from "../candidates/classify";
import { candidateOptions, getParticipant, type Participant } from "../candidates/service";
import { getShortlist, listShortlists } from "../shortlists/service";

export interface CandidateInfo {
  id: number;
  name: string | null;
  email: string | null;
  position: string | null;
}

const toInfo = (p: Participant): CandidateInfo => ({ id: p.id, name: p.name, email: p.emailAddress, position: candidateRole(p) || null });

const orNull = <T>(f: () => T): T | null => {
  try {
    return f();
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
};

export function findCandidate(deps: Deps, workspaceId: number, id: number): CandidateInfo | null {
  const p = orNull(() => getParticipant(deps, workspaceId, id));
  return p ? toInfo(p) : null;
}

/** Candidates for the Schedule Interview card's choice, newest first (the picker's columns only). */
export function candidateChoices(deps: Deps, workspaceId: number, limit = 500): CandidateInfo[] {
  return candidateOptions(deps, workspaceId, limit).map((c) => ({ id: c.id, name: c.name, email: c.email, position: c.role }));
}

/** The members of a shortlist of the workspace; null when there is no such shortlist. */
export function shortlistCandidateIds(deps: Deps, workspaceId: number, shortlistId: number): number[] | null {
  return orNull(() => getShortlist(deps, workspaceId, shortlistId).candidateIds);
}

export function shortlistChoices(deps: Deps, workspaceId: number): { id: number; name: string; candidateIds: number[] }[] {
  return listShortlists(deps, workspaceId).map((s) => ({ id: s.id, name: s.name, candidateIds: s.candidateIds }));
}
