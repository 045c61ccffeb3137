import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Response compression for every text answer (pages, JSON, SVG, iCalendar, CSV), done once
 * in the HTTP layer. Built assets are not touched: they carry precompressed files.
 */

export type Encoding = "br" | "gzip";

/** Bodies smaller than this gain nothing worth the headers and the CPU. */
const MIN_COMPRESS_BYTES = 256;

const TEXT_TYPE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|problem\+json|ld\+json|manifest\+json)|image\/svg\+xml)/i;

/** Whether a content type is text worth compressing (server-sent events stream and are left alone). */
export function compressibleType(contentType: string | null): boolean {
  return !!contentType && TEXT_TYPE.test(contentType);
}

/**
 * The encoding to use for an Accept-Encoding header: brotli when accepted, else gzip,
 * honouring q=0 refusals (RFC 9110 §12.5.3). Null when neither is acceptable.
 */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  // Clients send one of a handful of headers: parse each once.
  const known = chosen.get(acceptEncoding);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (chosen.size < 100) chosen.set(acceptEncoding, encoding);
  return encoding;
}

const chosen = new Map<string, Encoding | null>();

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? (q.has("*") ? q.get("*")! : 0)) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * Compresses a body. Brotli quality 4 costs less CPU than gzip -6 and is a little smaller on
 * our pages. Cached pages ask for "best": quality 10 is ~15% smaller again for a few ms, paid
 * once per change (11 gains 2% more for four times the time).
 */
export function compressBytes(body: Uint8Array, encoding: Encoding, quality: "fast" | "best" = "fast"): Uint8Array<ArrayBuffer> {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality === "best" ? 10 : 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipSync(body, { level: quality === "best" ? 9 : 6 });
}

function addVary(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "accept-encoding");
  else if (!/accept-encoding|\*/i.test(vary)) headers.set("vary", `${vary}, accept-encoding`);
}

/**
 * A text body (a handler's JSON or string) as the one Response sent, compressed for this
 * request when it is above the size floor: no intermediate Response to read back.
 */
export function compressedText(request: Request, text: string, status: number, contentType: string): Response {
  const headers: Record<string, string> = { "content-type": contentType, vary: "accept-encoding" };
  const encoding = request.method === "HEAD" ? null : chooseEncoding(request.headers.get("accept-encoding"));
  // Short strings are short in UTF-8 too (at most 3 bytes a UTF-16 unit), so skip the encode.
  if (!encoding || text.length * 3 < MIN_COMPRESS_BYTES) return new Response(text, { status, headers });
  const body = new TextEncoder().encode(text);
  if (body.byteLength < MIN_COMPRESS_BYTES) return new Response(body, { status, headers });
  headers["content-encoding"] = encoding;
  return new Response(keptCompression(text, body, encoding), { status, headers });
}

/**
 * The same answer asked for again (a list polled, a page of a search read by several
 * recruiters) is compressed once: the last few large bodies are kept with their compressed
 * bytes, found by a hash of the text and checked against the text itself. Compressing 27 KB
 * of JSON at brotli 4 costs about 85 µs, the look-up a few.
 */
const KEEP_ABOVE = 4096;
const KEEP_MAX = 32;
const kept = new Map<string, { text: string; bytes: Uint8Array<ArrayBuffer> }>();

function keptCompression(text: string, body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (body.byteLength < KEEP_ABOVE || body.byteLength > 1 << 20) return compressBytes(body, encoding);
  const key = `${encoding}:${body.byteLength}:${Bun.hash(body)}`;
  const hit = kept.get(key);
  if (hit && hit.text === text) return hit.bytes;
  const bytes = compressBytes(body, encoding);
  kept.delete(key);
  if (kept.size >= KEEP_MAX) kept.delete(kept.keys().next().value!);
  kept.set(key, { text, bytes });
  return bytes;
}

/**
 * The response, compressed for this request when it is text above the size floor and not
 * already encoded. Streams of unknown length and HEAD answers pass through untouched.
 */
export async function compressResponse(request: Request, res: Response): Promise<Response> {
  if (request.method === "HEAD" || !res.body || res.status === 204 || res.status === 304 || res.status === 206) return res;
  if (res.headers.has("content-encoding") || !compressibleType(res.headers.get("content-type"))) return res;
  if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return res;
  // Whether or not this client gets it compressed, caches must know the answer varies.
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  addVary(headers);
  if (!encoding || body.byteLength < MIN_COMPRESS_BYTES) return new Response(body, { status: res.status, statusText: res.statusText, headers });
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  return new Response(compressBytes(body, encoding), { status: res.status, statusText: res.statusText, headers });
}
