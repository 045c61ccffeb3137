import type { AnyElysia } from "elysia";
import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { apiDocsRoutes } from "./routes";

/** The OpenAPI document of the whole app, read from its routes when asked. */
export function createApiDocs(deps: Deps, web: Web, needs: { app: () => AnyElysia }): Feature {
  return { routes: [plugin(apiDocsRoutes(deps, web, needs.app))], jobs: [], api: {} };
}
