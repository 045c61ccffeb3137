import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import { participantIdsInWorkspace, participantsByIds } from "../candidates/service";
import * as repo from "./repo";
import * as members from "./repo-members";
import type { CreateShortlist, Shortlist } from "./model";
import type { Tx } from "../../db/tx";
import { recordEvent, type Actor } from "../events/record";

export type { Shortlist } from "./model";

const toShortlist = (r: repo.ShortlistRow, candidateIds: number[]): Shortlist => ({ id: r.id, name: r.name, candidateIds, createdAt: r.createdAt.toISOString() });

/** The workspace's shortlists with their candidate ids, oldest first. */
export function listShortlists(deps: Deps, workspaceId: number): Shortlist[] {
  const members = repo.membersByShortlist(deps.db, workspaceId);
  return repo.listShortlists(deps.db, workspaceId).map((r) => toShortlist(r, members.get(r.id) ?? []));
}

export function getShortlist(deps: Deps, workspaceId: number, id: number): Shortlist {
  const row = repo.findShortlist(deps.db, workspaceId, id);
  if (!row) throw notFound("Shortlist not found");
  return toShortlist(row, repo.memberIds(deps.db, workspaceId, id));
}

/** Accepts a name (callers validate with CreateShortlistInput) or the test page's full payload. */
export function createShortlist(deps: Deps, workspaceId: number, input: string | CreateShortlist, actor: Actor): Shortlist {
  const v = typeof input === "string" ? { name: input.trim(), candidateName: null, chatMessage: null } : input;
  return deps.db.transaction((tx) => {
    const s = toShortlist(repo.insertShortlist(tx, workspaceId, { ...v, createdAt: deps.clock.now() }), []);
    shortlistEvent(deps, tx, workspaceId, s.id, "shortlist.created", actor, { shortlist: s, change: "created", candidateIds: [] }, s.name);
    return s;
  });
}

/** A shortlist's event, with shortlist.updated for outgoing webhooks (the shortlist as the API returns it), in the change's transaction. */
function shortlistEvent(
  deps: Deps,
  tx: Tx,
  workspaceId: number,
  id: number,
  kind: string,
  actor: Actor,
  data: Record<string, unknown> | (() => Record<string, unknown>),
  summary: string | null = null,
) {
  const change = typeof data === "function" ? null : data.change;
  recordEvent(deps, tx, { workspaceId, actor, subject: { type: "shortlist", id }, kind, summary, webhooks: [{ type: "shortlist.updated", data }], ...(change ? { data: { change } } : {}) });
}

function shortlistUpdated(deps: Deps, tx: Tx, workspaceId: number, id: number, change: string, candidateIds: number[], actor: Actor) {
  recordEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "shortlist", id },
    kind: "shortlist.changed",
    data: { change, candidateIds },
    webhooks: [{ type: "shortlist.updated", data: () => ({ shortlist: getShortlist(deps, workspaceId, id), change, candidateIds }) }],
  });
}

/**
 * Adds candidates to a shortlist. Idempotent; an id that is not a candidate of this
 * workspace refuses the whole call with 404, so nothing is half-added.
 */
export function addCandidates(deps: Deps, workspaceId: number, shortlistId: number, candidateIds: number[], actor: Actor): { added: number; shortlist: Shortlist } {
  if (!repo.findShortlist(deps.db, workspaceId, shortlistId)) throw notFound("Shortlist not found");
  const ids = [...new Set(candidateIds)];
  const known = participantIdsInWorkspace(deps, workspaceId, ids);
  if (ids.some((id) => !known.has(id))) throw notFound("Candidate not found");
  const added = deps.db.transaction((tx) => {
    const n = repo.addMembers(tx, workspaceId, shortlistId, ids, deps.clock.now());
    if (n) shortlistUpdated(deps, tx, workspaceId, shortlistId, "candidates_added", ids, actor);
    return n;
  });
  return { added, shortlist: getShortlist(deps, workspaceId, shortlistId) };
}

export function shortlistsOfCandidate(deps: Deps, workspaceId: number, participantId: number) {
  return members.membershipsOf(deps.db, workspaceId, participantId).map((m) => ({ shortlistId: m.shortlistId, name: m.name, addedAt: m.addedAt.toISOString() }));
}

/** DELETE /api/shortlists/{id}/candidates/{candidateId}: the candidate goes back to All Candidates. */
export function removeCandidate(deps: Deps, workspaceId: number, shortlistId: number, participantId: number, actor: Actor): Shortlist {
  if (!repo.findShortlist(deps.db, workspaceId, shortlistId)) throw notFound("Shortlist not found");
  deps.db.transaction((tx) => {
    if (!members.removeMember(tx, workspaceId, shortlistId, participantId)) throw notFound("Candidate not in this shortlist");
    shortlistUpdated(deps, tx, workspaceId, shortlistId, "candidate_removed", [participantId], actor);
  });
  return getShortlist(deps, workspaceId, shortlistId);
}

export function renameShortlist(deps: Deps, workspaceId: number, id: number, name: string, actor: Actor): Shortlist {
  deps.db.transaction((tx) => {
    if (!members.renameShortlist(tx, workspaceId, id, name.trim())) throw notFound("Shortlist not found");
    shortlistUpdated(deps, tx, workspaceId, id, "renamed", [], actor);
  });
  return getShortlist(deps, workspaceId, id);
}

/** Deletes a shortlist; its candidates are not deleted (they return to All Candidates). */
export function deleteShortlist(deps: Deps, workspaceId: number, id: number, actor: Actor): void {
  deps.db.transaction((tx) => {
    const before = repo.findShortlist(tx, workspaceId, id);
    const candidateIds = before ? repo.memberIds(tx, workspaceId, id) : [];
    if (!before || !members.deleteShortlist(tx, workspaceId, id)) throw notFound("Shortlist not found");
    shortlistEvent(deps, tx, workspaceId, id, "shortlist.deleted", actor, { shortlist: { ...toShortlist(before, candidateIds), candidateIds: [] }, change: "deleted", candidateIds }, before.name);
  });
}

export { moveMemberships, forgetCandidateName } from "./repo-members";

/** The members' records, in the order they were added. */
export function membersOf(deps: Deps, workspaceId: number, ids: number[]) {
  return participantsByIds(deps, workspaceId, ids);
}

/** The recruiter's note per member (candidate id → note) of one shortlist. */
export function notesOfShortlist(deps: Deps, workspaceId: number, shortlistId: number): Map<number, string> {
  return members.notesOf(deps.db, workspaceId, shortlistId);
}

/** PUT /api/shortlists/{id}/candidates/{candidateId}/note: the recruiter's note (empty clears it). */
export function setCandidateNote(deps: Deps, workspaceId: number, shortlistId: number, participantId: number, note: string | null, actor: Actor): void {
  if (!repo.findShortlist(deps.db, workspaceId, shortlistId)) throw notFound("Shortlist not found");
  deps.db.transaction((tx) => {
    if (!members.setNote(tx, workspaceId, shortlistId, participantId, note)) throw notFound("Candidate not in this shortlist");
    shortlistUpdated(deps, tx, workspaceId, shortlistId, "note_changed", [participantId], actor);
  });
}
