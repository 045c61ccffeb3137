import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { requireSessionUser, sessionUser, SESSION_COOKIE } from "./service";

/**
 * Route options every feature uses:
 *   { auth: true }     → needs a signed-in user; gives `me` ({ user, sessionId }) and `workspaceId`.
 *                        An API call answers 401; a page redirects to /login.
 *   { withUser: true } → `me` is the signed-in user or null (public pages with a profile menu).
 */
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

const ids = new WeakMap<Deps, number>();
let nextId = 1;

export function authGuard(deps: Deps) {
  // The seed lets Elysia dedupe the plugin per app (per deps), however many features use it.
  let id = ids.get(deps);
  if (!id) ids.set(deps, (id = nextId++));
  return new Elysia({ name: "auth-guard", seed: id }).macro({
    auth: {
      resolve({ request }) {
        const me = requireSessionUser(deps, sessionToken(request));
        return { me, workspaceId: me.user.workspaceId };
      },
    },
    withUser: {
      resolve({ request }) {
        return { me: sessionUser(deps, sessionToken(request)) };
      },
    },
  });
}
