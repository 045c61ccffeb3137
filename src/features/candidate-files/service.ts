// CVs and other documents on a candidate (issue 39, decisions 0037 and 0039): sniffed, bounded,
// kept in the data folder or the FILES_S3_URL bucket, listed and downloaded as attachments,
// removed with the candidate.
import { createHash } from "node:crypto";
import type { Deps } from "../../deps";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { Tx } from "../../db/tx";
import { recordEvent, type Actor } from "../events/record";
import { getParticipant } from "../candidates/lookup";
import { CONTENT_TYPES, sniff, type FileType } from "./sniff";
import { MAX_FILE_BYTES, MAX_FILES_PER_CANDIDATE, type CandidateFile } from "./model";
import * as repo from "./repo";
import { extractTextJob } from "./extract";
import { removeBytesAfterCommit } from "./removal";

const toFile = (r: repo.FileRow): CandidateFile => ({
  id: r.id,
  candidateId: r.participantId,
  name: r.name,
  type: r.type as FileType,
  contentType: CONTENT_TYPES[r.type as FileType],
  size: r.size,
  sha256: r.sha256,
  createdAt: r.createdAt.toISOString(),
  url: `/api/files/${r.id}`,
  textStatus: r.textStatus as CandidateFile["textStatus"],
  // The limit a file passed says itself what happened ("This PDF has 16,000 pages; …").
  textNote: r.textError ?? TEXT_NOTES[r.textStatus] ?? null,
});

const TEXT_NOTES: Record<string, string> = { pending: "Reading the text…", empty: "No text found in this file", failed: "The text of this file could not be read" };

/** A name to show and to offer on download: no folders, no control characters, at most 200 characters; "file" when none is left. */
function cleanName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // Control and format characters go: C0/C1 controls, and the invisible ones (right-to-left
    // override U+202E and the other bidi marks, zero-width spaces) that make `cv\u202Efdp.exe` read
    // as a PDF; line and paragraph separators too.
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu, "")
    .trim()
    .slice(-200);
  return base || "file";
}

export function listFiles(deps: Deps, workspaceId: number, participantId: number): CandidateFile[] {
  getParticipant(deps, workspaceId, participantId); // another workspace's candidate: 404
  return repo.filesOf(deps.db, workspaceId, participantId).map(toFile);
}

/** The name a multipart part gave its file: a part sent with `filename=""` is a File whose name is undefined. */
const uploadedName = (file: unknown): string => (file instanceof File && typeof file.name === "string" ? file.name : "");

/** An uploaded file that passed the checks: its bytes, its sniffed type and a clean name. */
export interface CheckedUpload {
  bytes: Uint8Array;
  type: FileType;
  name: string;
  sha256: string;
}

/**
 * The checks of every CV upload (a candidate's, or a draft's): a file, at most 10 MB, not empty,
 * of a type its bytes show (PDF, DOCX, text); the AppError says which (413, 400, 415).
 */
