import { Elysia } from "elysia";
import { answerJson } from "./kept-answers";
import { CROSS_SITE, formFailure } from "./route-options";
import { redactPath } from "./log";
import { requestContext, requestIdFor } from "./request-context";
import { compressedText, compressResponse } from "./compression";
import { boundedBody } from "./body-limit";
import { errorFor, errorResponse, type EnvelopeOptions } from "./error-envelope";
import { STATE_CHANGING, sameOriginRequest } from "./same-origin";
import { BUSY_WAIT_MS, busyDelay, currentRequestScope, isBusyError, newRequestScope, runInRequestScope, type RequestScope } from "../db/busy";

export interface HttpOptions extends EnvelopeOptions {
  appUrl: string;
  secure: boolean;
  /** Told of every answered request (metrics): the route is the pattern, never the raw path. */
  onResponse?: (r: { method: string; route: string; status: number; seconds: number }) => void;
  /** The database connection's total_changes(): whether anything was committed during an attempt. */
  changes?: () => number;
  /** Runs a request through the whole app again (a retry after SQLITE_BUSY). */
  redispatch?: (request: Request) => Promise<Response>;
  /** Waits until the write lock looks free or the deadline (performance.now()) passes; false on the deadline. */
  waitForLock?: (deadline: number) => Promise<boolean>;
  /** The app's routes: those declared `{ crossSite: true }` take posts from other sites. */
  routes?: () => ReadonlyArray<{ method: string; path: string; hooks: { detail?: unknown } }>;
  /** The largest body a path takes, in bytes (lib/body-limit.ts); larger ones answer 413. */
  bodyLimit?: (path: string) => number;
}

