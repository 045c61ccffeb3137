import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { IdParam } from "../../lib/route-schemas";

import { ApplicationList, BulkMoved, BulkMoveInput, CreateApplicationInput, JobParam, MoveInput, OneApplication, StageQuery } from "./model";
import * as applications from "./service";
import { moveMany, moveWithEmail } from "./move";
import { getJob } from "../jobs/service";

/** /api/jobs/{id}/applications and /api/applications/{id}: a job's pipeline (issue 38). */
export function applicationApiRoutes(deps: Deps, web: Web) {
  return new Elysia({ tags: ["Applications"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/api/jobs/:jobId/applications", ({ workspaceId, params, query }) => ({ applications: applications.listOfJob(deps, workspaceId, params.jobId, query.stage) }), {
      params: JobParam,
      query: StageQuery,
      response: { 200: ApplicationList },
      detail: { summary: "A job's applications, in one stage with ?stage=" },
    })
    .post(
      "/api/jobs/:jobId/applications",
      ({ me, params, body, set }) => {
        set.status = 201;
        return { application: applications.addToJob(deps, me.user, params.jobId, body.candidateId) };
      },
      { params: JobParam, body: CreateApplicationInput, response: { 201: OneApplication }, detail: { summary: "Add a candidate to a job's pipeline (first stage)" } },
    )
    .post(
      "/api/jobs/:jobId/applications/move",
      ({ me, workspaceId, params, body }) => {
        getJob(deps, workspaceId, params.jobId);
        return moveMany(deps, me.user, params.jobId, body);
      },
      { params: JobParam, body: BulkMoveInput, response: { 200: BulkMoved }, detail: { summary: "Move several of a job's applications to one stage (the stage's e-mail by default only up to 20)" } },
    )
    .get("/api/applications/:id", ({ workspaceId, params }) => ({ application: applications.getApplication(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: OneApplication },
      detail: { summary: "One application" },
    })
    .patch("/api/applications/:id", ({ me, params, body }) => ({ application: moveWithEmail(deps, me.user, params.id, body).application }), {
      params: IdParam,
      body: MoveInput,
      response: { 200: OneApplication },
      detail: { summary: "Move an application to a stage (Rejected needs a rejectedReason; sendEmail sends the stage's template)" },
    });
}
