import { Elysia } from "elysia";
import type { CandidatesDeps } from "./application-hook";
import type { Web } from "../auth/web";
import { checkedOnce } from "../../lib/kept-answers";
import type { Deps } from "../../deps";
import { memberActor } from "../events/record";
import { devLimiter } from "../../lib/dev-pages";

import {
  CandidateListView,
  CandidateSettingsView,
  DatabaseStatsView,
  IdParam,
  ListParticipantsInput,
  NoteCreated,
  NoteList,
  ParticipantPageView,
  ParticipantView,
  SeedResult,
  StatsQuery,
} from "./model";
import * as candidates from "./service";
import * as records from "./service-records";
import { candidateIoRoutes } from "./routes-io";
import * as settings from "./settings";
import { NoteInput, PatchParticipantInput } from "./edit-model";

const actorOf = (u: { id: number; name: string | null; email: string }, apiKey?: { id: number } | null): records.Actor => ({
  userId: u.id,
  name: u.name?.trim() || u.email,
  apiKeyId: apiKey?.id ?? null,
});

/** /api/participants, /api/database/stats, /api/candidate-settings and the test page's /api/candidates. */
export function candidateRoutes(deps: CandidatesDeps, web: Web) {
  const participants = new Elysia({ prefix: "/api/participants", tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ query, workspaceId }) => candidates.listParticipants(deps, workspaceId, query), {
      query: ListParticipantsInput,
      // The service hands out kept pages (until a candidate changes): checked and made JSON once.
      response: { 200: checkedOnce(ParticipantPageView) },
      detail: { summary: "List candidates (search, role and location buckets, job, pages)" },
    })
    .get("/:id", ({ params, workspaceId }) => ({ ...candidates.getParticipant(deps, workspaceId, params.id), applications: deps.applications.applicationsOf(workspaceId, params.id) ?? [] }), {
      params: IdParam,
      response: { 200: ParticipantView },
      detail: { summary: "One candidate" },
    })
    .patch("/:id", ({ params, body, workspaceId, me }) => records.patchParticipant(deps, workspaceId, params.id, body, actorOf(me.user, me.apiKey)), {
      params: IdParam,
      body: PatchParticipantInput,
      response: { 200: ParticipantView },
      detail: { summary: "Change a candidate's fields or stage" },
    })
    .get("/:id/notes", ({ params, workspaceId }) => ({ notes: records.listNotes(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: NoteList },
      detail: { summary: "A candidate's notes" },
    })
    .post(
      "/:id/notes",
      ({ params, body, workspaceId, me, set }) => {
        const note = records.addNote(deps, workspaceId, params.id, body.body, actorOf(me.user));
        set.status = 201;
        return { note, ...note };
      },
      { params: IdParam, body: NoteInput, response: { 201: NoteCreated }, detail: { summary: "Add a note to a candidate" } },
    );

  const workspace = new Elysia({ prefix: "/api", tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/database/stats", ({ query, workspaceId }) => candidates.databaseStats(deps, workspaceId, query), {
      query: StatsQuery,
      response: { 200: DatabaseStatsView },
      detail: { summary: "Totals, buckets and 30 days of new candidates" },
    })
    .get("/candidates", ({ workspaceId }) => candidates.listCandidates(deps, workspaceId), {
      response: { 200: CandidateListView },
      detail: { summary: "The newest candidates in the test page's shape" },
    })
    .get("/candidate-settings", ({ workspaceId }) => settings.getCandidateSettings(deps, workspaceId), {
      response: { 200: CandidateSettingsView },
      detail: { summary: "The workspace's buckets, privacy notice and retention" },
    });

  const settingsWrite = new Elysia({ prefix: "/api", tags: ["Candidates"] })
    .use(web.guard)
    .guard({ can: "settings.update" })
    .patch("/candidate-settings", ({ body, workspaceId, me }) => settings.updateCandidateSettings(deps, workspaceId, body, memberActor(me)), {
      body: settings.CandidateSettingsInput,
      response: { 200: CandidateSettingsView },
      detail: { summary: "Change the buckets, privacy notice or retention" },
    });

  return new Elysia().use(participants).use(workspace).use(settingsWrite).use(candidateIoRoutes(deps, web)).use(seedRoute(deps, web));
}

/** POST /api/candidates/seed: a developer endpoint (DEV_PAGES), rate limited per user. */
function seedRoute(deps: Deps, web: Web) {
  if (!deps.config.devPages) return new Elysia();
  const limit = devLimiter(() => deps.clock.now().getTime());
  return new Elysia({ prefix: "/api/candidates", tags: ["Developer"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/seed",
      ({ workspaceId, me }) => {
        limit(me.user.id);
        const count = candidates.seedTestCandidates(deps, workspaceId);
        return { success: true as const, count, message: "Test candidates added to database" };
      },
      { response: { 200: SeedResult }, detail: { summary: "Add ten realistic test candidates (developer pages only)" } },
    );
}
