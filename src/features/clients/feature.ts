import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { Client } from "./model";
import type { ClientExtras } from "./page-data";
import { clientRoutes } from "./routes";
import { listClients, type ClientJobs } from "./service";

export interface ClientsApi {
  listClients(workspaceId: number): Client[];
}

export function createClients(deps: Deps, web: Web, needs: Required<ClientExtras> & { clientJobs: ClientJobs }): Feature<ClientsApi> {
  const ctx = { ...deps, clientJobs: needs.clientJobs };
  return { routes: [plugin(clientRoutes(ctx, web, { funnel: needs.funnel }))], jobs: [], api: { listClients: (workspaceId) => listClients(ctx, workspaceId) } };
}
