import { chooseEncoding, compressBytes, type Encoding } from "./compression";

const encoder = new TextEncoder();

/**
 * A rendered page kept for reuse, with each compressed form made once on first use (at the
 * best ratio, since it is served many times). Whoever keeps it decides when it is stale.
 */
export class CachedPage {
  private bodies = new Map<Encoding | "identity", Uint8Array<ArrayBuffer>>();

  constructor(
    readonly html: string,
    readonly status: number,
    readonly headers: Record<string, string>,
    /** Epoch milliseconds after which the page must be rendered again. */
    readonly validUntil: number,
  ) {}

  response(request: Request): Response {
    const encoding = request.method === "HEAD" ? null : chooseEncoding(request.headers.get("accept-encoding"));
    const key = encoding ?? "identity";
    let body = this.bodies.get(key);
    if (!body) {
      const raw = encoder.encode(this.html);
      body = encoding ? compressBytes(raw, encoding, "best") : raw;
      this.bodies.set(key, body);
    }
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", ...this.headers, vary: "accept-encoding" };
    if (encoding) headers["content-encoding"] = encoding;
    return new Response(body, { status: this.status, headers });
  }
}
