import type { Deps } from "../../deps";

/**
 * The names of the workspace's clients (issue 38), answered by the clients feature through
 * app.ts: clients record their changes through modules that read jobs, so jobs cannot import them.
 */
export type ClientNames = (workspaceId: number) => Map<number, string>;
const sources = new WeakMap<Deps, ClientNames>();

export function installClientNames(deps: Deps, source: ClientNames) {
  sources.set(deps, source);
}

export function clientNames(deps: Deps, workspaceId: number): Map<number, string> {
  return sources.get(deps)?.(workspaceId) ?? new Map();
}
