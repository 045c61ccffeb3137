import { Elysia, type AnyElysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { z } from "zod";
import { ownAnswers } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { buildOpenApiDocument, type OpenApiDocument } from "./document";
import { ReferencePage } from "./pages/reference-page";

/**
 * /api/openapi.json and /api/docs (issue 19), public like any API reference. The document is built
 * from the app's routes once, on first request: routes do not change while the server runs.
 */
export function apiDocsRoutes(deps: Deps, web: Web, app: () => AnyElysia) {
  let doc: OpenApiDocument | null = null;
  const documentOf = () => (doc ??= buildOpenApiDocument(app(), deps.config.APP_URL));
  return new Elysia({ prefix: "/api", tags: ["Reference"] })
    .get("/openapi.json", () => documentOf(), {
      detail: { summary: "This API's OpenAPI 3.1 document", responses: ownAnswers({ 200: { description: "The document", content: { "application/json": z.looseObject({ openapi: z.string() }) } } }) },
    })
    .get("/docs", () => renderPage({ title: "API reference", description: "The JSON API of Frank", body: ReferencePage({ doc: documentOf() }) }), {
      detail: { summary: "This API's reference, as a page", responses: ownAnswers({ 200: { description: "The page", content: { "text/html": null } } }) },
    });
}
