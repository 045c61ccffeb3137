import { BODY_LIMIT_BYTES, IMPORT_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from "./lib/body-limit";
import { MAX_CALL_BYTES } from "./features/candidate-drafts/model";

// Each path's body limit, applied as the body is read (lib/http.ts): the app's routes by name.

/** The paths that take a file (the CSV import, by API and by the page's form). */
const UPLOAD_PATHS = new Set(["/api/participants/import", "/candidates/import"]);
// A candidate's CV (issue 39): the file's own 10 MB is checked by the service, with room for the form around it.
const FILE_UPLOAD = /^\/(api\/participants|candidates)\/\d+\/files$/;
// An application on the careers site (issue 56): a CV of at most 10 MB with the form around it.
const APPLY_UPLOAD = /^\/careers\/[^/]+\/jobs\/\d+\/apply$/;
// Several CVs that become drafts (issue 39 item 6): each at most 10 MB, all together at most 50 MB.
const DRAFT_UPLOAD_PATHS = new Set(["/api/participants/from-files", "/candidates/drafts"]);
export const LARGEST_BODY = Math.max(IMPORT_LIMIT_BYTES, MAX_CALL_BYTES) + 64 * 1024;

/** 1 MB for JSON and forms, 64 MB for the CSV import (API and page): counted as read, chunked or not. */
export function bodyLimitOf(path: string): number {
  if (UPLOAD_PATHS.has(path)) return IMPORT_LIMIT_BYTES + 64 * 1024;
  if (FILE_UPLOAD.test(path) || APPLY_UPLOAD.test(path)) return UPLOAD_LIMIT_BYTES + 64 * 1024;
  if (DRAFT_UPLOAD_PATHS.has(path)) return MAX_CALL_BYTES + 64 * 1024;
  return BODY_LIMIT_BYTES;
}
