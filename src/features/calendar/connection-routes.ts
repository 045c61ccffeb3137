import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { ErrorEnvelope, ownAnswers } from "../../lib/route-schemas";

import { requirePermission } from "../auth/permissions";
import { busyTimes, listConnections, patchConnection, syncNow } from "./connections";
import { setVideoDefault, videoDefault } from "./video-link";
import * as cache from "./repo-cache";
import { checkGraphNotification, checkNotification, MICROSOFT_NOTIFICATION_PATH, NOTIFICATION_PATH, type GraphNotification } from "./push";
import { requestReopen, requestSync } from "./work";
import { Acknowledged, BusyAnswer, BusyQuery, Connection, ConnectionParams, ConnectionsAnswer, EventChangeSetting, PatchConnectionInput, VideoLinkAnswer, VideoLinkBody } from "./model-connections";

const noStore = { "cache-control": "no-store" };

/** Calendars that count, the busy cache, the video-link default and push notifications (decision 32). */
export function connectionRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api/calendar", tags: ["Calendar"] })
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/connections",
      ({ me, set }) => {
        Object.assign(set.headers, noStore);
        return listConnections(deps, me.user.id);
      },
      { response: { 200: ConnectionsAnswer }, detail: { summary: "The member's calendar connections, their calendars and sync state" } },
    )
    .patch("/connections/:id", ({ me, params, body }) => patchConnection(deps, me.user, params.id, body), {
      params: ConnectionParams,
      body: PatchConnectionInput,
      response: { 200: Connection },
      detail: { summary: "Choose the calendars that count as busy and the one receiving interviews" },
    })
    .post("/connections/:id/sync", ({ me, params }) => syncNow(deps, me.user, params.id), {
      params: ConnectionParams,
      response: { 200: Connection },
      detail: { summary: "Sync now (answers when done, or after 10 s)" },
    })
    .get(
      "/busy",
      ({ me, query, set }) => {
        Object.assign(set.headers, noStore);
        return busyTimes(deps, me.user, query);
      },
      { query: BusyQuery, response: { 200: BusyAnswer }, detail: { summary: "Busy times Frank works from: the calendar cache and Frank's own interviews" } },
    )
    .get("/settings", ({ me }) => ({ onEventChange: cache.eventChangeMode(deps.db, me.user.workspaceId) }), {
      response: { 200: EventChangeSetting },
      detail: { summary: "When an interview's event is changed in a calendar: follow, or only flag" },
    })
    .put(
      "/settings",
      ({ me, body }) => {
        requirePermission(me.user, "settings.update");
        cache.setEventChangeMode(deps.db, me.user.workspaceId, body.onEventChange);
        return { onEventChange: body.onEventChange };
      },
      { body: EventChangeSetting, response: { 200: EventChangeSetting }, detail: { summary: "Set what a change made in a calendar does" } },
    );

  // The member's default video link, beside the profile (its own small block).
  const video = new Elysia({ prefix: "/api/auth/profile", tags: ["Calendar"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/video-link", ({ me }) => videoDefault(deps, me.user.id), { response: { 200: VideoLinkAnswer }, detail: { summary: "The member's default video link" } })
    .put("/video-link", ({ me, body }) => setVideoDefault(deps, me.user.id, body), {
      body: VideoLinkBody,
      response: { 200: VideoLinkAnswer },
      detail: { summary: "Set the default video link: Google Meet, a fixed link, or none" },
    });

  // Google's push: no session; the channel's id and token are the credential. 200 at once, the sync runs after.
  const push = new Elysia({ tags: ["Calendar"] }).use(web.guard).post(
    NOTIFICATION_PATH,
    ({ request, set }) => {
      const h = request.headers;
      const r = checkNotification(deps, { channelId: h.get("x-goog-channel-id"), token: h.get("x-goog-channel-token"), state: h.get("x-goog-resource-state") });
      if (r === "refused") {
        set.status = 401;
        return { message: "Unknown channel", code: "unauthorized" };
      }
      if (r) requestSync(deps, r.userId, r.calendarId, { pushed: true });
      return { ok: true };
    },
    {
      parse: "none",
      crossSite: true,
      response: { 200: Acknowledged, 401: ErrorEnvelope },
      detail: { summary: "Google Calendar push notifications (no session; checked by channel id and token)" },
    },
  );

  // Graph's notifications (decision 34): the validation handshake echoes the token as text/plain;
  // change and lifecycle notifications are checked by subscription and clientState, answered 202
  // at once, and the work they ask for is queued.
  const graphPush = new Elysia({ tags: ["Calendar"] }).use(web.guard).post(
    MICROSOFT_NOTIFICATION_PATH,
    async ({ request, set }) => {
      const token = new URL(request.url).searchParams.get("validationToken");
      if (token !== null) {
        if (token.length > 1024) {
          set.status = 400;
          return { message: "Invalid validation token", code: "validation_failed" };
        }
        return new Response(token, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
      }
      const text = await request.text();
      let items: GraphNotification[] = [];
      try {
        const body = text.length <= 1_000_000 ? JSON.parse(text) : null;
        if (Array.isArray(body?.value)) items = body.value.slice(0, 1000);
      } catch {
        items = [];
      }
      let accepted = 0;
      for (const n of items) {
        const r = checkGraphNotification(deps, n ?? {});
        if (r === "refused") continue;
        accepted++;
        if (r.action === "reopen") {
          requestReopen(deps, r.userId, r.calendarId);
          requestSync(deps, r.userId, r.calendarId, { pushed: true });
        } else requestSync(deps, r.userId, r.calendarId, { full: r.action === "full", pushed: true });
      }
      if (!accepted) {
        set.status = 401;
        return { message: "Unknown subscription", code: "unauthorized" };
      }
      set.status = 202;
      return { ok: true };
    },
    {
      parse: "none",
      crossSite: true,
      detail: {
        summary: "Microsoft Graph change and lifecycle notifications (no session; checked by subscription and clientState)",
        responses: ownAnswers({
          200: { description: "The subscription's validation handshake: the validationToken, echoed", content: { "text/plain": null } },
          202: { description: "Accepted: the work the notifications ask for is queued", content: { "application/json": Acknowledged } },
        }),
      },
    },
  );

  return new Elysia().use(api).use(video).use(push).use(graphPush);
}
