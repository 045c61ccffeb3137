import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { devLimiter } from "../../lib/dev-pages";
import { authGuard } from "../auth/guard";
import { IdParam, ListParticipantsInput } from "./model";
import * as candidates from "./service";
import * as records from "./service-records";
import { candidateIoRoutes } from "./routes-io";
import * as settings from "./settings";
import { NoteInput, PatchParticipantInput } from "./edit-model";

const actorOf = (u: { id: number; name: string | null; email: string }): records.Actor => ({ userId: u.id, name: u.name?.trim() || u.email });
import { z } from "zod";

const StatsQuery = z.object({ jobId: z.coerce.number().int().positive().optional() });

/** /api/participants, /api/database/stats and the test page's /api/candidates. */
export function candidateRoutes(deps: Deps) {
  return new Elysia()
    .use(authGuard(deps))
    .get("/api/participants", ({ query, workspaceId }) => candidates.listParticipants(deps, workspaceId, parseInput(ListParticipantsInput, query)), { auth: true })
    .get("/api/participants/:id", ({ params, workspaceId }) => candidates.getParticipant(deps, workspaceId, parseInput(IdParam, params).id), { auth: true })
    .patch(
      "/api/participants/:id",
      ({ params, body, workspaceId, me }) =>
        records.patchParticipant(deps, workspaceId, parseInput(IdParam, params).id, parseInput(PatchParticipantInput, body ?? {}), actorOf(me.user)),
      { auth: true },
    )
    .get("/api/participants/:id/notes", ({ params, workspaceId }) => ({ notes: records.listNotes(deps, workspaceId, parseInput(IdParam, params).id) }), { auth: true })
    .post(
      "/api/participants/:id/notes",
      ({ params, body, workspaceId, me, set }) => {
        const { id } = parseInput(IdParam, params);
        const note = records.addNote(deps, workspaceId, id, parseInput(NoteInput, body ?? {}).body, actorOf(me.user));
        set.status = 201;
        return { note, ...note };
      },
      { auth: true },
    )
    .get("/api/database/stats", ({ query, workspaceId }) => candidates.databaseStats(deps, workspaceId, parseInput(StatsQuery, query)), { auth: true })
    .get("/api/candidates", ({ workspaceId }) => candidates.listCandidates(deps, workspaceId), { auth: true })
    .get("/api/candidate-settings", ({ workspaceId }) => settings.getCandidateSettings(deps, workspaceId), { auth: true })
    .patch("/api/candidate-settings", ({ body, workspaceId }) => settings.updateCandidateSettings(deps, workspaceId, parseInput(settings.CandidateSettingsInput, body ?? {})), { can: "settings.update" })
    .use(candidateIoRoutes(deps))
    .use(seedRoute(deps));
}

/** POST /api/candidates/seed: a developer endpoint (DEV_PAGES), rate limited per user. */
function seedRoute(deps: Deps) {
  if (!deps.config.devPages) return new Elysia();
  const limit = devLimiter(() => deps.clock.now().getTime());
  return new Elysia().use(authGuard(deps)).post(
    "/api/candidates/seed",
    ({ workspaceId, me }) => {
      limit(me.user.id);
      const count = candidates.seedTestCandidates(deps, workspaceId);
      return { success: true, count, message: "Test candidates added to database" };
    },
    { auth: true },
  );
}
