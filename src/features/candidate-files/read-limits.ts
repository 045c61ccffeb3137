// What Frank reads of a CV, at most: a CV is a few pages and a few hundred kilobytes of XML; these
// are generous for it and cheap to check before the expensive part. A file past one is refused for
// good, with the message (the file's note) saying which limit and by how much.
import type { CageLimits } from "../../lib/cage";

/** Pages of a PDF (its page count is read before any page is). */
export const MAX_PDF_PAGES = 300;
/**
 * What the XML parts of a DOCX may inflate to together (its pictures aside). mammoth holds about
 * 80 times the XML while it reads (2 MB: 190 MB and 1.5 CPU-seconds), so past this the memory
 * limit would stop it anyway, later and dearer.
 */
export const MAX_DOCX_DECODED = 8 * 1024 * 1024;
/** What a CV's text may hold in the record (a long CV is 20,000 characters). */
export const MAX_TEXT = 200_000;

/** The child that reads one file: a 300-page PDF reads in about two seconds and 200 MB. */
export const READ_LIMITS: CageLimits = { wallMs: 60_000, memoryMb: 512, outputBytes: 4 * MAX_TEXT + 64 * 1024 };

const count = (n: number) => n.toLocaleString("en-US");
const MB = 1024 * 1024;
/** Whole megabytes, or one decimal where whole ones would not show it is past the limit. */
const mb = (bytes: number) => (Math.round(bytes / MB) > MAX_DOCX_DECODED / MB || bytes <= MAX_DOCX_DECODED ? `${Math.round(bytes / MB)} MB` : `${(bytes / MB).toFixed(1)} MB`);

export const tooManyPages = (pages: number, max = MAX_PDF_PAGES) => `This PDF has ${count(pages)} pages; Frank reads at most ${count(max)}`;
export const tooMuchXml = (bytes: number) => `This DOCX expands to ${mb(bytes)} of text and markup; Frank reads at most ${mb(MAX_DOCX_DECODED)}`;
