import type { Deps } from "../../deps";
import { Ports } from "../../lib/ports";

/**
 * The names of the workspace's clients (issue 38), answered by the clients feature through a
 * port wired in src/ports.ts: clients read jobs, so jobs cannot import them.
 */
export type ClientNames = (workspaceId: number) => Map<number, string>;

export const jobsPorts = new Ports<{ clientNames: ClientNames }>("jobs", ["clientNames"]);

export function clientNames(deps: Deps, workspaceId: number): Map<number, string> {
  return jobsPorts.of(deps).clientNames(workspaceId);
}