// Per-request facts kept beside the Request object (Elysia gives hooks the same object).
const started = new WeakMap<Request, { at: number; requestId: string }>();
const pathOf = (url: string) => {
  const i = url.indexOf("/", url.indexOf("//") + 2);
  if (i < 0) return "/";
  const end = url.slice(i).search(/[?#]/);
  return end < 0 ? url.slice(i) : url.slice(i, i + end);
};
const requestIdOf = (request: Request) => started.get(request)?.requestId;

// A request that failed on SQLITE_BUSY runs again from a copy (its body was read by then).
const scopeOf = new WeakMap<Request, RequestScope>();
const copies = new WeakMap<Request, Request>();
const carriedScope = new WeakMap<Request, RequestScope>();
const firstRequest = new WeakMap<Request, Request>();
// Requests whose body was over their limit (answered 413 by the first hook).
const tooLarge = new WeakSet<Request>();

/** The request as the server received it (a retry runs a copy; the client address belongs to the original). */
export const originalRequest = (request: Request): Request => firstRequest.get(request) ?? request;

/**
 * Plain handler values (objects, strings) as the Response Elysia would make of them, compressed,
 * so every answer is. Anything else (files, streams, generators) stays Elysia's.
 */
function plainResponse(request: Request, value: unknown, set: { status?: number | string; headers: Record<string, unknown> }): Response | undefined {
  const status = typeof set.status === "number" ? set.status : 200;
  // A type the handler chose (set.headers) wins over the default, as it does in Elysia.
  const chosen = typeof set.headers["content-type"] === "string" ? (set.headers["content-type"] as string) : null;
  if (typeof value === "string") return compressedText(request, value, status, chosen ?? "text/plain; charset=utf-8");
  const plainObject = value !== null && typeof value === "object" && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);
  if (plainObject) return compressedText(request, answerJson(value), status, chosen ?? "application/json; charset=utf-8");
  return undefined;
}

/**
 * Cross-cutting HTTP behaviour: security headers, the same-origin rule for cookie
 * requests (CSRF), request logs without tokens, and the error envelope.
 */
export function httpPlugin(opts: HttpOptions) {
  const origin = new URL(opts.appUrl).origin;
  const securityHeaders: Record<string, string> = {
    "content-security-policy":
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  if (opts.secure) securityHeaders["strict-transport-security"] = "max-age=31536000; includeSubDomains";

  // Routes declared { crossSite: true }, as "METHOD /path" patterns (read once, when first needed).
  let crossSite: RegExp[] | null = null;
  const crossSiteAllowed = (method: string, path: string) => {
    crossSite ??= (opts.routes?.() ?? [])
      .filter((r) => (r.hooks.detail as Record<string, unknown> | undefined)?.[CROSS_SITE] === true)
      .map((r) => new RegExp(`^${r.method} ${r.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[^/]+/g, "[^/]+")}$`));
    return crossSite.some((re) => re.test(`${method} ${path}`));
  };

  // Pages whose address carries a secret (a `:token` in the route's path, or `?token=` as the
  // reset link has) send no Referer at all: a link or image on them must not carry the token away.
  let secretRoutes: RegExp | null = null;
  const secretAddress = (url: string, path: string) => {
    if (/[?&]token=/.test(url)) return true;
    if (!secretRoutes) {
      const paths = (opts.routes?.() ?? []).map((r) => r.path).filter((p) => /\/:token(\/|$)/.test(p));
      secretRoutes = paths.length ? new RegExp(`^(?:${paths.map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[^/]+/g, "[^/]+")).join("|")})/?$`) : /$^/;
    }
    return secretRoutes.test(path);
  };

  // The status each request's answer left with (set where the answer is made; read by the log and metrics).
  const sentStatus = new WeakMap<Request, number>();
  return (
    new Elysia({ name: "http" })
      // One id per request: in the X-Request-Id header, the error envelope and every log line
      // written while the request is served (the logger reads it from the request context,
      // which follows the handler through its awaits).
      // Every request also runs inside its own database scope (src/db/busy.ts); a retry after
      // SQLITE_BUSY carries the first attempt's scope and request id.
      .wrap((fn) => {
        const run = (request: Request) => {
          if (!started.has(request)) started.set(request, { at: performance.now(), requestId: requestIdFor(request.headers.get("x-request-id")) });
          const { requestId } = started.get(request)!;
          return runInRequestScope(carriedScope.get(request) ?? newRequestScope(0), () => requestContext.run({ requestId, path: pathOf(request.url), request }, () => fn(request)));
        };
        return ((request: Request) => {
          // A body is bounded before anything reads it; a retry's copy was bounded the first time.
          if (!opts.bodyLimit || !request.body || carriedScope.has(request)) return run(request);
          const at = performance.now();
          return boundedBody(request, opts.bodyLimit(pathOf(request.url))).then((checked) => {
            // Over the limit: the app answers 413 for a body-less copy (so it is logged and counted).
            const next = checked.ok ? checked.request : new Request(request.url, { method: request.method, headers: request.headers });
            if (next !== request) {
              // Bun's router hands the path's parameters on the request itself: the copy keeps them
              // (without them a chunked upload to /api/participants/{id}/files was a 400).
              const params = (request as Request & { params?: unknown }).params;
              if (params !== undefined) Object.defineProperty(next, "params", { value: params, configurable: true, enumerable: true });
              firstRequest.set(next, originalRequest(request));
              started.set(next, { at, requestId: requestIdFor(request.headers.get("x-request-id")) });
            }
            if (!checked.ok) tooLarge.add(next);
            return run(next);
          });
        }) as unknown as ReturnType<typeof fn>;
      })
      .onRequest(({ request, set }) => {
        const requestId = started.get(request)?.requestId ?? requestIdFor(null);
        if (!started.has(request)) started.set(request, { at: performance.now(), requestId });
        set.headers["x-request-id"] = requestId;
        // The scope wrap() opened for this request: an attempt starts counting commits from here.
        const scope = currentRequestScope() ?? newRequestScope(0);
        scope.changesAtStart = opts.changes?.() ?? 0;
        scope.calls = new Map();
        scopeOf.set(request, scope);
        for (const [k, v] of Object.entries(securityHeaders)) set.headers[k] = v;
        if (secretAddress(request.url, pathOf(request.url))) set.headers["referrer-policy"] = "no-referrer";
        if (tooLarge.has(request)) return errorResponse(request, requestIdOf(request), { status: 413, code: "too_large", message: "Request body too large" }, opts);
        if (!STATE_CHANGING.has(request.method)) return;
        if (opts.redispatch && request.body) copies.set(request, request.clone());
        // Browsers send Origin on every cross-site POST, and Sec-Fetch-Site when they know it.
        // A foreign one is refused; requests with neither come from non-browser clients,
        // which carry no ambient cookies of our users.
        const path = new URL(request.url).pathname;
        if (crossSiteAllowed(request.method, path)) return;
        // An API key travels in a header no other site can make a browser send: no ambient authority.
        if (path.startsWith("/api/") && /^bearer /i.test(request.headers.get("authorization") ?? "")) return;
        if (!sameOriginRequest(request, origin)) {
          return errorResponse(request, requestIdOf(request), { status: 403, code: "forbidden_origin", message: "Cross-site request refused" }, opts);
        }
      })
      // A post without a body is validated as an empty one: its answer names the missing fields.
      .onTransform((ctx) => {
        if (ctx.body == null && STATE_CHANGING.has(ctx.request.method)) (ctx as { body: unknown }).body = {};
      })
      // Every handler's answer leaves through here: compress text once, in one place.
      .mapResponse(({ request, responseValue, set }) => {
        // The status sent is remembered here: onAfterResponse sees the handler's value, which for a
        // compressed page is still a promise (it logged a page's own 404 as 200).
        if (responseValue instanceof Response) return compressResponse(request, responseValue).then((res) => (sentStatus.set(request, res.status), res));
        const res = plainResponse(request, responseValue, set);
        if (res) sentStatus.set(request, res.status);
        return res;
      })
      .onAfterResponse((ctx) => {
        const { request, set, responseValue } = ctx;
        const info = started.get(request);
        const ms = info ? performance.now() - info.at : 0;
        const status = sentStatus.get(request) ?? (Number(responseValue instanceof Response ? responseValue.status : set.status) || 200);
        opts.log.info("request", {
          requestId: info?.requestId,
          method: request.method,
          path: redactPath(request.url),
          status,
          ms: Math.round(ms * 10) / 10,
        });
        opts.onResponse?.({ method: request.method, route: routeOf(ctx), status, seconds: ms / 1000 });
      })
      .onError(async (ctx) => {
        const { code, error, request, set } = ctx;
        if (isBusyError(error)) {
          const again = await retryAfterBusy(request, opts);
          if (again) {
            // The answer is the retry's alone: nothing the failed attempt set may leak into it.
            for (const k of Object.keys(set.headers)) delete (set.headers as Record<string, unknown>)[k];
            for (const k of Object.keys(set.cookie ?? {})) delete (set.cookie as Record<string, unknown>)[k];
            set.status = again.status;
            return again;
          }
        }
        // A no-JavaScript form shows its own failure (lib/route-options.ts).
        const form = isBusyError(error) ? undefined : await formFailure({ ...ctx, request, code, error });
        if (form) {
          set.status = form.status;
          return compressResponse(request, form);
        }
        // The status is also set on the context, so the request log and metrics see it.
        const res = await errorFor(code, error, request, requestIdOf(request), opts);
        set.status = res.status;
        return res;
      })
      .as("global")
  );
}

/**
 * Runs a request again after SQLITE_BUSY, once the lock looks free, when that is safe: nothing was
 * committed on the connection since the attempt began (its transactions rolled back), nothing
 * outside the database was changed (markOutsideEffect), and the wait is within BUSY_WAIT_MS.
 * Null when it may not be retried: the caller answers 503.
 */
async function retryAfterBusy(request: Request, opts: HttpOptions): Promise<Response | null> {
  const scope = scopeOf.get(request);
  if (!scope || !opts.redispatch || scope.outsideEffect) return null;
  if ((opts.changes?.() ?? 0) !== scope.changesAtStart) return null;
  const deadline = scope.startedAt + BUSY_WAIT_MS;
  const again = STATE_CHANGING.has(request.method) && request.body ? copies.get(request) : request.clone();
  if (!again) return null;
  if (opts.waitForLock) {
    if (!(await opts.waitForLock(deadline))) return null;
  } else {
    if (performance.now() >= deadline) return null;
    await Bun.sleep(busyDelay(scope.attempt + 1));
  }
  scope.attempt++;
  carriedScope.set(again, scope);
  firstRequest.set(again, originalRequest(request));
  const first = started.get(request);
  if (first) started.set(again, first);
  return opts.redispatch(again);
}

/** The route pattern that answered (/api/jobs/:id), so ids and tokens never become metric labels. */
function routeOf(ctx: object): string {
  const route = (ctx as { route?: unknown }).route;
  return typeof route === "string" && route ? route : "unmatched";
}
