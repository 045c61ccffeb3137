import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { IdParam, Success } from "../../lib/route-schemas";
import { authGuard } from "./guard";
import { ApiKeyList, CreateApiKeyInput, CreatedApiKey } from "./model";
import * as keys from "./api-keys";

/** /api/api-keys: a workspace owner's or admin's keys for the JSON API (issue 19). */
export function apiKeyRoutes(deps: Deps) {
  return new Elysia({ prefix: "/api/api-keys", tags: ["API keys"] })
    .use(authGuard(deps))
    .guard({ can: "apiKeys.manage" })
    .get("/", ({ me }) => ({ apiKeys: keys.listApiKeys(deps, me.user) }), {
      response: { 200: ApiKeyList },
      detail: { summary: "List the workspace's API keys" },
    })
    .post(
      "/",
      ({ me, body, set }) => {
        set.status = 201;
        return keys.createApiKey(deps, me.user, body);
      },
      { body: CreateApiKeyInput, response: { 201: CreatedApiKey }, detail: { summary: "Create an API key (the key is in this answer only)" } },
    )
    .delete(
      "/:id",
      ({ me, params }) => {
        keys.revokeApiKey(deps, me.user, params.id);
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Revoke an API key" } },
    );
}
