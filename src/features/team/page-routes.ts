import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { makeShell } from "../../ui/shell";
import { siteLinks } from "../../ui/links";
import { authGuard, sessionToken } from "../auth/guard";
import { sessionUser, signInAs } from "../auth/service";
import { setSessionCookie } from "../auth/session-cookie";
import { AcceptInput, ActivityQuery, InviteInput, MemberIdParam, RemoveInput, RoleInput } from "./model";
import * as team from "./service";
import { listActivity } from "./activity";
import { can, requirePermission } from "./permissions";
import { ActivityPage, MembersPage, SettingsIndexPage } from "./pages/settings-pages";
import { InvitePage } from "./pages/invite-page";

type Jar = Parameters<typeof setFlash>[0];
const see = (location: string) => new Response(null, { status: 303, headers: { location } });
const noReferrer = { "referrer-policy": "no-referrer" };

/** /settings and its Members and Activity sections, and the /invite/{token} page, with their no-JavaScript form posts. */
export function teamPageRoutes(deps: Deps) {
  const links = siteLinks(deps.config);
  /** Runs a form's change and comes back to the members page with a toast, either way. */
  const formPost = (run: () => void, done: string, cookie: unknown, back = "/settings/members") => {
    try {
      run();
      setFlash(cookie as Jar, { title: done, variant: "success" });
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      setFlash(cookie as Jar, { title: "Not done", description: e.message, variant: "destructive" });
    }
    return see(back);
  };

  return new Elysia()
    .use(authGuard(deps))
    .get("/settings", ({ me, cookie }) => renderPage({ title: "Settings", toast: takeFlash(cookie as Jar), body: SettingsIndexPage({ shell: makeShell(deps, me.user) }) }), { auth: true })
    .get(
      "/settings/members",
      ({ me, cookie }) => {
        requirePermission(me.user, "members.read");
        return renderPage({
          title: "Members",
          toast: takeFlash(cookie as Jar),
          body: MembersPage({ shell: makeShell(deps, me.user), members: team.listMembers(deps, me.user), invitations: can(me.user, "invitations.read") ? team.listInvitations(deps, me.user) : null }),
        });
      },
      { auth: true },
    )
    .post("/settings/invitations", ({ me, body, cookie }) => formPost(() => team.invite(deps, me.user, parseInput(InviteInput, body ?? {})), "Invitation sent", cookie), { auth: true })
    .post("/settings/invitations/:id/revoke", ({ me, params, cookie }) => formPost(() => team.revokeInvitation(deps, me.user, parseInput(MemberIdParam, params).id), "Invitation revoked", cookie), { auth: true })
    .post("/settings/invitations/:id/resend", ({ me, params, cookie }) => formPost(() => team.resendInvitation(deps, me.user, parseInput(MemberIdParam, params).id), "Invitation sent again", cookie), { auth: true })
    .post("/settings/members/:id/role", ({ me, params, body, cookie }) => formPost(() => team.changeRole(deps, me.user, parseInput(MemberIdParam, params).id, parseInput(RoleInput, body ?? {}).role), "Role changed", cookie), { auth: true })
    .post(
      "/settings/members/:id/remove",
      ({ me, params, body, cookie }) => {
        const { id } = parseInput(MemberIdParam, params);
        const form = (body ?? {}) as Record<string, unknown>;
        const leaving = id === me.user.id;
        return formPost(() => team.removeMember(deps, me.user, id, parseInput(RemoveInput, { reassignTo: form.reassignTo || undefined }).reassignTo), leaving ? "You left the workspace" : "Member removed", cookie, leaving ? "/login" : "/settings/members");
      },
      { auth: true },
    )
    .get(
      "/settings/activity",
      ({ me, query, cookie }) => {
        const q = parseInput(ActivityQuery, query ?? {});
        const { activity } = listActivity(deps, me.user, { memberId: q.member, action: q.action, before: q.before, limit: q.limit ?? 100 });
        return renderPage({ title: "Activity", toast: takeFlash(cookie as Jar), body: ActivityPage({ shell: makeShell(deps, me.user), members: team.listMembers(deps, me.user), activity, filter: q }) });
      },
      { auth: true },
    )
    .get("/invite/:token", ({ params, request }) => {
      const me = sessionUser(deps, sessionToken(request));
      const token = String(params.token);
      const data = team.invitationPage(deps, token);
      return renderPage({ title: "Join a workspace", status: data.state === "valid" ? 200 : 404, headers: noReferrer, body: InvitePage({ token, data, signedInAs: me?.user.email ?? null, homeHref: links.home }) });
    })
    .post("/invite/:token", async ({ params, request, body, cookie }) => {
      const me = sessionUser(deps, sessionToken(request));
      const token = String(params.token);
      const form = (body ?? {}) as Record<string, unknown>;
      try {
        const input = me ? null : parseInput(AcceptInput, { name: form.name, password: form.password });
        const r = await team.acceptInvitation(deps, token, me?.user ?? null, input);
        if (r.newSession) setSessionCookie(deps, cookie as never, signInAs(deps, r.userId));
        setFlash(cookie as Jar, { title: "Welcome to the workspace", variant: "success" });
        return see("/dashboard");
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        const data = team.invitationPage(deps, token);
        return renderPage({
          title: "Join a workspace",
          status: e.status,
          headers: noReferrer,
          toast: { title: "Not joined", description: e.message, variant: "destructive" },
          body: InvitePage({ token, data, signedInAs: me?.user.email ?? null, homeHref: links.home, errors: e.fields, name: typeof form.name === "string" ? form.name.slice(0, 200) : undefined }),
        });
      }
    });
}
