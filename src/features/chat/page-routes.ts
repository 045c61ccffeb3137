import { Elysia } from "elysia";
import type { ChatDeps } from "./needs";
import type { Web } from "../auth/web";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther, type FormInput } from "../../lib/route-options";

import { ActionParam, ChatForm, ChatPageQuery, ConfirmForm, MAX_MESSAGE_CHARS } from "./model";
import { confirmAction, dismissAction } from "./proposals";
import { devGuard } from "../../lib/dev-pages";
import { clientIp } from "../../lib/client-ip";
import { ask } from "./service";
import { rotateChatWebhookSecret, webhookSecret } from "./meeting-socket";
import { can } from "../auth/permissions";
import { loadChatPage, loadDashboardX, loadWebhookPage } from "./page-props";
import { ChatPage, DashboardXPage, MeetingDetectionPage, ShortlistTestPage } from "./pages/chat-pages";
import { WebhookPage } from "./pages/webhook-page";

/** The conversation a form came from (only a well-formed id), or a new one. */
const chatPath = (sessionId: unknown) => (typeof sessionId === "string" && /^[\w-]{1,100}$/.test(sessionId) ? `/chat?s=${encodeURIComponent(sessionId)}` : "/chat");
const backToChat = (input: FormInput) => chatPath(input.body.sessionId);

/** /chat (with a form post for browsers without JavaScript), /dashboardX, /meeting-detection, /shortlist-test, /chat/webhook. */
export function chatPageRoutes(deps: ChatDeps, web: Web) {
  const devPage = devGuard(deps.config.devPages, () => deps.clock.now().getTime());
  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/chat",
      ({ me, query, cookie }) => {
        const props = loadChatPage(deps, me, query.s && !query.new ? query.s : undefined);
        return renderPage({ title: "Chat", body: ChatPage({ ...props, shell: web.shell(me.user) }), toast: takeFlash(cookie) });
      },
      { query: ChatPageQuery },
    )
    // Without JavaScript: one turn, then the conversation again (an empty message just goes back).
    .post(
      "/chat",
      async ({ me, body }) => {
        const sessionId = body.sessionId ? body.sessionId.slice(0, 100) : null;
        const message = body.message ?? "";
        if (!message.trim()) return seeOther(chatPath(sessionId));
        const r = await ask(deps, me, { message: message.slice(0, MAX_MESSAGE_CHARS), sessionId });
        return seeOther(chatPath(r.sessionId));
      },
      { body: ChatForm, form: { back: backToChat, failed: "Error" } },
    )
    // Confirm without JavaScript: perform the proposal, then back to the conversation.
    .post(
      "/chat/actions/:id/confirm",
      async ({ me, params, body }) => {
        await confirmAction(deps, me, params.id);
        return seeOther(chatPath(body.sessionId));
      },
      { params: ActionParam, body: ConfirmForm, form: { back: backToChat, failed: "Error" } },
    )
    // Dismiss without JavaScript: nothing changes, back to the conversation.
    .post(
      "/chat/actions/:id/dismiss",
      ({ me, params, body }) => {
        dismissAction(deps, me, params.id);
        return seeOther(chatPath(body.sessionId));
      },
      { params: ActionParam, body: ConfirmForm, form: { back: backToChat, failed: "Error" } },
    )
    .get("/dashboardX", ({ me, workspaceId }) => renderPage({ title: "Chat integration test", body: DashboardXPage({ ...loadDashboardX(deps, workspaceId), shell: web.shell(me.user) }) }))
    .get("/meeting-detection", ({ me }) => renderPage({ title: "Meeting detection", body: MeetingDetectionPage({ shell: web.shell(me.user), appOrigin: new URL(deps.config.APP_URL).origin }) }))
    .get(
      "/chat/webhook",
      ({ me, cookie }) =>
        renderPage({
          title: "Chat webhook",
          headers: { "referrer-policy": "no-referrer" },
          body: WebhookPage({ ...loadWebhookPage(deps, me.user), shell: web.shell(me.user) }),
          toast: takeFlash(cookie),
        }),
      { can: "chatWebhook.manage" },
    )
    .post(
      "/chat/webhook/rotate",
      ({ me, cookie }) => {
        rotateChatWebhookSecret(deps, me);
        setFlash(cookie, { title: "Secret regenerated", description: "The old secret no longer works.", variant: "success" });
        return seeOther("/chat/webhook");
      },
      { can: "chatWebhook.manage" },
    );

  // A developer page (DEV_PAGES). Open to everyone then: it shows the login state, and its actions need a signed-in user.
  const devPages = new Elysia().use(web.guard).get(
    "/shortlist-test",
    ({ me, request, server }) => {
      devPage(me ? `u${me.user.id}` : `ip${clientIp(request, server, deps.config.TRUST_PROXY)}`);
      return renderPage({
        title: "Shortlist test",
        body: ShortlistTestPage({ shell: me ? web.shell(me.user) : null, webhookSecret: me && can(me.user, "chatWebhook.manage") ? webhookSecret(deps, me.user.workspaceId) : null }),
      });
    },
    { withUser: true },
  );
  return new Elysia().use(pages).use(devPages);
}
