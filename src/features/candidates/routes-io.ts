import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";

import { exportCandidatesCsv } from "./export-csv";
import { importCandidatesCsv } from "./import";
import { csvOfRequest, parseMapping } from "./import-request";
import { ownAnswers } from "../../lib/route-schemas";
import { ImportQuery, ImportResultView, ListParticipantsInput } from "./model";

/** CSV in (POST /api/participants/import) and out (GET /api/participants/export.csv). */
export function candidateIoRoutes(deps: Deps, web: Web) {
  return (
    new Elysia({ prefix: "/api/participants", tags: ["Candidates"] })
      .use(web.guard)
      .guard({ auth: true })
      .post(
        "/import",
        async ({ request, body, query, workspaceId, me }) => {
          const { csv, mapping } = csvOfRequest(request, body);
          return importCandidatesCsv(deps, workspaceId, csv, { dryRun: query.dryRun, mapping: parseMapping(mapping ?? query.mapping), userId: me.user.id, apiKeyId: me.apiKey?.id ?? null });
        },
        {
          query: ImportQuery,
          response: { 200: ImportResultView },
          // The body is a text/csv file or a multipart form with the field `file`: text/csv is read
          // as a stream by the import itself (parsed as it arrives); Elysia's own parsers read the
          // form. csvOfRequest tells which.
          parse: ({ request }, contentType) => (contentType.startsWith("text/") ? (request.body ?? "") : undefined),
          detail: { summary: "Import candidates from a CSV file (text/csv, or multipart field file); ?dryRun=1 only checks" },
        },
      )
      // Streamed: the answer is a Response, so it declares no response schema.
      .get(
        "/export.csv",
        ({ query, workspaceId }) => {
          const day = deps.clock.now().toISOString().slice(0, 10);
          return new Response(exportCandidatesCsv(deps, workspaceId, query), {
            headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="candidates-${day}.csv"`, "cache-control": "no-store" },
          });
        },
        {
          query: ListParticipantsInput,
          detail: {
            summary: "Export the (filtered) candidates as CSV",
            responses: ownAnswers({ 200: { description: "The candidates as CSV, one row each, as an attachment", content: { "text/csv": null } } }),
          },
        },
      )
  );
}
