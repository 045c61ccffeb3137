import { Elysia } from "elysia";
import type { AuthDeps } from "./needs";
import type { Server } from "bun";
import type { Deps } from "../../deps";
import { AppError, unauthorized } from "../../lib/errors";
import { flashCookieHeader } from "../../lib/flash";
import { sessionUser, SESSION_COOKIE, type SignedIn } from "./service";
import { keyPrincipal } from "./api-keys";
import type { AccessGate } from "./needs";
import { clientIp } from "../../lib/client-ip";
import { cookieOf } from "../../lib/request-cookie";
import { routeOptions } from "../../lib/route-options";
import { requirePermission, type Action } from "./permissions";

/** The session cookie, read from the header itself (lib/request-cookie.ts says why). */
export function sessionToken(request: Request): string | undefined {
  return cookieOf(request, SESSION_COOKIE);
}

type User = SignedIn["user"];

// The subscription gate is billing's, wired as auth's port (ports.ts); auth never imports billing.
export type { AccessGate } from "./needs";

const SUBSCRIPTION_REQUIRED_MESSAGE = "Subscription Required";

/** Without a subscription: an API call answers 402 {message: "Subscription Required"}, a page shows the gate. */
function gateCheck(gate: AccessGate, request: Request, user: User | undefined): Response | undefined {
  if (!user || gate.allows(user)) return undefined;
  const path = new URL(request.url).pathname;
  if (path === "/api" || path.startsWith("/api/")) throw new AppError("subscription_required", 402, SUBSCRIPTION_REQUIRED_MESSAGE);
  return gate.refusedPage(user, request);
}

/**
 * The signed-in user, or 401. When the browser still sent a session cookie, the session
 * expired or was revoked: the next page (/login) says so ("Session expired", part1 §8).
 */
function sessionPrincipal(deps: Deps, request: Request): SignedIn {
  const token = sessionToken(request);
  const me = sessionUser(deps, token);
  if (me) return me;
  if (!token) throw unauthorized();
  throw new AppError("unauthorized", 401, "Session expired", undefined, {
    "set-cookie": flashCookieHeader({ title: "Session expired", description: "Please sign in again.", variant: "destructive" }),
  });
}

/** The OpenAPI security of a signed-in route: an API key or the session cookie. */
const SECURED: Array<Record<string, string[]>> = [{ apiKey: [] }, { session: [] }];

const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * Who is asking: on /api an `Authorization: Bearer <key>` header is an API key and nothing else is
 * read (no cookie, so no CSRF question); otherwise the session cookie.
 */
function authenticate(deps: AuthDeps, request: Request, server: Server<unknown> | null): SignedIn {
  const header = request.headers.get("authorization");
  const path = new URL(request.url).pathname;
  if (header && path.startsWith("/api/")) {
    const key = BEARER.exec(header)?.[1];
    if (!key) throw new AppError("unauthorized", 401, "Invalid API key");
    const p = keyPrincipal(deps, key, request.method, clientIp(request, server, deps.config.TRUST_PROXY));
    return { user: p.user, sessionId: 0, apiKey: p.apiKey };
  }
  return sessionPrincipal(deps, request);
}

// Who a request is, found in the transform stage (before its input is validated, so a stranger gets
// 401 rather than a list of wrong fields) and handed to the handler by resolve.
const principals = new WeakMap<Request, SignedIn>();
function identify(deps: AuthDeps, request: Request, server: Server<unknown> | null, action?: Action): void {
  const me = authenticate(deps, request, server);
  if (action) requirePermission(me.user, action);
  principals.set(request, me);
}
function principal(request: Request): { me: SignedIn; workspaceId: number } {
  const me = principals.get(request);
  // Unreachable: every macro that resolves also identifies in its transform.
  if (!me) throw unauthorized();
  return { me, workspaceId: me.user.workspaceId };
}

/** The signed-in member of a request that passed an auth option (for a form's failure page). */
export function signedInOf(request: Request): SignedIn | undefined {
  return principals.get(request);
}

let nextId = 1;

/**
 * Route options every feature uses, applied once per group with `.guard({ auth: true })`:
 *   { auth: true }     → a signed-in user (session cookie, or an API key on /api) with a subscription
 *                        (when billing is on); gives `me` ({ user, sessionId, apiKey? }) and
 *                        `workspaceId`. Without one an API call answers 401 and a page redirects to
 *                        /login; without a subscription see gateCheck.
 *   { account: true }  → a signed-in user, subscription or not: only the calls a user needs to get
 *                        one (profile, billing, portal, plan change, resume, the session check
 *                        /api/auth/me). Checkout and logout need no session at all.
 *   { withUser: true } → `me` is the signed-in user or null, never gated (public pages with a profile menu).
 *   { withMember: true } → `me` or null for pages that also serve visitors; a signed-in user is gated.
 *   { withCaller: true } → for /api routes that answer strangers too: `me` from an API key (a bad key is
 *                        401) or the session, else null.
 *   { can: "settings.update" } → `auth` plus the role check of the one permission table
 *                        (src/features/auth/permissions.ts): 403 {message} for a role that may not.
 *   { accountCan: "billing.manage" } → `account` plus the same role check.
 * and those of lib/route-options.ts ({ crossSite }, { form }).
 */
export function authGuard(deps: AuthDeps, gate: AccessGate) {
  // Built once per app (app.ts); the seed lets Elysia dedupe it however many features use it.
  return new Elysia({ name: "auth-guard", seed: nextId++ }).use(routeOptions()).macro({
    auth: {
      detail: { security: SECURED },
      transform({ request, server }) {
        identify(deps, request, server);
      },
      resolve: ({ request }) => principal(request),
      beforeHandle({ request }) {
        return gateCheck(gate, request, principal(request).me.user);
      },
    },
    account: {
      detail: { security: SECURED },
      transform({ request, server }) {
        identify(deps, request, server);
      },
      resolve: ({ request }) => principal(request),
    },
    can: (action: Action) => ({
      detail: { security: SECURED },
      transform({ request, server }) {
        identify(deps, request, server, action);
      },
      resolve: ({ request }) => principal(request),
      beforeHandle({ request }) {
        return gateCheck(gate, request, principal(request).me.user);
      },
    }),
    accountCan: (action: Action) => ({
      detail: { security: SECURED },
      transform({ request, server }) {
        identify(deps, request, server, action);
      },
      resolve: ({ request }) => principal(request),
    }),
    // An /api route that answers strangers too (as 404): an API key or a session when there is one.
    withCaller: {
      detail: { security: [...SECURED, {}] },
      transform({ request, server }) {
        if (request.headers.has("authorization") || sessionToken(request)) {
          const me = request.headers.has("authorization") ? authenticate(deps, request, server) : sessionUser(deps, sessionToken(request));
          if (me) principals.set(request, me);
        }
      },
      resolve({ request }) {
        return { me: principals.get(request) ?? null };
      },
    },
    withUser: {
      resolve({ request }) {
        return { me: sessionUser(deps, sessionToken(request)) };
      },
    },
    withMember: {
      resolve({ request }) {
        return { me: sessionUser(deps, sessionToken(request)) };
      },
      beforeHandle(ctx) {
        return gateCheck(gate, ctx.request, (ctx as unknown as { me: SignedIn | null }).me?.user);
      },
    },
  });
}
