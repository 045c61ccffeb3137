import type { AnyElysia } from "elysia";
import type { Job } from "./job-types";

/**
 * What a feature's constructor (`createScheduling(deps, web, needs)`) returns to the composition
 * root: its routes to mount, the kinds of task it runs for the worker, and what other features
 * may use of it (handed to them by app.ts as typed parameters).
 */
export interface Feature<Api = Record<string, never>> {
  routes: AnyElysia[];
  jobs: Job<any>[];
  api: Api;
}

/** A feature's plugin held as a plain Elysia value: nothing reads the merged route types. */
export function plugin<P>(p: P): AnyElysia {
  return p as unknown as AnyElysia;
}
