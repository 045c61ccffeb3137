import type { Deps } from "../../deps";
import { csvLine } from "../../lib/csv";
import { getJob } from "../jobs/service";
import { bucketsOf, checkBucketFilter } from "./settings";
import type { ListQuery } from "./model";
import { EXPORT_COLUMNS, exportBatch, exportRowsByIds, type ExportRow } from "./repo-export";

const BATCH = 1000;

/**
 * GET /api/participants/export.csv: the list as filtered (search, role, location, job,
 * excludeShortlisted), every page, newest first, streamed in batches so any size is sent
 * with little memory. The header row is the Participant field names, so the file imports back.
 */
export function exportCandidatesCsv(deps: Deps, workspaceId: number, q: ListQuery): ReadableStream<Uint8Array> {
  checkBucketFilter(bucketsOf(deps, workspaceId), q.role, q.location);
  const job = q.jobId ? getJob(deps, workspaceId, q.jobId) : undefined; // another workspace's job: 404 before streaming
  const filter = { search: q.search, role: q.role, location: q.location, job: job ? { id: job.id, title: job.title, location: job.location } : undefined, excludeShortlisted: q.excludeShortlisted };
  const enc = new TextEncoder();
  let cursor = Number.MAX_SAFE_INTEGER;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(enc.encode("\uFEFF" + csvLine(EXPORT_COLUMNS)));
        return;
      }
      const rows = exportBatch(deps.db, workspaceId, filter, cursor, BATCH);
      if (!rows.length) return controller.close();
      cursor = rows[rows.length - 1]!.id as number;
      controller.enqueue(enc.encode(rows.map(csvRow).join("")));
    },
  });
}

const csvRow = (r: ExportRow) => csvLine(EXPORT_COLUMNS.map((c) => (r[c] instanceof Date ? (r[c] as Date).toISOString() : r[c])));

/** The chosen candidates as one CSV file (the candidates page's bulk export); another workspace's ids are left out. */
export function exportSelectedCsv(deps: Deps, workspaceId: number, ids: number[]): string {
  return "\uFEFF" + csvLine(EXPORT_COLUMNS) + exportRowsByIds(deps.db, workspaceId, ids).map(csvRow).join("");
}
