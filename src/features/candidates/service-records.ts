import type { Deps } from "../../deps";
import { conflict, notFound } from "../../lib/errors";
import { bucketColumns, bucketsOf } from "./settings";
import type { Note, PatchParticipant } from "./edit-model";
import type { Participant } from "./model";
import * as repo from "./repo";
import * as history from "./repo-history";
import * as identity from "./repo-identity";
import { getParticipant } from "./service";
import { candidateChanged } from "./candidate-events";
import { eventsAbout } from "../events/views";
import { recordEvent } from "../events/record";
import { timelineOf, type CandidateEvent } from "./timeline";
export { candidateChanged } from "./candidate-events";
export type { CandidateEvent } from "./timeline";

/** Who made a change, for notes and the timeline (apiKeyId when made with an API key). */
export interface Actor {
  userId: number;
  name: string;
  apiKeyId?: number | null;
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
    const { stages } = changes;
    const who = actor ? { userId: actor.userId, apiKeyId: actor.apiKeyId ?? null } : "system";
    candidateChanged(deps, tx, workspaceId, id, { changedFields: Object.keys(changes), stage: stages !== undefined ? { from: before.stages, to: stages } : null, source: "recruiter" }, who);
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
    // The note itself stays in its table (the timeline shows it from there); the event says who wrote one.
    recordEvent(deps, tx, {
      workspaceId,
      actor: { userId: actor.userId, apiKeyId: actor.apiKeyId ?? null },
      subject: { type: "candidate", id },
      kind: "candidate.note_added",
      data: { noteId: note.id },
    });
    return note;
  });
  return toNote(row);
}

export function listNotes(deps: Deps, workspaceId: number, id: number): Note[] {
  existing(deps, workspaceId, id);
  return history.notesOf(deps.db, workspaceId, id).map(toNote);
}

export function candidateEvents(deps: Deps, workspaceId: number, id: number): CandidateEvent[] {
  existing(deps, workspaceId, id);
  return timelineOf(eventsAbout(deps, workspaceId, "candidate", id));
}
