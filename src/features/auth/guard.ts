import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { AppError, unauthorized } from "../../lib/errors";
import { flashCookieHeader } from "../../lib/flash";
import { sessionUser, SESSION_COOKIE, type SignedIn } from "./service";
import { requirePermission, type Action } from "../team/permissions";

/**
 * The session cookie, read from the header itself: Elysia only parses `cookie` for routes
 * whose source it sees use it, and in the compiled binary it does not see into this macro.
 */
export function sessionToken(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

type User = SignedIn["user"];

/**
 * The subscription gate (part1 §4, §6), kept by the server. Billing decides who may pass and
 * what a refused page shows; app.ts installs it, so auth never imports billing.
 */
export interface AccessGate {
  allows(user: User): boolean;
  /** The page a refused HTML request gets (status 402, with the profile dialog open). */
  refusedPage(user: User, request: Request): Response;
}
const gates = new WeakMap<Deps, AccessGate>();
export function installAccessGate(deps: Deps, gate: AccessGate) {
  gates.set(deps, gate);
}

export const SUBSCRIPTION_REQUIRED_MESSAGE = "Subscription Required";

/** Without a subscription: an API call answers 402 {message: "Subscription Required"}, a page shows the gate. */
function gateCheck(deps: Deps, request: Request, user: User | undefined): Response | undefined {
  const gate = gates.get(deps);
  if (!gate || !user || gate.allows(user)) return undefined;
  const path = new URL(request.url).pathname;
  if (path === "/api" || path.startsWith("/api/")) throw new AppError("subscription_required", 402, SUBSCRIPTION_REQUIRED_MESSAGE);
  return gate.refusedPage(user, request);
}

/**
 * The signed-in user, or 401. When the browser still sent a session cookie, the session
 * expired or was revoked: the next page (/login) says so ("Session expired", part1 §8).
 */
function signedIn(deps: Deps, request: Request): SignedIn {
  const token = sessionToken(request);
  const me = sessionUser(deps, token);
  if (me) return me;
  if (!token) throw unauthorized();
  throw new AppError("unauthorized", 401, "Session expired", undefined, {
    "set-cookie": flashCookieHeader({ title: "Session expired", description: "Please sign in again.", variant: "destructive" }),
  });
}

const ids = new WeakMap<Deps, number>();
let nextId = 1;

/**
 * Route options every feature uses:
 *   { auth: true }     → needs a signed-in user with a subscription (when billing is on); gives
 *                        `me` ({ user, sessionId }) and `workspaceId`. Without a session an API call
 *                        answers 401 and a page redirects to /login; without a subscription see gateCheck.
 *   { account: true }  → a signed-in user, subscription or not: only the calls a user needs to get
 *                        one (profile, billing, portal, plan change, resume, the session check
 *                        /api/auth/me). Checkout and logout need no session at all.
 *   { withUser: true } → `me` is the signed-in user or null, never gated (public pages with a profile menu).
 *   { withMember: true } → `me` or null for pages that also serve visitors; a signed-in user is gated.
 *   { can: "settings.update" } → `auth` plus the role check of the one permission table
 *                        (src/features/team/permissions.ts): 403 {message} for a role that may not.
 *   { accountCan: "billing.manage" } → `account` plus the same role check.
 */
export function authGuard(deps: Deps) {
  // The seed lets Elysia dedupe the plugin per app (per deps), however many features use it.
  let id = ids.get(deps);
  if (!id) ids.set(deps, (id = nextId++));
  return new Elysia({ name: "auth-guard", seed: id }).macro({
    auth: {
      resolve({ request }) {
        const me = signedIn(deps, request);
        return { me, workspaceId: me.user.workspaceId };
      },
      // Runs after resolve, whose `me` the macro's types do not carry over.
      beforeHandle(ctx) {
        return gateCheck(deps, ctx.request, (ctx as unknown as { me: SignedIn }).me.user);
      },
    },
    account: {
      resolve({ request }) {
        const me = signedIn(deps, request);
        return { me, workspaceId: me.user.workspaceId };
      },
    },
    can: (action: Action) => ({
      resolve({ request }) {
        const me = signedIn(deps, request);
        return { me, workspaceId: me.user.workspaceId };
      },
      beforeHandle(ctx) {
        const me = (ctx as unknown as { me: SignedIn }).me;
        const refused = gateCheck(deps, ctx.request, me.user);
        if (refused) return refused;
        requirePermission(me.user, action);
      },
    }),
    accountCan: (action: Action) => ({
      resolve({ request }) {
        const me = signedIn(deps, request);
        requirePermission(me.user, action);
        return { me, workspaceId: me.user.workspaceId };
      },
    }),
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
        return gateCheck(deps, ctx.request, (ctx as unknown as { me: SignedIn | null }).me?.user);
      },
    },
  });
}
