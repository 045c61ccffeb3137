import { Elysia } from "elysia";
import type { AuthDeps } from "./needs";
import type { Web } from "./web";
import { IdParam, Success } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { posted, seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { signedInOf } from "./guard";
import { ApiKeysPage, type ApiKeysPageProps } from "./pages/api-keys-page";
import { ApiKeyList, CreateApiKeyInput, CreatedApiKey } from "./model";
import * as keys from "./api-keys";

/** /api/api-keys and Settings → API keys: a workspace owner's or admin's keys for the JSON API (issue 19). */
export function apiKeyRoutes(deps: AuthDeps, web: Web) {
  return new Elysia().use(apiKeyApi(deps, web)).use(apiKeyPages(deps, web));
}

function apiKeyPages(deps: AuthDeps, web: Web) {
  const page = (user: ApiKeysPageProps["shell"]["user"], props: Omit<ApiKeysPageProps, "shell" | "keys">, status = 200, toast: Parameters<typeof renderPage>[0]["toast"] = null) =>
    renderPage({ title: "API keys", status, toast, body: ApiKeysPage({ shell: web.shell(user), keys: keys.listApiKeys(deps, user), ...props }) });
  const refused = (failure: FormFailure, input: FormInput) =>
    page(signedInOf(input.request)!.user, { form: { name: posted(input, "name", 100), scope: posted(input, "scope", 20), errors: failure.fields } }, failure.status, {
      title: "Failed to create key",
      description: failure.message,
      variant: "destructive",
    });
  return new Elysia({ prefix: "/settings/api-keys" })
    .use(web.guard)
    .guard({ can: "apiKeys.manage" })
    .get("", ({ me, cookie }) => page(me.user, {}, 200, takeFlash(cookie)))
    .post("", ({ me, body }) => page(me.user, { created: { name: body.name, ...keys.createApiKey(deps, me.user, body, me.apiKey) } }, 200, { title: "API key created", variant: "success" }), {
      body: CreateApiKeyInput,
      form: { render: refused },
    })
    .post(
      "/:id/revoke",
      ({ me, params, cookie }) => {
        keys.revokeApiKey(deps, me.user, params.id, me.apiKey);
        setFlash(cookie, { title: "API key revoked", variant: "success" });
        return seeOther("/settings/api-keys");
      },
      { params: IdParam, form: { back: "/settings/api-keys", failed: "Failed to revoke key" } },
    );
}

function apiKeyApi(deps: AuthDeps, web: Web) {
  return new Elysia({ prefix: "/api/api-keys", tags: ["API keys"] })
    .use(web.guard)
    .guard({ can: "apiKeys.manage" })
    .get("", ({ me }) => ({ apiKeys: keys.listApiKeys(deps, me.user) }), {
      response: { 200: ApiKeyList },
      detail: { summary: "List the workspace's API keys" },
    })
    .post(
      "",
      ({ me, body, set }) => {
        set.status = 201;
        return keys.createApiKey(deps, me.user, body, me.apiKey);
      },
      { body: CreateApiKeyInput, response: { 201: CreatedApiKey }, detail: { summary: "Create an API key (the key is in this answer only)" } },
    )
    .delete(
      "/:id",
      ({ me, params }) => {
        keys.revokeApiKey(deps, me.user, params.id, me.apiKey);
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Revoke an API key" } },
    );
}
