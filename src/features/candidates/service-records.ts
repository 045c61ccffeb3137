import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { stageLabel } from "./classify";
import { bucketColumns, bucketsOf } from "./settings";
import type { Note, PatchParticipant } from "./edit-model";
import type { Participant } from "./model";
import * as repo from "./repo";
import * as history from "./repo-history";
import * as identity from "./repo-identity";
import { getParticipant } from "./service";
import { candidateChanged } from "./webhook-events";
export { candidateChanged } from "./webhook-events";

/** Who made a change, for notes and the timeline. */
export interface Actor {
  userId: number;
  name: string;
}

function existing(deps: Deps, workspaceId: number, id: number) {
  const row = repo.findParticipant(deps.db, workspaceId, id);
  if (!row) throw notFound("Candidate not found");
  return row;
}

/**
 * PATCH /api/participants/{id}: changes the given fields. An e-mail another candidate of the
 * workspace already has is refused (one person, one record: merge them instead). A stage
 * change and the names of the edited fields go to the timeline in the same transaction.
 */
export function patchParticipant(deps: Deps, workspaceId: number, id: number, input: PatchParticipant, actor: Actor | null): Participant {
  const before = existing(deps, workspaceId, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (before as Record<string, unknown>)[k] !== v)) as PatchParticipant;
  if (changes.emailAddress) {
    const other = identity.findByEmail(deps.db, workspaceId, changes.emailAddress);
    if (other && other.id !== id) {
      throw conflict(`Another candidate (#${other.id}) already has this e-mail address: merge the two instead`);
    }
  }
  if (!Object.keys(changes).length) return getParticipant(deps, workspaceId, id);
  const now = deps.clock.now();
  const pick = <K extends "roleApplied" | "jobTitle" | "city">(k: K) => (changes[k] !== undefined ? changes[k] : before[k]);
  const merged = { roleApplied: pick("roleApplied"), jobTitle: pick("jobTitle"), city: pick("city") };
  deps.db.transaction((tx) => {
    identity.setFields(tx, workspaceId, id, {
      ...changes,
      ...bucketColumns(bucketsOf(deps, workspaceId), merged),
      lastUpdated: now,
    });
    const { stages, ...edited } = changes;
    if (stages !== undefined) {
      history.insertEvent(tx, { workspaceId, participantId: id, kind: "stage", detail: { from: before.stages, to: stages }, userId: actor?.userId ?? null, createdAt: now });
    }
    const fields = Object.keys(edited);
    if (fields.length) history.insertEvent(tx, { workspaceId, participantId: id, kind: "edited", detail: { fields }, userId: actor?.userId ?? null, createdAt: now });
    candidateChanged(deps, tx, workspaceId, id, { changedFields: Object.keys(changes), stage: stages !== undefined ? { from: before.stages, to: stages } : null, source: "recruiter" });
  });
  return getParticipant(deps, workspaceId, id);
}

const toNote = (r: history.NoteRow): Note => ({
  id: r.id,
  participantId: r.participantId,
  body: r.body,
  author: r.authorName,
  authorId: r.authorUserId,
  createdAt: r.createdAt.toISOString(),
});

export function addNote(deps: Deps, workspaceId: number, id: number, body: string, actor: Actor): Note {
  existing(deps, workspaceId, id);
  const now = deps.clock.now();
  const row = deps.db.transaction((tx) => {
    const note = history.insertNote(tx, { workspaceId, participantId: id, authorUserId: actor.userId, authorName: actor.name, body, createdAt: now });
    identity.setFields(tx, workspaceId, id, { lastUpdated: now });
    return note;
  });
  return toNote(row);
}

export function listNotes(deps: Deps, workspaceId: number, id: number): Note[] {
  existing(deps, workspaceId, id);
  return history.notesOf(deps.db, workspaceId, id).map(toNote);
}

/** One entry of the candidate's own history (the timeline adds shortlists, sessions, interviews, e-mails). */
export interface CandidateEvent {
  kind: string;
  at: string;
  detail: Record<string, unknown>;
  userId: number | null;
}

export function candidateEvents(deps: Deps, workspaceId: number, id: number): CandidateEvent[] {
  existing(deps, workspaceId, id);
  return history.eventsOf(deps.db, workspaceId, id).map((e) => ({ kind: e.kind, at: e.createdAt.toISOString(), detail: safeJson(e.detail), userId: e.userId }));
}

function safeJson(s: string): Record<string, unknown> {
  try {
    const v = JSON.parse(s);
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** A timeline event written by the visitor flows (applied, applied again, stage reached). */
export function recordEvent(deps: Deps, workspaceId: number, participantId: number, kind: string, detail: Record<string, unknown> = {}, userId: number | null = null) {
  history.insertEvent(deps.db, { workspaceId, participantId, kind, detail, userId, createdAt: deps.clock.now() });
}

/** A timeline event written in the caller's transaction (a pipeline move, a stage e-mail, feedback). */
export function recordEventIn(deps: Deps, tx: Tx, workspaceId: number, participantId: number, kind: string, detail: Record<string, unknown> = {}, userId: number | null = null) {
  history.insertEvent(tx, { workspaceId, participantId, kind, detail, userId, createdAt: deps.clock.now() });
}

export function describeStage(stage: number): string {
  return `${stage} ${stageLabel(stage)}`;
}

export function ensureCandidate(deps: Deps, workspaceId: number, id: number) {
  existing(deps, workspaceId, id);
}

export function refuseEmpty(ids: number[]) {
  if (!ids.length) throw badRequest("Choose at least one candidate");
}
