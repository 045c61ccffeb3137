import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { authGuard } from "../auth/guard";
import { exportCandidatesCsv } from "./export-csv";
import { importCandidatesCsv } from "./import";
import { MAX_IMPORT_BYTES } from "./import-columns";
import { ListParticipantsInput } from "./model";

const ImportQuery = z.object({
  dryRun: z
    .enum(["1", "0", "true", "false"], { error: "dryRun must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  // JSON {csvHeader: fieldName}; a field name "" skips the column.
  mapping: z.string().max(10_000).optional(),
});

const Mapping = z.record(z.string().max(500), z.string().max(50));

function parseMapping(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  try {
    return parseInput(Mapping, typeof raw === "string" ? JSON.parse(raw) : raw);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw badRequest("mapping must be JSON: {\"CSV header\": \"fieldName\"}", { mapping: "Not JSON" });
  }
}

/** The CSV text of an import: a text/csv body, or the multipart field `file`. */
async function csvOf(request: Request, body: unknown): Promise<{ text: string; mapping?: unknown }> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    const form = (body ?? {}) as Record<string, unknown>;
    const file = form.file;
    if (!(file instanceof Blob)) throw badRequest("Attach the CSV file in the field file", { file: "Required" });
    if (file.size > MAX_IMPORT_BYTES) throw new AppError("too_large", 413, "The file is too large: at most 50 MB");
    return { text: await file.text(), mapping: form.mapping };
  }
  if (typeof body === "string") return { text: body };
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return { text: new TextDecoder().decode(body) };
  throw badRequest("Send the CSV as a text/csv body or as the multipart field file", { file: "Required" });
}

/** CSV in (POST /api/participants/import) and out (GET /api/participants/export.csv). */
export function candidateIoRoutes(deps: Deps) {
  return new Elysia()
    .use(authGuard(deps))
    .post(
      "/api/participants/import",
      async ({ request, body, query, workspaceId, me }) => {
        const q = parseInput(ImportQuery, query);
        const { text, mapping } = await csvOf(request, body);
        if (!text.trim()) throw badRequest("The file is empty", { file: "Empty" });
        return importCandidatesCsv(deps, workspaceId, text, { dryRun: q.dryRun, mapping: parseMapping(mapping ?? q.mapping), userId: me.user.id });
      },
      {
        auth: true,
        // text/csv arrives as text; Elysia's JSON and form parsers keep their own types.
        parse: ({ request }, contentType) => (contentType.startsWith("text/") ? request.text() : undefined),
      },
    )
    .get(
      "/api/participants/export.csv",
      ({ query, workspaceId }) => {
        const q = parseInput(ListParticipantsInput, query);
        const day = deps.clock.now().toISOString().slice(0, 10);
        return new Response(exportCandidatesCsv(deps, workspaceId, { ...q, excludeShortlisted: q.excludeShortlisted }), {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="candidates-${day}.csv"`, "cache-control": "no-store" },
        });
      },
      { auth: true },
    );
}
