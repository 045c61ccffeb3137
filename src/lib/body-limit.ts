// Request bodies are bounded while they are read (issue 37): a body without a length (chunked)
// is read up to its route's limit and no further, so a client cannot make the server hold more
// than the limit by leaving the length out. A declared length over the limit is refused unread.

/** JSON and form bodies. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** File uploads (a CV). */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
/**
 * The CSV import: its byte limit follows its row limit (100,000 rows of an ATS export are about
 * 24 MB), with room to spare. The import reads the rows as a stream; the body is held at most once.
 */
export const IMPORT_LIMIT_BYTES = 64 * 1024 * 1024;

export type BodyCheck = { ok: true; request: Request } | { ok: false };

/**
 * The request, with its body read into memory when it came without a length; `ok: false` when
 * the body is (or says it is) larger than `limit` bytes. Reading stops at the limit: the rest
 * is never taken from the connection (the stream is cancelled).
 */
export async function boundedBody(request: Request, limit: number): Promise<BodyCheck> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim())) return Number(declared) > limit ? { ok: false } : { ok: true, request };
  if (!request.body) return { ok: true, request };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.set("content-length", String(total));
  headers.delete("transfer-encoding");
  return { ok: true, request: new Request(request.url, { method: request.method, headers, body }) };
}
