import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { setFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { authGuard } from "../auth/guard";
import { CreateCampaignInput, CreateJobInput } from "./model";
import * as jobs from "./service";

const JobParam = z.object({ id: z.coerce.number().int().positive() });
const JobIdParam = z.object({ jobId: z.coerce.number().int().positive() });
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** /api/jobs, /api/jobs/{jobId}/campaigns, and the dashboard's no-JavaScript job form. */
export function jobRoutes(deps: Deps) {
  const api = new Elysia({ prefix: "/api/jobs" })
    .use(authGuard(deps))
    .get("/", ({ workspaceId }) => ({ jobs: jobs.listJobs(deps, workspaceId) }), { auth: true })
    .post(
      "/",
      ({ body, workspaceId, set }) => {
        set.status = 201;
        return { job: jobs.createJob(deps, workspaceId, parseInput(CreateJobInput, body)) };
      },
      { auth: true },
    )
    .delete(
      "/:id",
      ({ params, workspaceId }) => {
        jobs.deleteJob(deps, workspaceId, parseInput(JobParam, params).id);
        return { success: true };
      },
      { auth: true },
    )
    .get("/:jobId/campaigns", ({ params, workspaceId }) => ({ campaigns: jobs.listCampaigns(deps, workspaceId, parseInput(JobIdParam, params).jobId) }), { auth: true })
    .post(
      "/:jobId/campaigns",
      ({ params, body, workspaceId, set }) => {
        const { jobId } = parseInput(JobIdParam, params);
        const input = parseInput(CreateCampaignInput, body);
        set.status = 201;
        return { campaign: jobs.createCampaign(deps, workspaceId, jobId, input) };
      },
      { auth: true },
    );

  // Form posts of the dashboard when JavaScript is off: 303 back with a toast.
  const forms = new Elysia()
    .use(authGuard(deps))
    .post(
      "/dashboard/jobs",
      ({ body, workspaceId, cookie }) => {
        try {
          jobs.createJob(deps, workspaceId, parseInput(CreateJobInput, body));
          setFlash(cookie as any, { title: "Job Created", variant: "success" });
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          setFlash(cookie as any, { title: "Failed to create job", description: e.message, variant: "destructive" });
        }
        return see("/dashboard");
      },
      { auth: true },
    )
    .post(
      "/dashboard/jobs/:id/delete",
      ({ params, workspaceId, cookie }) => {
        jobs.deleteJob(deps, workspaceId, parseInput(JobParam, params).id);
        setFlash(cookie as any, { title: "Job Deleted", variant: "success" });
        return see("/dashboard");
      },
      { auth: true },
    );
  return new Elysia().use(api).use(forms);
}
