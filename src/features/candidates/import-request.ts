import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { MAX_IMPORT_BYTES } from "./import-columns";

/**
 * What an import request carries, for POST /api/participants/import: the CSV as a text/csv body
 * or as the multipart field `file` (with an optional `mapping` field), and the column mapping.
 * A body of two kinds (text or a form with a file) is not one schema, so it is read here.
 */
const Mapping = z.record(z.string().max(500), z.string().max(50));

/** The mapping {"CSV header": "fieldName"}, given as JSON text (query or form field) or an object. */
export function parseMapping(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest("mapping must be JSON: {\"CSV header\": \"fieldName\"}", { mapping: "Not JSON" });
    }
  }
  return parseInput(Mapping, value);
}

/** The CSV text of an import and the form's mapping field, if any; an empty file is refused. */
export async function csvOfRequest(request: Request, body: unknown): Promise<{ text: string; mapping?: unknown }> {
  const type = request.headers.get("content-type") ?? "";
  const out = await read(type, body);
  if (!out.text.trim()) throw badRequest("The file is empty", { file: "Empty" });
  return out;
}

async function read(type: string, body: unknown): Promise<{ text: string; mapping?: unknown }> {
  if (type.includes("multipart/form-data")) {
    const form = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    const file = form.file;
    if (!(file instanceof Blob)) throw badRequest("Attach the CSV file in the field file", { file: "Required" });
    if (file.size > MAX_IMPORT_BYTES) throw new AppError("too_large", 413, `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    return { text: await file.text(), mapping: form.mapping };
  }
  if (typeof body === "string") return { text: body };
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return { text: new TextDecoder().decode(body) };
  throw badRequest("Send the CSV as a text/csv body or as the multipart field file", { file: "Required" });
}
