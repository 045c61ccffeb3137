import { Elysia } from "elysia";
import { AppError } from "./errors";
import type { Logger } from "./log";
import { redactPath } from "./log";

export interface HttpOptions {
  appUrl: string;
  secure: boolean;
  log: Logger;
  /** Renders the HTML error page for non-API routes. */
  renderError: (status: number, message: string) => Response;
}

const isApi = (request: Request) => {
  const p = new URL(request.url).pathname;
  return p.startsWith("/api/") || p === "/api";
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });

/** Turns every failure into the one envelope: `{ message, code, fields? }` or an error page. */
function errorResponse(request: Request, status: number, code: string, message: string, opts: HttpOptions, fields?: Record<string, string>, headers?: Record<string, string>) {
  if (isApi(request)) return json(status, fields ? { message, code, fields } : { message, code }, headers);
  // A page that needs a session sends the visitor to sign in.
  if (status === 401) return new Response(null, { status: 303, headers: { ...headers, location: "/login" } });
  const res = opts.renderError(status, message);
  for (const [k, v] of Object.entries(headers ?? {})) res.headers.set(k, v);
  return res;
}

/** Flattens the validation issues of zod (or TypeBox) into field → first message. */
function validationFields(error: any): Record<string, string> {
  const fields: Record<string, string> = {};
  const all: any[] = error?.all ?? [];
  for (const issue of all) {
    const path = String(issue.path ?? "").replace(/^\//, "").replace(/\//g, ".") || "body";
    const msg = issue.message ?? issue.summary ?? "Invalid value";
    if (!fields[path]) fields[path] = msg;
  }
  return fields;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Sec-Fetch-Site decides when the browser sends it (it is reliable even where pages set
 * Referrer-Policy: no-referrer, which makes Chromium send `Origin: null` on form posts).
 * Otherwise Origin must be ours. With neither header the client is not a browser.
 */
export function sameOriginRequest(request: Request, appOrigin: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const o = request.headers.get("origin");
  if (o === null) return true;
  if (o === "null") return false;
  if (o === appOrigin) return true;
  try {
    return new URL(o).host === request.headers.get("host");
  } catch {
    return false;
  }
}

/**
 * Cross-cutting HTTP behaviour: security headers, the same-origin rule for cookie
 * requests (CSRF), request logs without tokens, and the error envelope.
 */
export function httpPlugin(opts: HttpOptions) {
  const origin = new URL(opts.appUrl).origin;
  const securityHeaders: Record<string, string> = {
    "content-security-policy":
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
      "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  if (opts.secure) securityHeaders["strict-transport-security"] = "max-age=31536000; includeSubDomains";

  return new Elysia({ name: "http" })
    .onRequest(({ request, set }) => {
      (request as any).__start = performance.now();
      for (const [k, v] of Object.entries(securityHeaders)) set.headers[k] = v;
      if (!STATE_CHANGING.has(request.method)) return;
      // Browsers send Origin on every cross-site POST, and Sec-Fetch-Site when they know it.
      // A foreign one is refused; requests with neither come from non-browser clients,
      // which carry no ambient cookies of our users.
      const path = new URL(request.url).pathname;
      if (path === "/api/stripe/webhook" || path === "/api/webhook/chat") return;
      if (!sameOriginRequest(request, origin)) {
        return errorResponse(request, 403, "forbidden_origin", "Cross-site request refused", opts);
      }
    })
    .onAfterResponse(({ request, set, responseValue }) => {
      const start = (request as any).__start as number | undefined;
      opts.log.info("request", {
        method: request.method,
        path: redactPath(request.url),
        status: responseValue instanceof Response ? responseValue.status : set.status,
        ms: start ? Math.round((performance.now() - start) * 10) / 10 : undefined,
      });
    })
    .onError(({ code, error, request, set }) => {
      if (error instanceof AppError) {
        set.status = error.status;
        return errorResponse(request, error.status, error.code, error.message, opts, error.fields, error.headers);
      }
      switch (code) {
        case "VALIDATION": {
          const fields = validationFields(error);
          const first = Object.values(fields)[0] ?? "Invalid request";
          return errorResponse(request, 400, "validation_failed", first, opts, fields);
        }
        case "PARSE":
          return errorResponse(request, 400, "invalid_body", "The request body could not be read", opts);
        case "NOT_FOUND":
          return errorResponse(request, 404, "not_found", "Not found", opts);
        case "INVALID_COOKIE_SIGNATURE":
          return errorResponse(request, 400, "invalid_cookie", "Invalid cookie", opts);
        default: {
          const requestId = crypto.randomUUID();
          opts.log.error("unhandled error", {
            requestId,
            code,
            path: redactPath(request.url),
            error: error instanceof Error ? error.stack ?? error.message : String(error),
          });
          return errorResponse(request, 500, "internal_error", `Something went wrong (request ${requestId})`, opts);
        }
      }
    })
    .as("global");
}

/** The client's address (X-Forwarded-For only when the server is told to trust a proxy). */
export function clientIp(request: Request, server: { requestIP(r: Request): { address: string } | null } | null, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = request.headers.get("x-forwarded-for");
    if (fwd) return fwd.split(",")[0]!.trim();
  }
  return server?.requestIP(request)?.address ?? "local";
}
