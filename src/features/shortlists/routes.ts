import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { memberActor } from "../events/record";
import { IdParam, Success } from "../../lib/route-schemas";

import { ParticipantView } from "../candidates/model";
import { AddCandidatesInput, NoteInput, CreateShortlistInput, MemberParam, MembersAdded, MembersChanged, RenameShortlistInput, ShortlistChanged, ShortlistIds, ShortlistList } from "./model";
import * as shortlists from "./service";

/** /api/shortlists: list, create, one shortlist's candidate ids, all with details, add candidates. */
export function shortlistRoutes(deps: Deps, web: Web) {
  return (
    new Elysia({ prefix: "/api/shortlists", tags: ["Shortlists"] })
      .use(web.guard)
      .guard({ auth: true })
      .get("", ({ workspaceId }) => ({ shortlists: shortlists.listShortlists(deps, workspaceId) }), {
        response: { 200: ShortlistList },
        detail: { summary: "List shortlists with their candidate ids" },
      })
      .get("/all-details", ({ workspaceId }) => ({ shortlists: shortlists.listShortlists(deps, workspaceId) }), {
        response: { 200: ShortlistList },
        detail: { summary: "List shortlists (the shortlist page's call)" },
      })
      .post(
        "",
        ({ body, workspaceId, set, me }) => {
          const s = shortlists.createShortlist(deps, workspaceId, body, memberActor(me));
          set.status = 201;
          return { id: s.id, name: s.name, candidateIds: s.candidateIds, success: true as const };
        },
        { body: CreateShortlistInput, response: { 201: ShortlistChanged }, detail: { summary: "Create a shortlist" } },
      )
      .get(
        "/:id",
        ({ params, workspaceId }) => {
          const s = shortlists.getShortlist(deps, workspaceId, params.id);
          return { id: s.id, name: s.name, candidateIds: s.candidateIds };
        },
        { params: IdParam, response: { 200: ShortlistIds }, detail: { summary: "One shortlist's candidate ids" } },
      )
      // A shortlist's members with their details (the shortlist view).
      .get(
        "/:id/candidates",
        ({ params, workspaceId }) => {
          const s = shortlists.getShortlist(deps, workspaceId, params.id);
          return { id: s.id, name: s.name, candidateIds: s.candidateIds, candidates: shortlists.membersOf(deps, workspaceId, s.candidateIds) };
        },
        { params: IdParam, response: { 200: ShortlistIds.extend({ candidates: ParticipantView.array() }) }, detail: { summary: "One shortlist with its candidates' records" } },
      )
      .patch(
        "/:id",
        ({ params, body, workspaceId, me }) => {
          const s = shortlists.renameShortlist(deps, workspaceId, params.id, body.name, memberActor(me));
          return { id: s.id, name: s.name, candidateIds: s.candidateIds, success: true as const };
        },
        { params: IdParam, body: RenameShortlistInput, response: { 200: ShortlistChanged }, detail: { summary: "Rename a shortlist" } },
      )
      .delete(
        "/:id",
        ({ params, workspaceId, me }) => {
          shortlists.deleteShortlist(deps, workspaceId, params.id, memberActor(me));
          return { success: true as const };
        },
        { params: IdParam, response: { 200: Success }, detail: { summary: "Delete a shortlist (its candidates stay)" } },
      )
      .delete(
        "/:id/candidates/:candidateId",
        ({ params, workspaceId, me }) => {
          const s = shortlists.removeCandidate(deps, workspaceId, params.id, params.candidateId, memberActor(me));
          return { success: true as const, candidateIds: s.candidateIds };
        },
        { params: MemberParam, response: { 200: MembersChanged }, detail: { summary: "Take a candidate out of a shortlist" } },
      )
      .put(
        "/:id/candidates/:candidateId/note",
        ({ params, body, workspaceId, me }) => {
          shortlists.setCandidateNote(deps, workspaceId, params.id, params.candidateId, body.note, memberActor(me));
          return { success: true as const };
        },
        { params: MemberParam, body: NoteInput, response: { 200: Success }, detail: { summary: "The recruiter's note on a candidate of the shortlist (a share may show it to the client)" } },
      )
      .post(
        "/:id/candidates",
        ({ params, body, workspaceId, me }) => {
          const { added, shortlist } = shortlists.addCandidates(deps, workspaceId, params.id, body.candidateIds, memberActor(me));
          return { success: true as const, added, candidateIds: shortlist.candidateIds };
        },
        { params: IdParam, body: AddCandidatesInput, response: { 200: MembersAdded }, detail: { summary: "Add candidates to a shortlist" } },
      )
  );
}
