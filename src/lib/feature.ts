import type { AnyElysia } from "elysia";
import type { Job } from "./job-types";
import type { ScheduledJob } from "../scheduled-job";

/** Work a feature keeps going in the worker's process (a poll at seconds, an IDLE watcher), stopped with it. */
export type BackgroundLoop = () => { stop(): void };

/**
 * What a feature's constructor (`createScheduling(deps, web, needs)`) returns to the composition
 * root: its routes to mount, the kinds of task it runs for the worker, its scheduled tasks and
 * background loops (started only by the process that runs the worker), and what other features
 * may use of it (handed to them by app.ts as typed parameters).
 */
export interface Feature<Api = Record<string, never>> {
  routes: AnyElysia[];
  jobs: Job<any>[];
  scheduled?: ScheduledJob[];
  background?: BackgroundLoop[];
  api: Api;
}

/** A feature's plugin held as a plain Elysia value: nothing reads the merged route types. */
export function plugin<P>(p: P): AnyElysia {
  return p as unknown as AnyElysia;
}
