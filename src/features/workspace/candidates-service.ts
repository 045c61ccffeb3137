import { formatDateTime } from "../../lib/when";
import { workspaceZone } from "../auth/workspace-site";
import { z } from "zod";
import { exportSelectedCsv } from "../candidates/export-csv";
import { patchParticipant, type Actor } from "../candidates/service-records";
import { PatchParticipantInput } from "../candidates/edit-model";
import { stageLabel } from "../candidates/classify";
import { eraseCandidates } from "../people/erase";
import type { Deps } from "../../deps";
import { badRequest } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { listParticipantsSorted } from "../candidates/service";
import { ListParticipantsInput } from "../candidates/model";
import type { Bulk } from "./model";
import { listJobs } from "../jobs/service";
import { applicationSources } from "../applications/sources";
import { draftCount } from "../candidate-drafts/service";
import { addCandidates, createShortlist, listShortlists } from "../shortlists/service";

const PAGE_SIZE = 25;

/**
 * /candidates: one page of the list, answered by the candidates service's own search (FTS5
 * and the bucket indexes), so the 100,000th candidate costs what the first does. Everything
 * the view depends on (search, role, location, job, page) is in the address.
 */
const SORTS = ["name", "role", "city", "stage", "added", "updated"] as const;
export type Sort = (typeof SORTS)[number];
const SortInput = z.object({
  sort: z.enum(SORTS, { error: `Sort must be one of: ${SORTS.join(", ")}` }).optional(),
  dir: z.enum(["asc", "desc"], { error: "Direction must be asc or desc" }).optional(),
});

export function loadCandidates(deps: Deps, workspaceId: number, query: Record<string, unknown>) {
  const { sort: sortKey, dir } = parseInput(SortInput, { sort: query.sort || undefined, dir: query.dir || undefined });
  // A GET form sends its empty fields ("All jobs" is jobId=): empty means no filter.
  const rest = Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== "sort" && k !== "dir" && v !== ""));
  const q = parseInput(ListParticipantsInput, { limit: String(PAGE_SIZE), ...rest });
  // No sort: the list's own order (newest in first), the service's fastest path.
  const sort = sortKey ? { column: sortKey, dir: dir ?? (sortKey === "added" || sortKey === "updated" ? "desc" : "asc") } : null;
  const page = listParticipantsSorted(deps, workspaceId, q, sort);
  return {
    query: { search: q.search ?? "", role: q.role ?? "", location: q.location ?? "", jobId: q.jobId ?? null, source: q.source ?? "", limit: q.limit, sort: sortKey ?? null, dir: sort?.dir ?? null },
    sort,
    ...page,
    // Past 10,000 matches a search's total is a lower bound: the next page is always offered.
    pages: Math.max(1, Math.ceil(page.pagination.total / page.pagination.limit), page.pagination.totalIsLowerBound ? page.pagination.page + 1 : 0),
    jobs: listJobs(deps, workspaceId).map((j) => ({ id: j.id, title: j.title })),
    /** The sources applications came from, for the Source filter (issue 56). */
    sources: applicationSources(deps, workspaceId),
    shortlists: listShortlists(deps, workspaceId).map((s) => ({ id: s.id, name: s.name })),
    /** Drafts from CVs waiting for the recruiter (issue 39). */
    drafts: draftCount(deps, workspaceId),
  };
}

export type CandidatesData = ReturnType<typeof loadCandidates>;

/**
 * The bulk actions that exist today. "shortlist": into a chosen shortlist, or a new one by
 * name. "schedule": the selection becomes a shortlist, which the dashboard's Create Scheduling
 * Session card sends one booking link to each of.
 */
export function bulkAction(deps: Deps, workspaceId: number, input: Bulk, actor: Actor): { message: string; next: string | null; shortlistName: string; csv?: string } {
  if (!input.ids.length) throw badRequest("No candidates selected", { ids: "No candidates selected" });
  // One e-mail to each (issue 55): the compose page of the messages feature, for these candidates.
  if (input.action === "email") return { message: "", next: `/messages/compose?candidates=${input.ids.join(",")}`, shortlistName: "" };
  if (input.action === "export") return { message: "", next: null, shortlistName: "", csv: exportSelectedCsv(deps, workspaceId, input.ids) };
  if (input.action === "delete") {
    // Erasure cannot be undone: the form asks for a tick as well as the button.
    if (input.confirmDelete !== "yes") throw badRequest('Tick "Yes, erase them" to delete the selected candidates', { confirmDelete: "Required" });
    const n = eraseCandidates(deps, workspaceId, input.ids, actor);
    return { message: `${n} candidate${n === 1 ? "" : "s"} and everything about them erased.`, next: null, shortlistName: "" };
  }
  if (input.action === "stage") {
    const stage = input.stage;
    if (!stage) throw badRequest("Choose a stage", { stage: "Choose a stage" });
    // One transaction: every candidate moves, or (another workspace's id) none does.
    deps.db.transaction(() => {
      for (const id of input.ids) patchParticipant(deps, workspaceId, id, PatchParticipantInput.parse({ stages: stage }), actor);
    });
    return { message: `${input.ids.length} moved to "${stageLabel(stage)}".`, next: null, shortlistName: "" };
  }
  // One transaction: a refused id (another workspace's) leaves no new, empty shortlist behind.
  return deps.db.transaction(() => {
    let shortlistId = input.shortlistId;
    if (input.action === "schedule") {
      // The team reads the name: the moment in the workspace's zone, the house's style (decision 50).
      const stamp = formatDateTime(deps.clock.now(), workspaceZone(deps, workspaceId));
      shortlistId = createShortlist(deps, workspaceId, `To schedule ${stamp}`, actor).id;
    } else if (!shortlistId) {
      if (!input.newShortlist) throw badRequest("Choose a shortlist or name a new one", { shortlistId: "Choose a shortlist or name a new one" });
      shortlistId = createShortlist(deps, workspaceId, input.newShortlist, actor).id;
    }
    const { added, shortlist } = addCandidates(deps, workspaceId, shortlistId, input.ids, actor);
    if (input.action === "schedule") {
      return {
        message: `${input.ids.length} candidates are in shortlist "${shortlist.name}": choose it under Create Scheduling Session.`,
        next: "/dashboard#scheduling",
        shortlistName: shortlist.name,
      };
    }
    return { message: `${added} added to "${shortlist.name}".`, next: null, shortlistName: shortlist.name };
  });
}
