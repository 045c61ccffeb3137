// CVs that become candidates (issue 39 item 6, decision 0038): each CV dropped on /candidates (or
// sent to POST /api/participants/from-files) is kept as a draft whose fields are proposed in the
// job queue; the recruiter confirms (a new candidate, or the one who has its e-mail) or discards.
import type { Deps } from "../../deps";
import { recordCvProposal } from "./suggestion-hook";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { recordEvent, type Actor } from "../events/record";
import type { Tx } from "../../db/tx";
import { removeBytesAfterCommit } from "../candidate-files/removal";
import { attachStoredFile, checkUpload, removeStoredFiles, type CheckedUpload, type StoredFile } from "../candidate-files/service";
import type { CandidateFile } from "../candidate-files/model";
import type { FileType } from "../candidate-files/sniff";
import { getParticipant } from "../candidates/service";
import { candidateByEmail, createFromCv, mergeCvInto, type CvField, type CvFields } from "../candidates/service-from-cv";
import { emptyFields, FIELD_NAMES, type ProposedFields } from "./propose-rules";
import { MAX_FILES_PER_CALL, type ConfirmFields, type ConfirmResult, type Draft } from "./model";
import { readDraftJob } from "./jobs";
import * as repo from "./repo";

const NOTES: Record<string, string> = { pending: "Reading…", empty: "No text found in this file", failed: "The text of this file could not be read" };

function fieldsOf(r: repo.DraftRow): ProposedFields {
  const out = emptyFields();
  try {
    const v = JSON.parse(r.proposal ?? "{}") as Record<string, unknown>;
    for (const k of FIELD_NAMES) out[k] = typeof v[k] === "string" && v[k] ? (v[k] as string) : null;
  } catch {} // an unreadable proposal proposes nothing
  return out;
}

