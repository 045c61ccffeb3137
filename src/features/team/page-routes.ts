import { Elysia } from "elysia";
import type { TeamDeps } from "./needs";
import type { Web } from "../auth/web";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { posted, seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { siteLinks } from "../../ui/links";
import { sessionToken } from "../auth/guard";
import { sessionUser } from "../auth/service";
import { setSessionCookie } from "../auth/session-cookie";
import { AcceptBody, ActivityQuery, InviteInput, MemberIdParam, ReassignInput, RecordIdParam, RemoveForm, RoleInput, TokenParam } from "./model";
import * as team from "./service";
import * as invitations from "./invitations";
import type { InvitationLinkLimiter } from "./link-limit";
import { loadActivityPage, loadInvitePage, loadMembersPage } from "./page-data";
import { ActivityPage, MembersPage, SettingsIndexPage } from "./pages/settings-pages";
import { InvitePage } from "./pages/invite-page";
import { handOverLeftToast } from "./hand-over-toast";
import { memberZone } from "../../lib/time-zone";
import { safeNext } from "../../lib/next-path";
import { EMAIL_BANNER_COOKIE } from "../../ui/email-setup-banner";
import { EmailSetupPage } from "./pages/email-setup-page";
import { z } from "zod";

/** The e-mail banner's dismiss form: the page to go back to. */
const DismissForm = z.object({ back: z.string().max(2000).optional() });

const noReferrer = { "referrer-policy": "no-referrer" };
// Every members form comes back to the members page; a refusal shows as a red "Not done" toast.
const membersForm = { back: "/settings/members", failed: "Not done" };

/** /settings and its Members and Activity sections, and the /invite/{token} page, with their no-JavaScript form posts. */
export function teamPageRoutes(deps: TeamDeps, web: Web, linkLimit: InvitationLinkLimiter) {
  const links = siteLinks(deps.config);

  const settings = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/settings", ({ me, cookie }) => renderPage({ title: "Settings", toast: takeFlash(cookie), body: SettingsIndexPage({ shell: web.shell(me.user) }) }))
    .get("/settings/email", ({ me }) => renderPage({ title: "E-mail", body: EmailSetupPage({ shell: web.shell(me.user), mailFrom: deps.config.MAIL_FROM }) }), { can: "settings.update" })
    // The e-mail banner's ×: hidden until the browser session ends (a cookie without an expiry).
    .post(
      "/settings/email/dismiss",
      ({ body, cookie }) => {
        cookie[EMAIL_BANNER_COOKIE]!.set({ value: "hidden", httpOnly: true, sameSite: "lax", path: "/", secure: deps.config.APP_URL.startsWith("https:") });
        return seeOther(safeNext(body.back));
      },
      { body: DismissForm },
    )
    .get("/settings/members", ({ me, cookie }) => {
      const props = loadMembersPage(deps, me.user);
      return renderPage({ title: "Members", toast: takeFlash(cookie), body: MembersPage({ shell: web.shell(me.user), ...props }) });
    })
    .post(
      "/settings/invitations",
      ({ me, body, cookie }) => {
        invitations.invite(deps, me.user, body);
        setFlash(cookie, { title: "Invitation sent", variant: "success" });
        return seeOther("/settings/members");
      },
      { body: InviteInput, form: membersForm },
    )
    .post(
      "/settings/invitations/:id/revoke",
      ({ me, params, cookie }) => {
        invitations.revokeInvitation(deps, me.user, params.id);
        setFlash(cookie, { title: "Invitation revoked", variant: "success" });
        return seeOther("/settings/members");
      },
      { params: MemberIdParam, form: membersForm },
    )
    .post(
      "/settings/invitations/:id/resend",
      ({ me, params, cookie }) => {
        invitations.resendInvitation(deps, me.user, params.id);
        setFlash(cookie, { title: "Invitation sent again", variant: "success" });
        return seeOther("/settings/members");
      },
      { params: MemberIdParam, form: membersForm },
    )
    .post(
      "/settings/members/:id/role",
      ({ me, params, body, cookie }) => {
        team.changeRole(deps, me.user, params.id, body.role);
        setFlash(cookie, { title: "Role changed", variant: "success" });
        return seeOther("/settings/members");
      },
      { params: MemberIdParam, body: RoleInput, form: membersForm },
    )
    .post(
      "/settings/members/:id/remove",
      ({ me, params, body, cookie }) => {
        const leaving = params.id === me.user.id;
        const { conflicts } = team.removeMember(deps, me.user, params.id, body.reassignTo);
        setFlash(cookie, conflicts.length ? handOverLeftToast(leaving, conflicts, memberZone(me.user)) : { title: leaving ? "You left the workspace" : "Member removed", variant: "success" });
        return seeOther(leaving ? "/login" : "/settings/members");
      },
      // The form's "nobody" choice posts reassignTo="".
      { params: MemberIdParam, body: RemoveForm, form: membersForm },
    )
    // One interview a hand-over left with a former member, to a member free at that time.
    .post(
      "/settings/members/interviews/:id/owner",
      ({ me, params, body, cookie }) => {
        team.reassignRecord(deps, me.user, "interview", params.id, body.to);
        setFlash(cookie, { title: "Interview handed over", variant: "success" });
        return seeOther("/settings/members#left-behind");
      },
      { params: RecordIdParam, body: ReassignInput, form: membersForm },
    )
    .get(
      "/settings/activity",
      ({ me, query, cookie }) => renderPage({ title: "Activity", toast: takeFlash(cookie), body: ActivityPage({ shell: web.shell(me.user), ...loadActivityPage(deps, me.user, query) }) }),
      { query: ActivityQuery },
    );

  // Public: the invitee may have no account yet.
  const invitePage = (token: string, request: Request, status: number | null, failure?: FormFailure, name?: string) => {
    const { data, signedInAs } = loadInvitePage(deps, token, sessionUser(deps, sessionToken(request))?.user ?? null);
    return renderPage({
      title: "Join a workspace",
      status: status ?? (data.state === "valid" ? 200 : 404),
      headers: noReferrer,
      toast: failure ? { title: "Not joined", description: failure.message, variant: "destructive" } : null,
      body: InvitePage({ token, data, signedInAs, homeHref: links.home, errors: failure?.fields, name }),
    });
  };
  const invite = new Elysia()
    .use(web.guard)
    .onBeforeHandle(({ params, request, server }) => linkLimit.enforce((params as { token?: string }).token ?? "", request, server))
    .get("/invite/:token", ({ params, request }) => invitePage(params.token, request, null), { params: TokenParam })
    .post(
      "/invite/:token",
      async ({ params, request, body, cookie }) => {
        const me = sessionUser(deps, sessionToken(request));
        const r = await invitations.acceptInvitation(deps, params.token, me?.user ?? null, body);
        if (r.newSession) setSessionCookie(deps, cookie, deps.signInAs(r.userId));
        setFlash(cookie, { title: "Welcome to the workspace", variant: "success" });
        return seeOther("/dashboard");
      },
      {
        params: TokenParam,
        body: AcceptBody,
        form: { render: (failure: FormFailure, input: FormInput) => invitePage(input.params.token ?? "", input.request, failure.status, failure, posted(input, "name", 200) || undefined) },
      },
    );

  return new Elysia().use(settings).use(invite);
}
