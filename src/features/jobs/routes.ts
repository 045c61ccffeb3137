import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { memberActor } from "../events/record";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { IdParam, Success } from "../../lib/route-schemas";

import { CampaignList, CreateCampaignInput, CreateJobInput, JobIdParam, JobList, OneCampaign, OneJob, UpdateJobInput } from "./model";
import * as jobs from "./service";

/** /api/jobs, /api/jobs/{jobId}/campaigns, and the dashboard's no-JavaScript job form. */
export function jobRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api/jobs", tags: ["Jobs"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => ({ jobs: jobs.listJobs(deps, workspaceId) }), { response: { 200: JobList }, detail: { summary: "List jobs" } })
    .post(
      "",
      ({ body, workspaceId, set, me }) => {
        set.status = 201;
        return { job: jobs.createJob(deps, workspaceId, body, memberActor(me)) };
      },
      { body: CreateJobInput, response: { 201: OneJob }, detail: { summary: "Create a job" } },
    )
    .get("/:jobId", ({ params, workspaceId }) => ({ job: jobs.getJob(deps, workspaceId, params.jobId) }), { params: JobIdParam, response: { 200: OneJob }, detail: { summary: "A job" } })
    .patch("/:jobId", ({ params, workspaceId, body, me }) => ({ job: jobs.updateJob(deps, workspaceId, params.jobId, body, memberActor(me)) }), {
      params: JobIdParam,
      body: UpdateJobInput,
      response: { 200: OneJob },
      detail: {
        summary: "Change a job: title, description (Markdown), location, client, and its posting (published, closed, validThrough, employment type, remote, place, salary, showClient, owner)",
      },
    })
    .delete(
      "/:jobId",
      ({ params, workspaceId, me }) => {
        jobs.deleteJob(deps, workspaceId, params.jobId, memberActor(me));
        return { success: true as const };
      },
      { params: JobIdParam, response: { 200: Success }, detail: { summary: "Delete a job and its campaigns" } },
    )
    .get("/:jobId/campaigns", ({ params, workspaceId }) => ({ campaigns: jobs.listCampaigns(deps, workspaceId, params.jobId) }), {
      params: JobIdParam,
      response: { 200: CampaignList },
      detail: { summary: "List a job's campaign links" },
    })
    .post(
      "/:jobId/campaigns",
      ({ params, body, workspaceId, set, me }) => {
        set.status = 201;
        return { campaign: jobs.createCampaign(deps, workspaceId, params.jobId, body, memberActor(me)) };
      },
      { params: JobIdParam, body: CreateCampaignInput, response: { 201: OneCampaign }, detail: { summary: "Create a campaign link for a job" } },
    );

  // Form posts of the dashboard when JavaScript is off: 303 back with a toast.
  const forms = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/dashboard/jobs",
      ({ body, workspaceId, cookie, me }) => {
        jobs.createJob(deps, workspaceId, body, memberActor(me));
        setFlash(cookie, { title: "Job Created", variant: "success" });
        return seeOther("/dashboard");
      },
      { body: CreateJobInput, form: { back: "/dashboard", failed: "Failed to create job" } },
    )
    .post(
      "/dashboard/jobs/:id/delete",
      ({ params, workspaceId, cookie, me }) => {
        jobs.deleteJob(deps, workspaceId, params.id, memberActor(me));
        setFlash(cookie, { title: "Job Deleted", variant: "success" });
        return seeOther("/dashboard");
      },
      { params: IdParam },
    );
  return new Elysia().use(api).use(forms);
}
