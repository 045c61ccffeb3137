import type { Deps } from "../../deps";
import type { Client } from "../clients/model";
import type { SchedulingApi } from "../scheduling/api";

/** The infrastructure, the agency's clients with their contacts and scheduling's free times and sessions (handed over by app.ts). */
export type ClientSharesDeps = Deps & { listClients(workspaceId: number): Client[]; scheduling: Pick<SchedulingApi, "createSession" | "offeredStarts"> };
