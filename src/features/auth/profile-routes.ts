import { Elysia } from "elysia";
import type { AuthDeps } from "./needs";
import type { Web } from "./web";
import { clientIp } from "../../lib/client-ip";

import { ProfileAnswer, ProfileInput } from "./model";
import { toProfile, updateProfile } from "./profile-service";

/** GET and PUT /api/auth/profile (part1 §3, §7): answered with or without a subscription. */
export function profileRoutes(deps: AuthDeps, web: Web) {
  return new Elysia({ prefix: "/api/auth", tags: ["Auth"] })
    .use(web.guard)
    .guard({ account: true })
    .get("/profile", ({ me }) => toProfile(deps, me.user), { response: { 200: ProfileAnswer }, detail: { summary: "The signed-in user's profile" } })
    .put("/profile", ({ me, body, request, server }) => updateProfile(deps, me.user, body, clientIp(request, server, deps.config.TRUST_PROXY)), {
      body: ProfileInput,
      response: { 200: ProfileAnswer },
      detail: { summary: "Change the profile (a new e-mail needs the current password)" },
    });
}
