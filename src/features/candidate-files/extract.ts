// The text of a CV, read in the job queue after the upload commits (issue 39): unpdf for PDF,
// mammoth for DOCX, the bytes themselves for plain text. Both libraries load on first use (the
// binary does not pay for them at start, decision 0006).
import { inflateRawSync } from "node:zlib";
import { z } from "zod";
import type { Deps } from "../../deps";
import { defineJob, type Job } from "../../lib/jobs";
import { zipDirectory, MAX_DOCX_EXPANDED, type FileType } from "./sniff";
import * as repo from "./repo";
import { fileStore } from "./storage-of";

/** What a CV's text may hold in the record (a long CV is 20,000 characters). */
const MAX_TEXT = 200_000;

/**
 * Each entry of the zip inflated with a cap at its declared size: an entry that lies about its
 * size (a bomb whose headers say little) stops at the cap instead of expanding fully.
 */
export function checkZipExpands(bytes: Uint8Array): void {
  const entries = zipDirectory(bytes);
  if (!entries) throw new Error("not a readable zip");
  let total = 0;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const e of entries) {
    total += e.uncompressed;
    if (total > MAX_DOCX_EXPANDED) throw new Error("expands past the limit");
    if (e.method !== 8) continue; // stored entries are their own size
    const start = e.offset + 30 + v.getUint16(e.offset + 26, true) + v.getUint16(e.offset + 28, true);
    inflateRawSync(bytes.subarray(start, start + e.compressed), { maxOutputLength: Math.max(1, e.uncompressed) });
  }
}

export async function extractText(type: FileType, bytes: Uint8Array): Promise<string> {
  if (type === "txt") return new TextDecoder().decode(bytes);
  if (type === "pdf") {
    // pdf.js (inside unpdf) uses import.meta: the binary's bytecode build is ESM for it (decision 0039).
    const { extractText: pdfText, getDocumentProxy } = await import("unpdf");
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await pdfText(pdf, { mergePages: true });
    return text;
  }
  checkZipExpands(bytes);
  const mammoth = await import("mammoth");
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

export type TextRead = { status: "done"; text: string } | { status: "empty" | "failed"; text: null };

/** A file's text as stored: spaces squeezed, at most MAX_TEXT characters; "empty" for a scan, "failed" when unreadable. */
export async function readText(type: FileType, bytes: Uint8Array, onError: (e: unknown) => void = () => {}): Promise<TextRead> {
  try {
    const raw = await extractText(type, bytes);
    const text = raw.replace(/[ \t]+/g, " ").replace(/\n{3,}/g, "\n\n").trim().slice(0, MAX_TEXT);
    return text ? { status: "done", text } : { status: "empty", text: null };
  } catch (e) {
    onError(e);
    return { status: "failed", text: null };
  }
}

export const extractTextJob = defineJob("files.extract-text", z.object({ fileId: z.number().int() }));

export function extractTextWork(deps: Deps): Job<{ fileId: number }> {
  return extractTextJob.runs(
    async ({ fileId }, { whileLeased }) => {
      const row = repo.findFileAnywhere(deps.db, fileId);
      if (!row) return; // deleted meanwhile
      const read = await readText(row.type as FileType, await fileStore(deps).get(row.workspaceId, row.storageKey), (e) =>
        deps.log.warn("cv text not read", { fileId, error: e instanceof Error ? e.message : String(e) }),
      );
      await whileLeased((tx) => repo.setText(tx, fileId, read.status, read.text));
    },
    { timeoutMs: 60_000 },
  );
}
