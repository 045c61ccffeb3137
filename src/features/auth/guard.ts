import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { requireSessionUser, sessionUser, SESSION_COOKIE } from "./service";

/**
 * Route options every feature uses:
 *   { auth: true }     → needs a signed-in user; gives `me` ({ user, sessionId }) and `workspaceId`.
 *                        An API call answers 401; a page redirects to /login.
 *   { withUser: true } → `me` is the signed-in user or null (public pages with a profile menu).
 */
const ids = new WeakMap<Deps, number>();
let nextId = 1;

export function authGuard(deps: Deps) {
  // The seed lets Elysia dedupe the plugin per app (per deps), however many features use it.
  let id = ids.get(deps);
  if (!id) ids.set(deps, (id = nextId++));
  return new Elysia({ name: "auth-guard", seed: id }).macro({
    auth: {
      resolve({ cookie }) {
        const me = requireSessionUser(deps, cookie[SESSION_COOKIE]?.value as string | undefined);
        return { me, workspaceId: me.user.workspaceId };
      },
    },
    withUser: {
      resolve({ cookie }) {
        return { me: sessionUser(deps, cookie[SESSION_COOKIE]?.value as string | undefined) };
      },
    },
  });
}
