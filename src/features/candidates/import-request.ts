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
      throw badRequest('mapping must be JSON: {"CSV header": "fieldName"}', { mapping: "Not JSON" });
    }
  }
  return parseInput(Mapping, value);
}

/**
 * The text of a byte stream, piece by piece (UTF-8, a byte order mark kept for the CSV reader to
 * skip). When the reader stops early (the row limit), the rest of the body is read and dropped
 * rather than cancelled: the client is still sending it and would get a reset instead of the
 * answer. It is at most the upload limit (lib/body-limit.ts).
 */
export async function* textPieces(bytes: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const reader = bytes.getReader();
  let done = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield decoder.decode(r.value, { stream: true });
    }
    done = true;
    const tail = decoder.decode();
    if (tail) yield tail;
  } finally {
    if (!done) while (!(await reader.read().catch(() => ({ done: true }))).done);
  }
}

/** The CSV of an import, as it arrives, and the form's mapping field, if any. An empty file is refused by the import. */
export function csvOfRequest(request: Request, body: unknown): { csv: string | AsyncIterable<string>; mapping?: unknown } {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    const form = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    const file = form.file;
    if (!(file instanceof Blob)) throw badRequest("Attach the CSV file in the field file", { file: "Required" });
    if (file.size > MAX_IMPORT_BYTES) throw new AppError("too_large", 413, `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    return { csv: textPieces(file.stream()), mapping: form.mapping };
  }
  if (body instanceof ReadableStream) return { csv: textPieces(body as ReadableStream<Uint8Array>) };
  if (typeof body === "string") return { csv: body };
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return { csv: new TextDecoder().decode(body) };
  throw badRequest("Send the CSV as a text/csv body or as the multipart field file", { file: "Required" });
}
