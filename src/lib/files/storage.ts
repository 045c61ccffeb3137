// Where the bytes of candidates' files live (issue 39): the data folder (disk-store.ts) or, with
// FILES_S3_URL, an S3-compatible bucket (s3-store.ts). Keys are random (never the uploaded name)
// and a file is named by its workspace and key in both.
import { AppError, notFound } from "../errors";

export interface FileStore {
  readonly kind: "disk" | "s3";
  /** Where the files are, as an operator reads it (never a credential). */
  readonly where: string;
  /** Writes new bytes under a new random key; returns the key. */
  put(workspaceId: number, bytes: Uint8Array): Promise<string>;
  /** Writes bytes under a given key (a restore brings back the keys its database names). */
  putAt(workspaceId: number, key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes; a missing file is a 404, a store that does not answer a 503. */
  get(workspaceId: number, key: string): Promise<Uint8Array>;
  /** Removes the bytes; a file already gone is fine. */
  remove(workspaceId: number, key: string): Promise<void>;
  /** Every stored file, with when it was written (the orphan sweep compares them with the rows). */
  list(): AsyncIterable<StoredObject>;
}

interface StoredObject {
  workspaceId: number;
  key: string;
  writtenAt: Date;
}

/** Keys are random tokens: checked before they become a path or an object name. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) throw new Error("bad storage key");
  return key;
}

export const fileMissing = () => notFound("This file's content is missing from the file store");
export const storeUnavailable = (why: string) => new AppError("file_store_unavailable", 503, `The file store failed (${why}); try again in a moment`);

/** The disk (or a quota) is full: ENOSPC, EDQUOT, or a bucket's 507 Insufficient Storage. */
export const isOutOfSpace = (e: unknown) => {
  const x = e as { code?: string; status?: number } | null;
  return x?.code === "ENOSPC" || x?.code === "EDQUOT" || x?.status === 507;
};
