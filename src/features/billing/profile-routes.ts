import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { clientIp } from "../../lib/http";
import { authGuard } from "../auth/guard";
import { ProfileInput } from "./model";
import { toProfile, updateProfile } from "./profile-service";

/** GET and PUT /api/auth/profile (part1 §3, §7). */
export function profileRoutes(deps: Deps) {
  return new Elysia({ prefix: "/api/auth" })
    .use(authGuard(deps))
    .get("/profile", ({ me }) => toProfile(me.user), { account: true })
    .put("/profile", async ({ me, body, request, server }) =>
      updateProfile(deps, me.user, parseInput(ProfileInput, body), clientIp(request, server, deps.config.TRUST_PROXY)),
    { account: true });
}
