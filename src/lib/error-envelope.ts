import { AppError } from "./errors";
import { loginWithNext } from "./next-path";
import { validationFields } from "./validate";
import type { Logger } from "./log";
import { redactPath } from "./log";
import { compressResponse } from "./compression";
import { databaseBusy, diskFull, isBusyError, isDiskFullError } from "../db/busy";

// The one error envelope every failure leaves by: `{ message, code, fields?, requestId }` for the
// API, the error page (or a sign-in redirect) for pages.

export interface EnvelopeOptions {
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

/** One failure as the envelope or the error page, compressed like every other answer (errors do not pass through mapResponse). */
export function errorResponse(
  request: Request,
  requestId: string | undefined,
  failure: { status: number; code: string; message: string; fields?: Record<string, string>; headers?: Record<string, string> },
  opts: EnvelopeOptions,
): Response | Promise<Response> {
  const { status, code, message, fields } = failure;
  const headers = requestId ? { ...failure.headers, "x-request-id": requestId } : failure.headers;
  if (isApi(request)) return compressResponse(request, json(status, { message, code, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) }, headers));
  // A page that needs a session sends the visitor to sign in, and back to it afterwards.
  if (status === 401) return new Response(null, { status: 303, headers: { ...headers, location: request.method === "GET" ? loginWithNext(request.url) : "/login" } });
  const res = opts.renderError(status, message);
  for (const [k, v] of Object.entries(headers ?? {})) res.headers.set(k, v);
  return compressResponse(request, res);
}

/**
 * What a thrown error (with Elysia's code for it) answers: a busy or full database, an AppError as
 * it says, Elysia's own failures in plain words, anything else a logged 500 that names the request.
 */
export async function errorFor(code: string | number, error: unknown, request: Request, requestId: string | undefined, opts: EnvelopeOptions): Promise<Response> {
  const answer = (failure: Parameters<typeof errorResponse>[2]) => errorResponse(request, requestId, failure, opts);
  if (isBusyError(error)) {
    opts.log.info("database busy", { path: redactPath(request.url) });
    return answer(databaseBusy());
  }
  if (isDiskFullError(error)) {
    opts.log.error("database or disk is full", { path: redactPath(request.url) });
    return answer(diskFull());
  }
  if (error instanceof AppError) return answer(error);
  switch (code) {
    case "VALIDATION": {
      // An answer that does not match its declared schema is the server's bug, not the caller's.
      if ((error as { type?: string }).type === "response") return errorFor("INTERNAL", error, request, requestId, opts);
      const fields = validationFields(error);
      return answer({ status: 400, code: "validation_failed", message: Object.values(fields)[0] ?? "Invalid request", fields });
    }
    case "PARSE":
      return answer({ status: 400, code: "invalid_body", message: "The request body could not be read" });
    case "NOT_FOUND":
      return answer({ status: 404, code: "not_found", message: "Not found" });
    case "INVALID_COOKIE_SIGNATURE":
      return answer({ status: 400, code: "invalid_cookie", message: "Invalid cookie" });
    default: {
      const id = requestId ?? crypto.randomUUID();
      opts.log.error("unhandled error", { requestId: id, code, path: redactPath(request.url), error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return answer({ status: 500, code: "internal_error", message: `Something went wrong (request ${id})` });
    }
  }
}