export async function checkUpload(file: unknown): Promise<CheckedUpload> {
  if (!(file instanceof Blob)) throw badRequest("Choose a file to upload (form field “file”)", { file: "Choose a file" });
  if (file.size > MAX_FILE_BYTES) throw new AppError("payload_too_large", 413, "A file can be at most 10 MB", { file: "At most 10 MB" });
  if (file.size === 0) throw badRequest("This file is empty", { file: "Empty" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniff(bytes);
  if (!sniffed.ok) throw new AppError("unsupported_media_type", 415, sniffed.message, { file: sniffed.message });
  return { bytes, type: sniffed.type, name: cleanName(uploadedName(file)), sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** A file kept elsewhere until now (a draft's CV) becomes the candidate's, with its text already read. */
export interface StoredFile {
  name: string;
  type: FileType;
  size: number;
  sha256: string;
  storageKey: string;
  textStatus: "pending" | "done" | "empty" | "failed";
  text: string | null;
  /** The limit's message when the text was not read because one was passed. */
  textError: string | null;
  uploadedBy: number | null;
}

/**
 * In the caller's transaction: the file row of a candidate for bytes already in the store (same
 * workspace folder, same key: nothing is copied). The search index reads its text at once (the
 * insert trigger of migration 0038). The caller records the event. Refused past 20 files.
 */
export function attachStoredFile(deps: Deps, tx: Tx, workspaceId: number, participantId: number, f: StoredFile): CandidateFile {
  if (repo.countOf(tx, workspaceId, participantId) >= MAX_FILES_PER_CANDIDATE)
    throw badRequest(`A candidate can have at most ${MAX_FILES_PER_CANDIDATE} files: delete one first`, { file: "Too many files" });
  const r = repo.insertFile(tx, { workspaceId, participantId, ...f, createdAt: deps.clock.now() });
  // A text still to be read (a draft confirmed while its job was late) is read like an upload's.
  if (f.textStatus === "pending") extractTextJob.enqueue(tx, { fileId: r.id });
  return toFile(r);
}

/**
 * POST /api/participants/{id}/files: the bytes are written first (0600), then the row and its
 * event in one transaction; a refused transaction removes the bytes again.
 */
export async function uploadFile(deps: Deps, workspaceId: number, participantId: number, file: unknown, actor: Actor, uploadedBy: number): Promise<CandidateFile> {
  if (!(file instanceof Blob)) throw badRequest("Choose a file to upload (form field “file”)", { file: "Choose a file" });
  getParticipant(deps, workspaceId, participantId);
  const checked = await checkUpload(file);
  const { bytes } = checked;
  const sniffed = { type: checked.type };
  if (repo.countOf(deps.db, workspaceId, participantId) >= MAX_FILES_PER_CANDIDATE)
    throw badRequest(`A candidate can have at most ${MAX_FILES_PER_CANDIDATE} files: delete one first`, { file: "Too many files" });
  const store = deps.files;
  const key = await store.put(workspaceId, bytes);
  const name = checked.name;
  try {
    const row = deps.db.transaction((tx) => {
      // Counted again inside the write: two uploads at once cannot pass 20 together.
      if (repo.countOf(tx, workspaceId, participantId) >= MAX_FILES_PER_CANDIDATE)
        throw badRequest(`A candidate can have at most ${MAX_FILES_PER_CANDIDATE} files: delete one first`, { file: "Too many files" });
      const r = repo.insertFile(tx, { workspaceId, participantId, name, type: sniffed.type, size: bytes.length, sha256: checked.sha256, storageKey: key, uploadedBy, createdAt: deps.clock.now() });
      // Its text is read after the commit, in the job queue.
      extractTextJob.enqueue(tx, { fileId: r.id });
      recordEvent(deps, tx, {
        workspaceId,
        actor,
        subject: { type: "candidate", id: participantId },
        kind: "candidate.file_added",
        summary: `A ${sniffed.type.toUpperCase()} file was added to candidate #${participantId}`,
        data: { fileId: r.id, type: sniffed.type, size: r.size },
      });
      return r;
    });
    return toFile(row);
  } catch (e) {
    await store.remove(workspaceId, key).catch(() => {}); // the refusal is what the caller needs to hear
    throw e;
  }
}

/** A file's description (no bytes); another workspace's is 404. */
export function fileOf(deps: Deps, workspaceId: number, id: number): CandidateFile {
  const row = repo.findFile(deps.db, workspaceId, id);
  if (!row) throw notFound("File not found");
  return toFile(row);
}

/** GET /api/files/{id}: the file's row and bytes. */
export async function readFile(deps: Deps, workspaceId: number, id: number): Promise<{ file: CandidateFile; bytes: Uint8Array }> {
  const row = repo.findFile(deps.db, workspaceId, id);
  if (!row) throw notFound("File not found");
  return { file: toFile(row), bytes: await deps.files.get(workspaceId, row.storageKey) };
}

/**
 * DELETE /api/files/{id}: the row, its event and the job that removes the bytes in one
 * transaction; then the bytes at once (the job is the second try when the store fails).
 */
export async function deleteFile(deps: Deps, workspaceId: number, id: number, actor: Actor): Promise<CandidateFile> {
  const row = deps.db.transaction((tx) => {
    const r = repo.deleteFile(tx, workspaceId, id);
    if (!r) throw notFound("File not found");
    recordEvent(deps, tx, {
      workspaceId,
      actor,
      subject: { type: "candidate", id: r.participantId },
      kind: "candidate.file_deleted",
      summary: `A file was deleted from candidate #${r.participantId}`,
      data: { fileId: r.id },
    });
    removeBytesAfterCommit(tx, workspaceId, [r.storageKey]);
    return r;
  });
  await removeStoredFiles(deps, workspaceId, [row.storageKey]);
  return toFile(row);
}

/** Erasure: the keys to remove, read before the candidate's rows go (their rows cascade). */
export function fileKeysOf(deps: Deps, workspaceId: number, participantIds: number[]): string[] {
  return repo.keysOf(deps.db, workspaceId, participantIds);
}

/** Erasure, in its transaction: the job that removes these bytes for sure after the commit. */
export function forgetStoredFiles(tx: Tx, workspaceId: number, keys: string[]): void {
  if (keys.length) removeBytesAfterCommit(tx, workspaceId, keys);
}

/**
 * After the commit: the bytes at once (in the data folder they are gone when this returns; a
 * bucket's removals are under way). A failure is logged: the job written with the commit tries again.
 */
export function removeStoredFiles(deps: Deps, workspaceId: number, keys: string[]): Promise<void> {
  const store = deps.files;
  return Promise.all(keys.map((k) => store.remove(workspaceId, k))).then(
    () => undefined,
    (e: unknown) => deps.log.warn("file bytes not removed yet (the queue tries again)", { workspaceId, error: e instanceof Error ? e.message : String(e) }),
  );
}

/** The files of these candidates (a shared shortlist's CV links), by candidate id. */
export function filesOfCandidates(deps: Deps, workspaceId: number, participantIds: number[]): Map<number, CandidateFile[]> {
  const out = new Map<number, CandidateFile[]>();
  for (const id of participantIds) out.set(id, repo.filesOf(deps.db, workspaceId, id).map(toFile));
  return out;
}

/** In a merge's transaction: the duplicates' files (and so their text in search) go to the kept record. */
export function moveFilesOnMerge(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  repo.moveFiles(tx, workspaceId, fromIds, toId);
}

/** The text read from each of these candidates' CVs (all their files' text, joined), by candidate id. */
export function cvTextsOf(deps: Deps, workspaceId: number, participantIds: number[]): Map<number, string> {
  return new Map(repo.textsOf(deps.db, workspaceId, participantIds).map((r) => [r.participantId, r.text]));
}
