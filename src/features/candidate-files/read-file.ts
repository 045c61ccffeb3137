// The text of a PDF or DOCX, read inside the child of lib/cage.ts (never in the server's thread):
// unpdf for PDF, page by page and refused past MAX_PDF_PAGES before the first page is read;
// mammoth for DOCX, refused when its XML would inflate past MAX_DOCX_DECODED. Both libraries load
// here only, in the child.
import { inflateRawSync } from "node:zlib";
import { OverLimit } from "../../lib/cage";
import { MAX_DOCX_EXPANDED, zipDirectory, type FileType } from "./sniff";
import { MAX_DOCX_DECODED, MAX_PDF_PAGES, MAX_TEXT, tooManyPages, tooMuchXml } from "./read-limits";

/** The parts of a DOCX that are decoded as text (its pictures are not read). */
const isPicture = (name: string) => name.startsWith("word/media/") || /\.(?:png|jpe?g|gif|emf|wmf|tiff?|bmp|svg)$/i.test(name);

/**
 * Each entry of the zip inflated with a cap at its declared size: an entry that lies about its
 * size (a bomb whose headers say little) stops at the cap instead of expanding fully. Past the
 * limit on decoded XML, an OverLimit.
 */
export function checkZipExpands(bytes: Uint8Array, maxDecoded = MAX_DOCX_DECODED): void {
  const entries = zipDirectory(bytes);
  if (!entries) throw new Error("not a readable zip");
  if (entries.reduce((sum, e) => sum + e.uncompressed, 0) > MAX_DOCX_EXPANDED) throw new Error("expands past the limit"); // refused at upload already
  const decoded = entries.filter((e) => !isPicture(e.name)).reduce((sum, e) => sum + e.uncompressed, 0);
  if (decoded > maxDecoded) throw new OverLimit("size", tooMuchXml(decoded));
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const e of entries) {
    if (e.method !== 8) continue; // stored entries are their own size
    const start = e.offset + 30 + v.getUint16(e.offset + 26, true) + v.getUint16(e.offset + 28, true);
    inflateRawSync(bytes.subarray(start, start + e.compressed), { maxOutputLength: Math.max(1, e.uncompressed) });
  }
}

async function pdfText(bytes: Uint8Array, maxPages: number): Promise<string> {
  // pdf.js (inside unpdf) uses import.meta: the binary's bytecode build is ESM for it (decision 0039).
  const { getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(bytes);
  if (pdf.numPages > maxPages) throw new OverLimit("pages", tooManyPages(pdf.numPages, maxPages));
  // One page at a time (unpdf's extractText opens them all at once), up to the text kept. The
  // child ends with the answer, so nothing is closed here.
  const pages: string[] = [];
  let length = 0;
  for (let i = 1; i <= pdf.numPages && length < MAX_TEXT; i++) {
    const page = await pdf.getPage(i);
    const items = (await page.getTextContent()).items as { str?: string; hasEOL?: boolean }[];
    const text = items
      .filter((it) => it.str != null)
      .map((it) => it.str + (it.hasEOL ? "\n" : ""))
      .join("");
    page.cleanup();
    pages.push(text);
    length += text.length;
  }
  // As unpdf's mergePages: line breaks kept, other white space squeezed.
  return pages
    .join("\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n");
}

async function docxText(bytes: Uint8Array, maxDecoded: number): Promise<string> {
  checkZipExpands(bytes, maxDecoded);
  const mammoth = await import("mammoth");
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

export interface ReadParams {
  type: Exclude<FileType, "txt">;
  /** Lower in tests; the limits of read-limits.ts otherwise. */
  maxPages?: number;
  maxDecoded?: number;
}

/** The cage's "read-file" task: the raw text of a PDF or DOCX, at most MAX_TEXT characters of it. */
export async function readFileTask(input: Uint8Array, params: unknown): Promise<string> {
  const p = params as ReadParams;
  const raw = p.type === "pdf" ? await pdfText(input, p.maxPages ?? MAX_PDF_PAGES) : await docxText(input, p.maxDecoded ?? MAX_DOCX_DECODED);
  return raw.slice(0, MAX_TEXT * 2);
}
