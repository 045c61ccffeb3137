// What a file is, from its bytes (never its name): PDF, DOCX or plain text; anything else is
// refused. A DOCX is a zip: its central directory is read (names and declared sizes) without
// inflating anything, so a zip bomb in DOCX clothing is refused before a byte of it expands.

export type FileType = "pdf" | "docx" | "txt";
export const CONTENT_TYPES: Record<FileType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain; charset=utf-8",
};
const ALLOWED_TYPES_MESSAGE = "Only PDF, DOCX or plain text (.txt) files can be uploaded";
/** What a DOCX may expand to in all (a long CV with pictures is a few MB). */
export const MAX_DOCX_EXPANDED = 50 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;

export type Sniffed = { ok: true; type: FileType } | { ok: false; message: string };

const startsWith = (b: Uint8Array, s: string, at = 0) => s.split("").every((c, i) => b[at + i] === c.charCodeAt(0));

export interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  uncompressed: number;
  /** Where its local header starts. */
  offset: number;
}

/** The zip's central directory (names and declared sizes), or null when it is not a readable zip. */
export function zipDirectory(b: Uint8Array): ZipEntry[] | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The end-of-central-directory record is in the last 64 kB + 22 bytes.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--) {
    if (v.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = v.getUint16(eocd + 10, true);
  let at = v.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) return null; // zip64: no CV needs it
  if (count > MAX_ZIP_ENTRIES) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || v.getUint32(at, true) !== 0x02014b50) return null;
    const method = v.getUint16(at + 10, true);
    const compressed = v.getUint32(at + 20, true);
    const uncompressed = v.getUint32(at + 24, true);
    const nameLen = v.getUint16(at + 28, true);
    const extraLen = v.getUint16(at + 30, true);
    const commentLen = v.getUint16(at + 32, true);
    const name = decoder.decode(b.subarray(at + 46, at + 46 + nameLen));
    entries.push({ name, method, compressed, uncompressed, offset: v.getUint32(at + 42, true) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function sniffDocx(b: Uint8Array): Sniffed {
  const entries = zipDirectory(b);
  if (!entries) return { ok: false, message: `This file is a damaged or unusual zip. ${ALLOWED_TYPES_MESSAGE}` };
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("[Content_Types].xml") || !names.has("word/document.xml")) return { ok: false, message: `This zip is not a Word document. ${ALLOWED_TYPES_MESSAGE}` };
  const expanded = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (expanded > MAX_DOCX_EXPANDED) return { ok: false, message: "This DOCX would expand to more than 50 MB: it is refused (a CV is far smaller)" };
  // A declared size the data cannot hold (deflate does at most about 1:1032) is a lie.
  if (entries.some((e) => e.uncompressed > e.compressed * 1100 + 1024)) return { ok: false, message: "This DOCX is not what it claims to be (its sizes do not add up): it is refused" };
  return { ok: true, type: "docx" };
}

function isPlainText(b: Uint8Array): boolean {
  if (!b.length) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    return false;
  }
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  return control <= text.length / 100;
}

export function sniff(b: Uint8Array): Sniffed {
  // "%PDF-" within the first kilobyte (some writers put a few bytes before it).
  const head = new TextDecoder("latin1").decode(b.subarray(0, 1024));
  if (head.includes("%PDF-")) return { ok: true, type: "pdf" };
  if (startsWith(b, "PK\x03\x04")) return sniffDocx(b);
  if (isPlainText(b)) return { ok: true, type: "txt" };
  return { ok: false, message: ALLOWED_TYPES_MESSAGE };
}
