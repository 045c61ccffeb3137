import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { MatchingDeps } from "./tasks";
import { memberActor } from "../events/record";
import { Success } from "../../lib/route-schemas";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { OneApplication } from "../applications/model";
import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";
import { CriteriaInput, CriteriaView, DismissInput, JobCandidateParam, JobParam, MatchList, MatchQuery } from "./model";
import { saveCriteria } from "./criteria";
import { matchesForJob } from "./rank";
import { addSuggested, notAFit, readCriteria } from "./service";

const PageParam = z.object({ id: positiveId(), candidateId: positiveId("Invalid candidate") });

/** /api/jobs/{id}/criteria and /matches (issue 57), and the suggested list's forms without JavaScript. */
export function matchingRoutes(deps: MatchingDeps, web: Web) {
  const api = new Elysia({ prefix: "/api/jobs", tags: ["Matching"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/:jobId/criteria", ({ params, workspaceId }) => readCriteria(deps, workspaceId, params.jobId), {
      params: JobParam,
      response: { 200: CriteriaView },
      detail: { summary: "A job's criteria: saved, or proposed from its description" },
    })
    .put("/:jobId/criteria", ({ params, body, me }) => saveCriteria(deps, me.user, params.jobId, body.criteria, memberActor(me)), {
      params: JobParam,
      body: CriteriaInput,
      response: { 200: CriteriaView },
      detail: { summary: "Save a job's criteria" },
    })
    .get("/:jobId/matches", ({ params, query, workspaceId }) => matchesForJob(deps, workspaceId, params.jobId, query.limit ?? 20), {
      params: JobParam,
      query: MatchQuery,
      response: { 200: MatchList },
      detail: { summary: "Suggested candidates for a job, ranked by fit, with the evidence per criterion" },
    })
    .post(
      "/:jobId/matches/:candidateId/add",
      ({ params, me, set }) => {
        set.status = 201;
        return { application: addSuggested(deps, me.user, params.jobId, params.candidateId) };
      },
      { params: JobCandidateParam, response: { 201: OneApplication }, detail: { summary: "Add a suggested candidate to the job, at its first stage" } },
    )
    .post(
      "/:jobId/matches/:candidateId/not-a-fit",
      ({ params, body, me }) => {
        notAFit(deps, me.user, params.jobId, params.candidateId, body.reason, memberActor(me));
        return { success: true as const };
      },
      { params: JobCandidateParam, body: DismissInput, response: { 200: Success }, detail: { summary: "Hide a suggested candidate for this job, with a reason" } },
    );
  const back = (i: { params: Record<string, string> }) => `/jobs/${Number(i.params.id) || ""}`;
  const forms = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/jobs/:id/matches/:candidateId/add",
      ({ params, me, cookie }) => {
        addSuggested(deps, me.user, params.id, params.candidateId);
        setFlash(cookie, { title: "Added to the job", variant: "success" });
        return seeOther(`/jobs/${params.id}`);
      },
      { params: PageParam, form: { back, failed: "Not added" } },
    )
    .post(
      "/jobs/:id/matches/:candidateId/not-a-fit",
      ({ params, body, me, cookie }) => {
        notAFit(deps, me.user, params.id, params.candidateId, body.reason, memberActor(me));
        setFlash(cookie, { title: "Hidden for this job", variant: "success" });
        return seeOther(`/jobs/${params.id}`);
      },
      { params: PageParam, body: DismissInput, form: { back, failed: "Not saved" } },
    );
  return new Elysia().use(api).use(forms);
}
