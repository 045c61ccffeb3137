import type { Deps } from "../../deps";
import { clientNames as namesOfClients } from "../clients/service";

/** The names of the workspace's clients (issue 38): a job names its client. */
export function clientNames(deps: Deps, workspaceId: number): Map<number, string> {
  return namesOfClients(deps, workspaceId);
}
