import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { ActionParam, ChatInput } from "./model";
import { confirmAction } from "./proposals";
import { parseInput } from "../../lib/validate";
import { devGuard } from "../../lib/dev-pages";
import { clientIp } from "../../lib/http";
import { ask, history } from "./service";
import { recentChatEvents, rotateWebhookSecret, webhookSecret } from "./meeting-socket";
import { latestCandidates } from "./candidate-cards";
import { ChatPage, DashboardXPage, MeetingDetectionPage, ShortlistTestPage } from "./pages/chat-pages";
import { WebhookPage } from "./pages/webhook-page";

const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** /chat (with a form post for browsers without JavaScript), /dashboardX, /meeting-detection, /shortlist-test, /chat/webhook. */
export function chatPageRoutes(deps: Deps) {
  const devPage = devGuard(deps.config.devPages, () => deps.clock.now().getTime());
  return new Elysia()
    .use(authGuard(deps))
    .get(
      "/chat",
      ({ me, query, cookie }) => {
        const s = typeof query.s === "string" && !query.new ? query.s : undefined;
        const h = history(deps, me, s);
        return renderPage({
          title: "Chat",
          body: ChatPage({ deps, shell: makeShell(deps, me.user), initial: h.messages.map((m) => ({ ...m, id: String(m.id) })), sessionId: h.sessionId }),
          toast: takeFlash(cookie as any),
        });
      },
      { auth: true },
    )
    .post(
      "/chat",
      async ({ me, body, cookie }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const sessionId = typeof form.sessionId === "string" && form.sessionId ? form.sessionId : null;
        const message = typeof form.message === "string" ? form.message : "";
        if (!message.trim()) return see(sessionId ? `/chat?s=${encodeURIComponent(sessionId)}` : "/chat");
        try {
          const r = await ask(deps, me, ChatInput.parse({ message: message.slice(0, 4000), sessionId }));
          return see(`/chat?s=${encodeURIComponent(r.sessionId)}`);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          setFlash(cookie as any, { title: "Error", description: e.message, variant: "destructive" });
          return see(sessionId ? `/chat?s=${encodeURIComponent(sessionId)}` : "/chat");
        }
      },
      { auth: true },
    )
    // Confirm without JavaScript: perform the proposal, then back to the conversation.
    .post(
      "/chat/actions/:id/confirm",
      async ({ me, params, body, cookie }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const sessionId = typeof form.sessionId === "string" && /^[\w-]{1,100}$/.test(form.sessionId) ? form.sessionId : null;
        const back = sessionId ? `/chat?s=${encodeURIComponent(sessionId)}` : "/chat";
        try {
          await confirmAction(deps, me, parseInput(ActionParam, params).id);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          setFlash(cookie as any, { title: "Error", description: e.message, variant: "destructive" });
        }
        return see(back);
      },
      { auth: true },
    )
    .get(
      "/dashboardX",
      ({ me }) =>
        renderPage({
          title: "Chat integration test",
          body: DashboardXPage({ deps, shell: makeShell(deps, me.user), candidates: latestCandidates(deps, me.user.workspaceId).length }),
        }),
      { auth: true },
    )
    .get("/meeting-detection", ({ me }) => renderPage({ title: "Meeting detection", body: MeetingDetectionPage({ shell: makeShell(deps, me.user), appOrigin: new URL(deps.config.APP_URL).origin }) }), { auth: true })
    // A developer page (DEV_PAGES). Open to everyone then: it shows the login state, and its actions need a signed-in user.
    .get(
      "/shortlist-test",
      ({ me, request, server }: any) => {
        devPage(me ? `u${me.user.id}` : `ip${clientIp(request, server, deps.config.TRUST_PROXY)}`);
        return renderPage({
          title: "Shortlist test",
          body: ShortlistTestPage({ shell: me ? makeShell(deps, me.user) : null, webhookSecret: me ? webhookSecret(deps, me.user.workspaceId) : null }),
        });
      },
      { withUser: true },
    )
    .get(
      "/chat/webhook",
      ({ me, cookie }) =>
        renderPage({
          title: "Chat webhook",
          headers: { "referrer-policy": "no-referrer" },
          body: WebhookPage({
            shell: makeShell(deps, me.user),
            url: `${deps.config.APP_URL}/api/webhook/chat`,
            secret: webhookSecret(deps, me.user.workspaceId),
            events: recentChatEvents(deps, me.user.workspaceId),
          }),
          toast: takeFlash(cookie as any),
        }),
      { auth: true },
    )
    .post(
      "/chat/webhook/rotate",
      ({ me, cookie }) => {
        rotateWebhookSecret(deps, me.user.workspaceId);
        setFlash(cookie as any, { title: "Secret regenerated", description: "The old secret no longer works.", variant: "success" });
        return see("/chat/webhook");
      },
      { auth: true },
    );
}
