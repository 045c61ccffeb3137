import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { authGuard, sessionToken } from "../auth/guard";
import { sessionUser, signInAs } from "../auth/service";
import { setSessionCookie } from "../auth/session-cookie";
import { AcceptInput, ActivityQuery, InviteInput, MemberIdParam, ReassignInput, RemoveInput, RoleInput } from "./model";
import * as team from "./service";
import { listActivity } from "./activity";
import { teamPageRoutes } from "./page-routes";

/** /api/workspace/members, /api/workspace/invitations, /api/workspace/activity, /api/invitations/{token}/accept, and the settings pages. */
export function teamRoutes(deps: Deps) {
  const api = new Elysia({ prefix: "/api" })
    .use(authGuard(deps))
    .get("/workspace/members", ({ me }) => ({ members: team.listMembers(deps, me.user) }), { auth: true })
    .patch("/workspace/members/:id", ({ me, params, body }) => team.changeRole(deps, me.user, parseInput(MemberIdParam, params).id, parseInput(RoleInput, body ?? {}).role), { auth: true })
    .delete(
      "/workspace/members/:id",
      ({ me, params, query, body }) => {
        const { id } = parseInput(MemberIdParam, params);
        const { reassignTo } = parseInput(RemoveInput, { ...(query ?? {}), ...((body as object | null) ?? {}) });
        return team.removeMember(deps, me.user, id, reassignTo);
      },
      { auth: true },
    )
    .post("/workspace/members/:id/reassign", ({ me, params, body }) => team.reassignAll(deps, me.user, parseInput(MemberIdParam, params).id, parseInput(ReassignInput, body ?? {}).to), { auth: true })
    .patch("/workspace/sessions/:id/owner", ({ me, params, body }) => team.reassignRecord(deps, me.user, "session", String(params.id), parseInput(ReassignInput, body ?? {}).to), { auth: true })
    .patch("/workspace/interviews/:id/owner", ({ me, params, body }) => team.reassignRecord(deps, me.user, "interview", String(params.id), parseInput(ReassignInput, body ?? {}).to), { auth: true })
    .get("/workspace/invitations", ({ me }) => ({ invitations: team.listInvitations(deps, me.user) }), { auth: true })
    .post(
      "/workspace/invitations",
      ({ me, body, set }) => {
        const invitation = team.invite(deps, me.user, parseInput(InviteInput, body ?? {}));
        set.status = 201;
        return invitation;
      },
      { auth: true },
    )
    .get("/workspace/invitations/:id", ({ me, params }) => team.getInvitation(deps, me.user, parseInput(MemberIdParam, params).id), { auth: true })
    .delete("/workspace/invitations/:id", ({ me, params }) => team.revokeInvitation(deps, me.user, parseInput(MemberIdParam, params).id), { auth: true })
    .post("/workspace/invitations/:id/resend", ({ me, params }) => team.resendInvitation(deps, me.user, parseInput(MemberIdParam, params).id), { auth: true })
    .get(
      "/workspace/activity",
      ({ me, query }) => {
        const q = parseInput(ActivityQuery, query ?? {});
        return listActivity(deps, me.user, { memberId: q.member, action: q.action, before: q.before, limit: q.limit });
      },
      { auth: true },
    )
    // Public: the invitee may have no account yet. Signed in, the body is not needed.
    .post("/invitations/:token/accept", async ({ params, body, request, cookie }) => {
      const me = sessionUser(deps, sessionToken(request));
      const input = me ? null : parseInput(AcceptInput, body ?? {});
      const r = await team.acceptInvitation(deps, String(params.token), me?.user ?? null, input);
      if (r.newSession) setSessionCookie(deps, cookie as never, signInAs(deps, r.userId));
      return { success: true, workspaceId: r.workspaceId, role: r.role };
    });

  return new Elysia().use(api).use(teamPageRoutes(deps));
}
