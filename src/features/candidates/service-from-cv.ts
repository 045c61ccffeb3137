// A candidate made from a CV the recruiter confirmed (issue 39 item 6), or the CV folded into the
// candidate who already has its e-mail (one person, one record). Both run in the caller's
// transaction (the draft's, which also moves the file), with their one event.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import type { Actor } from "../events/record";
import type { Participant } from "./model";
import { bucketColumns, bucketsOf } from "./settings";
import * as repo from "./repo";
import * as identity from "./repo-identity";
import { toParticipant } from "./participant-view";
import { candidateChanged, candidateCreated } from "./candidate-events";

/** The fields a CV gives, by the candidate's own names. */
export interface CvFields {
  name: string | null;
  emailAddress: string | null;
  phone: string | null;
  city: string | null;
  jobTitle: string | null;
  linkedinUrl: string | null;
  summary: string | null;
  skills: string | null;
}
export type CvField = keyof CvFields;
const CV_FIELDS: CvField[] = ["name", "emailAddress", "phone", "city", "jobTitle", "linkedinUrl", "summary", "skills"];

/** The live candidate of the workspace with this e-mail (compared without case), if any. */
export function candidateByEmail(deps: Deps, workspaceId: number, email: string | null): Participant | null {
  if (!email?.trim()) return null;
  const hit = identity.findByEmail(deps.db, workspaceId, email);
  const row = hit ? repo.findParticipant(deps.db, workspaceId, hit.id) : undefined;
  return row ? toParticipant(row) : null;
}

/** What the CV adds to the record: its file (attached by the caller) and the event's facts. */
export interface CvAttach {
  /** Attaches the CV's file to the candidate (in the same transaction); returns the file's id. */
  attach: (tx: Tx, candidateId: number) => number;
  draftId: number;
  fileType: string;
}

/** A new candidate with these fields, its CV attached: candidate.created_from_cv, webhook candidate.created. */
export function createFromCv(deps: Deps, tx: Tx, workspaceId: number, fields: CvFields, actor: Actor, cv: CvAttach): number {
  const now = deps.clock.now();
  const id = identity.insertOne(tx, workspaceId, { ...fields, ...bucketColumns(bucketsOf(deps, workspaceId), fields), stages: 1, createdAt: now, lastUpdated: now });
  const fileId = cv.attach(tx, id);
  candidateCreated(deps, tx, workspaceId, id, "cv", actor, { fileId, draftId: cv.draftId, fileType: cv.fileType });
  return id;
}

const LABELS: Record<CvField, string> = { name: "name", emailAddress: "e-mail", phone: "phone", city: "city", jobTitle: "job title", linkedinUrl: "LinkedIn", summary: "summary", skills: "skills" };
const labels = (fs: CvField[]) => fs.map((f) => LABELS[f]).join(", ");
const same = (a: string | null, b: string | null) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * The CV into the candidate who has its e-mail: empty fields take the CV's values; a field with
 * a value of its own keeps it (listed as kept when the CV says something else, so nothing is
 * overwritten silently). One event, candidate.cv_merged (webhook candidate.updated when filled).
 */
export function mergeCvInto(deps: Deps, tx: Tx, workspaceId: number, id: number, fields: CvFields, actor: Actor, cv: CvAttach): { filled: CvField[]; kept: CvField[] } {
  const before = repo.findParticipant(deps.db, workspaceId, id);
  if (!before) throw new Error(`candidate ${id} vanished inside its transaction`);
  const filled: CvField[] = [];
  const kept: CvField[] = [];
  const changes: Partial<CvFields> = {};
  for (const k of CV_FIELDS) {
    const mine = before[k];
    const theirs = fields[k];
    if (!theirs) continue;
    if (!mine?.trim()) {
      changes[k] = theirs;
      filled.push(k);
    } else if (!same(mine, theirs)) kept.push(k);
  }
  const fileId = cv.attach(tx, id);
  const now = deps.clock.now();
  const merged = { roleApplied: before.roleApplied, jobTitle: changes.jobTitle ?? before.jobTitle, city: changes.city ?? before.city };
  identity.setFields(tx, workspaceId, id, { ...changes, ...bucketColumns(bucketsOf(deps, workspaceId), merged), lastUpdated: now });
  const text = [`A CV was added (${cv.fileType.toUpperCase()}, same e-mail)`, filled.length ? `filled ${labels(filled)}` : null, kept.length ? `kept the record's ${labels(kept)}` : null]
    .filter(Boolean)
    .join("; ");
  candidateChanged(deps, tx, workspaceId, id, { changedFields: filled, source: "cv" }, actor, "candidate.cv_merged", { fileId, draftId: cv.draftId, kept, text });
  return { filled, kept };
}
