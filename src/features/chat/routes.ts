import { Elysia } from "elysia";
import type { ChatDeps } from "./needs";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { routeOptions } from "../../lib/route-options";
import { sessionToken } from "../auth/guard";
import { sessionUser, type SignedIn } from "../auth/service";
import {
  ActionParam,
  ChatEventAnswer,
  ChatEventInput,
  ChatHistory,
  ChatInput,
  ChatReplyView,
  ConfirmedAction,
  DismissedAction,
  HistoryQuery,
  MonitorMessage,
  WebhookAnswer,
  WebhookInput,
} from "./model";
import { confirmAction, dismissAction } from "./proposals";
import { AI_FAILED, answer, ask, checkChatRate, history } from "./service";
import { chatEvent, monitorText, webhookChat } from "./meeting-socket";
import { chatPageRoutes } from "./page-routes";

/** The assistant's API, the chat monitor (websocket, webhook, chat-events) and the chat pages. */
export function chatRoutes(deps: ChatDeps, web: Web) {
  return new Elysia().use(chatApi(deps, web)).use(meetingDetectionRoutes(deps, web)).use(chatPageRoutes(deps, web));
}

function chatApi(deps: ChatDeps, web: Web) {
  return (
    new Elysia({ prefix: "/api/chat", tags: ["Assistant"] })
      .use(web.guard)
      .guard({ auth: true })
      .post("/openai", ({ me, body }) => ask(deps, me, body), { body: ChatInput, response: { 200: ChatReplyView }, detail: { summary: "Ask the assistant (one turn)" } })
      // The same turn as server-sent events: "delta" with text as it comes, then "done" with {response, sessionId}.
      .post(
        "/openai/stream",
        ({ me, body }) => {
          checkChatRate(deps, me.user.id);
          return sseAnswer(deps, web, me, body);
        },
        { body: ChatInput, detail: { summary: "Ask the assistant, answered as server-sent events (delta, done, error)" } },
      )
      // Performs a change the assistant proposed: the only way its write tools take effect.
      .post("/actions/:id/confirm", ({ me, params }) => confirmAction(deps, me, params.id), {
        params: ActionParam,
        response: { 200: ConfirmedAction },
        detail: { summary: "Perform a change the assistant proposed" },
      })
      // Turns a proposal down: nothing changes, and it can no longer be confirmed.
      .post("/actions/:id/dismiss", ({ me, params }) => dismissAction(deps, me, params.id), {
        params: ActionParam,
        response: { 200: DismissedAction },
        detail: { summary: "Dismiss a change the assistant proposed" },
      })
      .get("/history", ({ me, query }) => history(deps, me, query.sessionId), { query: HistoryQuery, response: { 200: ChatHistory }, detail: { summary: "A conversation's messages" } })
  );
}

function sseAnswer(deps: ChatDeps, web: Web, me: SignedIn, input: ChatInput) {
  const enc = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      let open = true;
      const send = (event: string, data: unknown) => {
        if (!open) return;
        try {
          c.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          open = false; // the browser went away; the answer is still stored
        }
      };
      try {
        const reply = await answer(deps, me, input, (text) => send("delta", { text }));
        send("done", reply);
      } catch (e) {
        if (!(e instanceof AppError)) deps.log.error("chat stream failed", { error: e instanceof Error ? e.message : String(e) });
        send("error", { message: e instanceof AppError ? e.message : AI_FAILED });
      } finally {
        if (open) c.close();
      }
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-store", "x-accel-buffering": "no" },
  });
}

/** The socket's signed-in user: cookie from the upgrade request, same-origin only. */
function upgradeUser(deps: Deps, web: Web, request: Request, token: unknown): SignedIn | null {
  const origin = request.headers.get("origin");
  if (origin) {
    const host = request.headers.get("host");
    try {
      if (new URL(origin).host !== host && new URL(origin).origin !== new URL(deps.config.APP_URL).origin) return null;
    } catch {
      return null;
    }
  }
  return sessionUser(deps, typeof token === "string" ? token : undefined);
}

/** Meeting requests seen in chat: /api/chat-events, the chat platform's webhook, and the /ws/chat-monitor socket. */
function meetingDetectionRoutes(deps: ChatDeps, web: Web) {
  const hub = deps.hub;
  // Per socket: who it is and how to reach it (Elysia wraps the same Bun socket anew per event).
  const sockets = new Map<string, { me: SignedIn; send: (t: string) => unknown }>();
  const events = new Elysia({ tags: ["Assistant"] })
    .use(web.guard)
    .guard({ auth: true })
    .post("/api/chat-events", ({ me, body }) => chatEvent(deps, me, body), {
      body: ChatEventInput,
      response: { 200: ChatEventAnswer },
      detail: { summary: "Report a chat event (meeting detected, add to shortlist, schedule interview)" },
    });
  // A chat platform posts from its own servers; the shared secret is the proof.
  const webhook = new Elysia({ tags: ["Assistant"] }).use(routeOptions()).post(
    "/api/webhook/chat",
    ({ request, body }) => {
      const header = request.headers.get("x-webhook-secret") ?? request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? null;
      return webhookChat(deps, header, body);
    },
    { crossSite: true, body: WebhookInput, response: { 200: WebhookAnswer }, detail: { summary: "A chat platform reports a message (x-webhook-secret)" } },
  );
  const socket = new Elysia().ws("/ws/chat-monitor", {
    beforeHandle({ request, set }) {
      if (!upgradeUser(deps, web, request, sessionToken(request))) {
        set.status = 401;
        return "Unauthorized";
      }
    },
    open(ws) {
      const me = upgradeUser(deps, web, ws.data.request, sessionToken(ws.data.request));
      if (!me) return ws.close(4401, "Unauthorized");
      const raw = ws.raw;
      const entry = { me, send: (t: string) => raw.send(t), close: (code: number, reason: string) => raw.close(code, reason) };
      sockets.set(ws.id, entry);
      hub.add(me.user.id, me.user.workspaceId, entry);
      ws.send(JSON.stringify({ type: "connected", userId: me.user.id, web: deps.config.webIndex }));
    },
    async message(ws, message) {
      const entry = sockets.get(ws.id);
      if (!entry) return;
      // The session may have ended since the socket opened (sign-out, removal): nothing is written then.
      if (!upgradeUser(deps, web, ws.data.request, sessionToken(ws.data.request))) return ws.close(4401, "Unauthorized");
      let data: unknown = message;
      if (typeof message === "string") {
        try {
          data = JSON.parse(message);
        } catch {
          data = { text: message };
        }
      }
      const parsed = MonitorMessage.safeParse(data);
      if (!parsed.success) return ws.send(JSON.stringify({ type: "error", message: "Expected {text, userId, timestamp}" }));
      try {
        const popup = await monitorText(deps, entry.me, parsed.data.text);
        if (popup) ws.send(JSON.stringify(popup));
      } catch (e) {
        ws.send(JSON.stringify({ type: "error", message: e instanceof AppError ? e.message : "Something went wrong" }));
      }
    },
    close(ws) {
      const entry = sockets.get(ws.id);
      if (!entry) return;
      sockets.delete(ws.id);
      hub.remove(entry.me.user.id, entry);
    },
  });
  return new Elysia().use(events).use(webhook).use(socket);
}
