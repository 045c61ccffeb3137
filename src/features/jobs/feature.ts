import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { ClientJobs } from "../clients/service";
import { jobRoutes } from "./routes";
import { createJob, jobsOfClient } from "./service";

export interface JobsApi {
  /** A client's jobs, and a new one from the client's page. */
  clientJobs: ClientJobs;
}

export function createJobs(deps: Deps, web: Web): Feature<JobsApi> {
  return {
    routes: [plugin(jobRoutes(deps, web))],
    jobs: [],
    api: {
      clientJobs: {
        jobsOf: (workspaceId, clientId) => jobsOfClient(deps, workspaceId, clientId),
        create: (workspaceId, clientId, input) => createJob(deps, workspaceId, { ...input, description: null, clientId }, "system"),
      },
    },
  };
}
