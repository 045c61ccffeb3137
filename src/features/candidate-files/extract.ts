// The text of a CV, read in the job queue after the upload commits (issue 39): PDF and DOCX in a
// child that can be killed (read-file.ts inside lib/cage.ts), plain text here (decoding is cheap
// and bounded). A file past a limit (pages, decoded size, time, memory) fails for good: its row
// says "failed" with the limit's message, and the task ends failed without another try.
import { z } from "zod";
import type { Deps } from "../../deps";
import { defineJob, PermanentFailure, type Job } from "../../lib/jobs";
import { OverLimit, runInCage } from "../../lib/cage";
import type { FileType } from "./sniff";
import { MAX_TEXT, READ_LIMITS } from "./read-limits";
import type { ReadParams } from "./read-file";
import * as repo from "./repo";

/** The raw text of a file; PDF and DOCX are read in the cage (it throws OverLimit past a limit, and the signal's reason on abort). */
export async function extractText(type: FileType, bytes: Uint8Array, signal?: AbortSignal, limits: Partial<ReadParams> & { cage?: Partial<typeof READ_LIMITS> } = {}): Promise<string> {
  // A text file is at most 10 MB; what is kept is far less, so only that much is decoded.
  if (type === "txt") return new TextDecoder().decode(bytes.subarray(0, MAX_TEXT * 4));
  const { cage, ...params } = limits;
  const text = await runInCage("read-file", { ...params, type } satisfies ReadParams, bytes, { ...READ_LIMITS, ...cage }, signal);
  if (typeof text !== "string") throw new Error("the reader answered no text");
  return text;
}

export type TextRead = { status: "done"; text: string; error: null } | { status: "empty"; text: null; error: null } | { status: "failed"; text: null; error: string | null };

/**
 * A file's text as stored: spaces squeezed, at most MAX_TEXT characters; "empty" for a scan,
 * "failed" when unreadable (error: the limit's message when one was passed, else null). An abort
 * (the task's time, the server stopping) is thrown, not recorded: the task is tried again.
 */
export async function readText(type: FileType, bytes: Uint8Array, onError: (e: unknown) => void = () => {}, signal?: AbortSignal, limits?: Parameters<typeof extractText>[3]): Promise<TextRead> {
  try {
    const raw = await extractText(type, bytes, signal, limits);
    const text = raw
      .slice(0, MAX_TEXT * 2)
      .replace(/[ \t]+/g, " ")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
      .slice(0, MAX_TEXT);
    return text ? { status: "done", text, error: null } : { status: "empty", text: null, error: null };
  } catch (e) {
    if (signal?.aborted) throw e;
    onError(e);
    return { status: "failed", text: null, error: e instanceof OverLimit ? e.message : null };
  }
}

/** After the read was recorded: a limit passed ends the task failed for good, its message kept on the task too. */
export function failForGood(read: TextRead): void {
  if (read.status === "failed" && read.error) throw new PermanentFailure(read.error);
}

export const extractTextJob = defineJob("files.extract-text", z.object({ fileId: z.number().int() }));

export function extractTextWork(deps: Deps): Job<{ fileId: number }> {
  return extractTextJob.runs(
    async ({ fileId }, { signal, whileLeased }) => {
      const row = repo.findFileAnywhere(deps.db, fileId);
      if (!row) return; // deleted meanwhile
      const bytes = await deps.files.get(row.workspaceId, row.storageKey);
      const read = await readText(row.type as FileType, bytes, (e) => deps.log.warn("cv text not read", { fileId, error: e instanceof Error ? e.message : String(e) }), signal);
      await whileLeased((tx) => repo.setText(tx, fileId, read.status, read.text, read.error));
      failForGood(read);
    },
    { timeoutMs: 90_000 },
  );
}
