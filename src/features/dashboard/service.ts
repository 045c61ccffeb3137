import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { databaseStats, listParticipants } from "../candidates/service";
import { ListParticipantsInput } from "../candidates/model";
import { bucketsOf, checkBucketFilter } from "../candidates/settings";
import { listJobs } from "../jobs/service";
import { listShortlists } from "../shortlists/service";

/** Everything the dashboard's own cards show on the first response (no loading spinners). */
export function loadDashboard(deps: Deps, workspaceId: number, query: Record<string, unknown>) {
  // Query from the no-JavaScript filter form; a bad value just means "no filter".
  let filters: { search?: string; role?: string; location?: string; page: number };
  try {
    const q = parseInput(ListParticipantsInput, { search: query.search, role: query.role || undefined, location: query.location || undefined, page: query.page });
    checkBucketFilter(bucketsOf(deps, workspaceId), q.role, q.location);
    filters = { search: q.search, role: q.role, location: q.location, page: q.page };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    filters = { page: 1 };
  }
  const shortlists = listShortlists(deps, workspaceId).map((s) => ({ id: s.id, name: s.name }));
  const wanted = Number(query.shortlistId);
  return {
    jobs: listJobs(deps, workspaceId),
    stats: databaseStats(deps, workspaceId),
    page: listParticipants(deps, workspaceId, { ...filters, excludeShortlisted: true, limit: 20 }),
    filters: { search: filters.search ?? "", role: filters.role ?? "", location: filters.location ?? "" },
    shortlists,
    buckets: bucketsOf(deps, workspaceId),
    initialShortlistId: shortlists.some((s) => s.id === wanted) ? wanted : null,
  };
}
