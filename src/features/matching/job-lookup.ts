// A job for the queue's tasks: null when it was deleted after the task was written.
import type { Deps } from "../../deps";
import { getJob, type Job } from "../jobs/service";

export function findJobAnywhere(deps: Deps, workspaceId: number, jobId: number): Job | null {
  try {
    return getJob(deps, workspaceId, jobId);
  } catch {
    return null;
  }
}
