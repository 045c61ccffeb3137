import { Elysia } from "elysia";
import type { TeamDeps } from "./needs";
import type { Web } from "../auth/web";
import { z } from "zod";
import { IdParam, Success } from "../../lib/route-schemas";
import { sessionToken } from "../auth/guard";
import { sessionUser } from "../auth/service";
import { setSessionCookie } from "../auth/session-cookie";
import {
  AcceptBody,
  Accepted,
  ActivityList,
  ActivityQuery,
  InvitationList,
  InvitationSchema,
  InviteInput,
  MemberIdParam,
  MemberList,
  MemberRemoved,
  MemberSchema,
  ReassignInput,
  Reassigned,
  RecordIdParam,
  RemoveBody,
  RemoveInput,
  RoleInput,
  TokenParam,
} from "./model";
import * as team from "./service";
import * as invitations from "./invitations";
import { listActivity } from "./activity";
import { teamPageRoutes } from "./page-routes";
import { invitationLinkLimiter } from "./link-limit";

/** /api/workspace/members, /api/workspace/invitations, /api/workspace/activity, /api/invitations/{token}/accept, and the settings pages. */
export function teamRoutes(deps: TeamDeps, web: Web) {
  // Each call's role check is the service's (src/features/auth/permissions.ts): 403 {message}.
  const members = new Elysia({ prefix: "/api/workspace", tags: ["Team"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/members", ({ me }) => ({ members: team.listMembers(deps, me.user) }), { response: { 200: MemberList }, detail: { summary: "The workspace's members" } })
    .patch("/members/:id", ({ me, params, body }) => team.changeRole(deps, me.user, params.id, body.role), {
      params: MemberIdParam,
      body: RoleInput,
      response: { 200: MemberSchema },
      detail: { summary: "Change a member's role" },
    })
    // reassignTo in the query or the JSON body: who takes the member's sessions and interviews.
    .delete("/members/:id", ({ me, params, query, body }) => team.removeMember(deps, me.user, params.id, body?.reassignTo ?? query.reassignTo), {
      params: MemberIdParam,
      query: RemoveInput,
      body: RemoveBody,
      response: { 200: MemberRemoved },
      detail: { summary: "Remove a member (or leave the workspace)" },
    })
    .post("/members/:id/reassign", ({ me, params, body }) => team.reassignAll(deps, me.user, params.id, body.to), {
      params: MemberIdParam,
      body: ReassignInput,
      response: { 200: Reassigned },
      detail: { summary: "Hand a member's sessions and interviews to another member" },
    })
    .patch("/sessions/:id/owner", ({ me, params, body }) => team.reassignRecord(deps, me.user, "session", params.id, body.to), {
      params: RecordIdParam,
      body: ReassignInput,
      response: { 200: Success },
      detail: { summary: "Hand one scheduling session to another member" },
    })
    .patch("/interviews/:id/owner", ({ me, params, body }) => team.reassignRecord(deps, me.user, "interview", params.id, body.to), {
      params: RecordIdParam,
      body: ReassignInput,
      response: { 200: Success },
      detail: { summary: "Hand one interview to another member" },
    })
    .get("/invitations", ({ me }) => ({ invitations: invitations.listInvitations(deps, me.user) }), {
      response: { 200: InvitationList },
      detail: { summary: "Pending and expired invitations" },
    })
    .post(
      "/invitations",
      ({ me, body, set }) => {
        const invitation = invitations.invite(deps, me.user, body);
        set.status = 201;
        return invitation;
      },
      { body: InviteInput, response: { 201: InvitationSchema }, detail: { summary: "Invite someone by e-mail (a link valid 7 days)" } },
    )
    .get("/invitations/:id", ({ me, params }) => invitations.getInvitation(deps, me.user, params.id), {
      params: MemberIdParam,
      response: { 200: InvitationSchema },
      detail: { summary: "One pending invitation" },
    })
    .delete("/invitations/:id", ({ me, params }) => invitations.revokeInvitation(deps, me.user, params.id), {
      params: MemberIdParam,
      response: { 200: Success },
      detail: { summary: "Revoke an invitation (the link stops working)" },
    })
    .post("/invitations/:id/resend", ({ me, params }) => invitations.resendInvitation(deps, me.user, params.id), {
      params: MemberIdParam,
      response: { 200: InvitationSchema },
      detail: { summary: "Send an invitation again with a new link" },
    })
    .get("/activity", ({ me, query }) => listActivity(deps, me.user, { memberId: query.member, action: query.action, before: query.before, limit: query.limit }), {
      query: ActivityQuery,
      response: { 200: ActivityList },
      detail: { summary: "The workspace's activity log, newest first (page with before)" },
    });

  // Public: the invitee may have no account yet. Signed in, the body is not needed.
  const linkLimit = invitationLinkLimiter(deps);
  const accept = new Elysia({ prefix: "/api/invitations", tags: ["Team"] })
    .onBeforeHandle(({ params, request, server }) => linkLimit.enforce((params as { token?: string }).token ?? "", request, server))
    .post(
      "/:token/accept",
      async ({ params, body, request, cookie }) => {
        const me = sessionUser(deps, sessionToken(request));
        const r = await invitations.acceptInvitation(deps, params.token, me?.user ?? null, body);
        if (r.newSession) setSessionCookie(deps, cookie, deps.signInAs(r.userId));
        return { success: true as const, workspaceId: r.workspaceId, role: r.role };
      },
      { params: TokenParam, body: AcceptBody, response: { 200: Accepted }, detail: { summary: "Accept an invitation ({name, password} without an account)" } },
    );

  // The hand-over of one session or interview, at the scheduling paths: team owns the rule (roles,
  // membership) and calls scheduling, so scheduling never imports team (no cycle, decision 0029).
  const handOver = new Elysia({ prefix: "/api" })
    .use(web.guard)
    .guard({ auth: true })
    .patch("/scheduling-sessions/:id", ({ params, body, me }) => team.reassignRecord(deps, me.user, "session", String(params.id), body.to), {
      params: IdParam,
      body: ReassignInput,
      response: { 200: Success },
      detail: { summary: "Hand a scheduling session to another member", tags: ["Scheduling"] },
    })
    .patch("/interviews/:id", ({ params, body, me }) => team.reassignRecord(deps, me.user, "interview", params.id.slice(0, 64), body.to), {
      params: z.object({ id: z.string() }),
      body: ReassignInput,
      response: { 200: Success },
      detail: { summary: "Hand an interview to another member", tags: ["Interviews"] },
    });
  return new Elysia()
    .use(members)
    .use(accept)
    .use(handOver)
    .use(teamPageRoutes(deps, web, linkLimit));
}
