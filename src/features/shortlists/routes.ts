import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { authGuard } from "../auth/guard";
import { AddCandidatesInput, CreateShortlistInput, RenameShortlistInput } from "./model";
import * as shortlists from "./service";

const IdParam = z.object({ id: z.coerce.number().int().positive() });
const MemberParam = z.object({ id: z.coerce.number().int().positive(), candidateId: z.coerce.number().int().positive() });

/** /api/shortlists: list, create, one shortlist's candidate ids, all with details, add candidates. */
export function shortlistRoutes(deps: Deps) {
  return new Elysia({ prefix: "/api/shortlists" })
    .use(authGuard(deps))
    .get("/", ({ workspaceId }) => ({ shortlists: shortlists.listShortlists(deps, workspaceId) }), { auth: true })
    .get("/all-details", ({ workspaceId }) => ({ shortlists: shortlists.listShortlists(deps, workspaceId) }), { auth: true })
    .post(
      "/",
      ({ body, workspaceId, set }) => {
        const s = shortlists.createShortlist(deps, workspaceId, parseInput(CreateShortlistInput, body));
        set.status = 201;
        return { id: s.id, name: s.name, candidateIds: s.candidateIds, success: true };
      },
      { auth: true },
    )
    .get(
      "/:id",
      ({ params, workspaceId }) => {
        const s = shortlists.getShortlist(deps, workspaceId, parseInput(IdParam, params).id);
        return { id: s.id, name: s.name, candidateIds: s.candidateIds };
      },
      { auth: true },
    )
    // A shortlist's members with their details (the shortlist view).
    .get(
      "/:id/candidates",
      ({ params, workspaceId }) => {
        const s = shortlists.getShortlist(deps, workspaceId, parseInput(IdParam, params).id);
        return { id: s.id, name: s.name, candidateIds: s.candidateIds, candidates: shortlists.membersOf(deps, workspaceId, s.candidateIds) };
      },
      { auth: true },
    )
    .patch(
      "/:id",
      ({ params, body, workspaceId }) => {
        const s = shortlists.renameShortlist(deps, workspaceId, parseInput(IdParam, params).id, parseInput(RenameShortlistInput, body ?? {}).name);
        return { id: s.id, name: s.name, candidateIds: s.candidateIds, success: true };
      },
      { auth: true },
    )
    .delete(
      "/:id",
      ({ params, workspaceId }) => {
        shortlists.deleteShortlist(deps, workspaceId, parseInput(IdParam, params).id);
        return { success: true };
      },
      { auth: true },
    )
    .delete(
      "/:id/candidates/:candidateId",
      ({ params, workspaceId }) => {
        const { id, candidateId } = parseInput(MemberParam, params);
        const s = shortlists.removeCandidate(deps, workspaceId, id, candidateId);
        return { success: true, candidateIds: s.candidateIds };
      },
      { auth: true },
    )
    .post(
      "/:id/candidates",
      ({ params, body, workspaceId }) => {
        const { id } = parseInput(IdParam, params);
        const { candidateIds } = parseInput(AddCandidatesInput, body);
        const { added, shortlist } = shortlists.addCandidates(deps, workspaceId, id, candidateIds);
        return { success: true, added, candidateIds: shortlist.candidateIds };
      },
      { auth: true },
    );
}