function toDraft(deps: Deps, r: repo.DraftRow): Draft {
  const fields = fieldsOf(r);
  const known = r.status === "reading" ? null : candidateByEmail(deps, r.workspaceId, fields.email);
  return {
    id: r.id,
    status: r.status as Draft["status"],
    file: { name: r.fileName, type: r.fileType as FileType, size: r.fileSize },
    textStatus: r.textStatus as Draft["textStatus"],
    // A limit passed says itself what happened ("This PDF has 16,000 pages; …").
    note: r.status === "reading" ? NOTES.pending! : (r.textError ?? NOTES[r.textStatus] ?? null),
    fields,
    proposedBy: (r.proposedBy as Draft["proposedBy"]) ?? null,
    mergesInto: known ? { id: known.id, name: known.name } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function listDrafts(deps: Deps, workspaceId: number): Draft[] {
  return repo.draftsOf(deps.db, workspaceId).map((r) => toDraft(deps, r));
}

export function draftCount(deps: Deps, workspaceId: number): number {
  return repo.countOf(deps.db, workspaceId);
}

export function getDraft(deps: Deps, workspaceId: number, id: number): Draft {
  const row = repo.findDraft(deps.db, workspaceId, id);
  if (!row) throw notFound("Draft not found");
  return toDraft(deps, row);
}

/** The uploaded files of a multipart body's `file` field(s) (one or several). */
export function filesOf(body: unknown): unknown[] {
  const v = body && typeof body === "object" ? (body as Record<string, unknown>).file : undefined;
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

const nameOf = (f: unknown) => (f instanceof File && f.name ? f.name.split(/[\\/]/).pop()!.slice(-200) : "file");

/**
 * POST /api/participants/from-files: each file checked like a candidate's CV; the good ones are
 * written (0600) and become drafts, with their reading jobs and one event, in one transaction.
 * Refused files are listed with why; when every file is refused, the first refusal is the answer.
 */
export async function addDrafts(
  deps: Deps,
  workspaceId: number,
  files: unknown[],
  actor: Actor,
  createdBy: number,
): Promise<{ drafts: Draft[]; refused: { name: string; status: number; message: string }[] }> {
  if (!files.length || !files.some((f) => f instanceof Blob)) throw badRequest("Choose one or more CVs to upload (form field “file”)", { file: "Choose a file" });
  if (files.length > MAX_FILES_PER_CALL) throw badRequest(`At most ${MAX_FILES_PER_CALL} CVs at a time: send the others in another upload`, { file: `At most ${MAX_FILES_PER_CALL} files` });
  const good: CheckedUpload[] = [];
  const refused: { name: string; status: number; message: string; error: AppError }[] = [];
  for (const f of files) {
    try {
      good.push(await checkUpload(f));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      refused.push({ name: nameOf(f), status: e.status, message: e.message, error: e });
    }
  }
  if (!good.length) throw refused[0]!.error;
  const store = deps.files;
  const keys: string[] = [];
  try {
    for (const g of good) keys.push(await store.put(workspaceId, g.bytes));
  } catch (e) {
    await Promise.allSettled(keys.map((k) => store.remove(workspaceId, k)));
    throw e;
  }
  try {
    const rows = deps.db.transaction((tx) => {
      const made = good.map((g, i) => {
        const r = repo.insertDraft(tx, { workspaceId, fileName: g.name, fileType: g.type, fileSize: g.bytes.length, sha256: g.sha256, storageKey: keys[i]!, createdBy, createdAt: deps.clock.now() });
        // Read and proposed after the commit, in the job queue: nobody waits for a model here.
        readDraftJob.enqueue(tx, { draftId: r.id });
        return r;
      });
      recordEvent(deps, tx, {
        workspaceId,
        actor,
        subject: { type: "candidate_draft", id: null },
        kind: "candidate_drafts.added",
        summary: `${made.length} CV${made.length === 1 ? "" : "s"} added as draft candidates`,
        data: { draftIds: made.map((r) => r.id), count: made.length },
      });
      return made;
    });
    return { drafts: rows.map((r) => toDraft(deps, r)), refused: refused.map(({ name, status, message }) => ({ name, status, message })) };
  } catch (e) {
    await Promise.allSettled(keys.map((k) => store.remove(workspaceId, k)));
    throw e;
  }
}

const TO_CANDIDATE: Record<keyof ProposedFields, CvField> = {
  name: "name",
  email: "emailAddress",
  phone: "phone",
  city: "city",
  role: "jobTitle",
  linkedin: "linkedinUrl",
  summary: "summary",
  skills: "skills",
};
const FROM_CANDIDATE = Object.fromEntries(Object.entries(TO_CANDIDATE).map(([k, v]) => [v, k])) as Record<CvField, keyof ProposedFields>;

/**
 * POST /api/participant-drafts/{id}/confirm: the fields as corrected (what was left out keeps the
 * proposal). A new candidate, or, when a candidate of the workspace has the e-mail, that
 * candidate (its empty fields filled, its own values kept and listed). The CV's file moves to
 * the candidate (the same bytes; its text is searchable at once) and the draft goes, with the
 * event, in one transaction.
 */
export function confirmDraft(deps: Deps, workspaceId: number, id: number, input: ConfirmFields, actor: Actor): ConfirmResult {
  const draft = repo.findDraft(deps.db, workspaceId, id);
  if (!draft) throw notFound("Draft not found");
  if (draft.status === "reading") throw conflict("This CV is still being read: confirm it once its fields are proposed");
  const proposal = fieldsOf(draft);
  const chosen = emptyFields();
  for (const k of FIELD_NAMES) chosen[k] = input[k] === undefined ? proposal[k] : input[k];
  const fields = Object.fromEntries(FIELD_NAMES.map((k) => [TO_CANDIDATE[k], chosen[k]])) as unknown as CvFields;
  let file: CandidateFile | null = null;
  const cv = {
    draftId: draft.id,
    fileType: draft.fileType,
    attach: (tx: Tx, candidateId: number) => {
      const stored = {
        name: draft.fileName,
        type: draft.fileType as FileType,
        size: draft.fileSize,
        sha256: draft.sha256,
        storageKey: draft.storageKey,
        textStatus: draft.textStatus as StoredFile["textStatus"],
        text: draft.text,
        textError: draft.textStatus === "failed" ? draft.textError : null,
        uploadedBy: draft.createdBy,
      };
      file = attachStoredFile(deps, tx, workspaceId, candidateId, stored);
      return file.id;
    },
  };
  const done = deps.db.transaction((t) => {
    // Confirmed or discarded by someone else meanwhile: nothing happens twice.
    if (!repo.deleteDraft(t, workspaceId, id)) throw notFound("Draft not found");
    const again = candidateByEmail(deps, workspaceId, chosen.email);
    // A new candidate needs a name; a known one has their own.
    if (!again && !chosen.name) throw badRequest("Name cannot be empty", { name: "Name cannot be empty" });
    if (again) {
      const r = mergeCvInto(deps, t, workspaceId, again.id, fields, actor, cv);
      return { candidateId: again.id, merged: true, filled: r.filled, kept: r.kept };
    }
    return { candidateId: createFromCv(deps, t, workspaceId, fields, actor, cv), merged: false, filled: [] as CvField[], kept: [] as CvField[] };
  });
  // Issue 57: the proposal is kept on the candidate's record as a suggestion, with what was done with it.
  recordCvProposal(deps, workspaceId, done.candidateId, draft, proposal, chosen, actor);
  return {
    outcome: done.merged ? "merged" : "created",
    merged: done.merged,
    candidate: getParticipant(deps, workspaceId, done.candidateId),
    file: file!,
    filled: done.filled.map((f) => FROM_CANDIDATE[f]),
    kept: done.kept.map((f) => FROM_CANDIDATE[f]),
  };
}

/**
 * DELETE /api/participant-drafts/{id}: the row, its event and the job that removes the bytes in
 * one transaction; the bytes are also removed right after, without the person waiting on the
 * store (the job then finds nothing to do).
 */
export function discardDraft(deps: Deps, workspaceId: number, id: number, actor: Actor): { deleted: true; id: number } {
  const row = deps.db.transaction((tx) => {
    const r = repo.deleteDraft(tx, workspaceId, id);
    if (!r) throw notFound("Draft not found");
    removeBytesAfterCommit(tx, workspaceId, [r.storageKey]);
    recordEvent(deps, tx, {
      workspaceId,
      actor,
      subject: { type: "candidate_draft", id },
      kind: "candidate_draft.discarded",
      summary: `A draft candidate from a CV was discarded (draft #${id})`,
      data: { draftId: id, fileType: r.fileType },
    });
    return r;
  });
  void removeStoredFiles(deps, workspaceId, [row.storageKey]);
  return { deleted: true, id };
}

/**
 * In an erasure's transaction: the drafts that name the person by e-mail go too, their bytes by
 * the removal job after the commit. A CV sent and never confirmed is still their data.
 */
export function eraseDraftsOf(tx: Tx, workspaceId: number, emails: string[]): number {
  const keys = repo.deleteDraftsMentioning(
    tx,
    workspaceId,
    emails.filter((e) => e.includes("@")),
  );
  removeBytesAfterCommit(tx, workspaceId, keys);
  return keys.length;
}
