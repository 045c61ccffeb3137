import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { CalendarDeps } from "./connection";
import { renderPage, type Toast } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { seeOther } from "../../lib/route-options";
import { isBusyError } from "../../db/busy";

import * as calendar from "./service";
import { regenerateFeed, renderFeed } from "./feed";
import { syncUser } from "./sync";
import { connectionRoutes } from "./connection-routes";
import { patchConnection, syncNow } from "./connections";
import { setVideoDefault } from "./video-link";
import { setEventChangeMode } from "./repo-cache";
import { can } from "../auth/permissions";
import { z } from "zod";

/** A no-JavaScript form's fields (every value a string; unknown ones are ignored). */
const FormFields = z.record(z.string(), z.string().max(4096));
import { loadCalendarPage } from "./page-loader";
import { CalendarList, CalendarPageQuery, CalendarStatus, CallbackQuery, ConnectQuery, DisconnectAnswer, FeedAnswer, FeedFileParam, SetPrimaryForm, SetPrimaryInput, SyncReport } from "./model";
import { calendarName, syncReportText as reportText } from "./selection";
import { CalendarLoggedOutPage, CalendarPage } from "./pages/calendar-pages";

const found = (location: string) => new Response(null, { status: 302, headers: { location } });
const noStore = { "cache-control": "no-store" };
const withParam = (path: string, key: string, value: string) => `${path}${path.includes("?") ? "&" : "?"}${key}=${encodeURIComponent(value)}`;

const CONNECTED: Toast = { title: "Calendar Connected", description: "Google Calendar successfully connected. You can now create scheduling sessions.", variant: "success" };
const MICROSOFT_CONNECTED: Toast = { title: "Calendar Connected", description: "Microsoft Outlook successfully connected. You can now create scheduling sessions.", variant: "success" };
const FAILED: Toast = { title: "Connection Failed", description: "Failed to connect Google Calendar. Please try again.", variant: "destructive" };
const TITLES = { manager: "iCal Manager", sync: "Sync iCal" } as const;

/** Google connection (/auth/google/calendar, /api/calendar/*), the manager pages and the private feed. */
export function calendarRoutes(deps: CalendarDeps, web: Web) {
  // A provider's round trip ends in a redirect either way: a failure goes back with ?error=<code>.
  const start =
    (provider: "google" | "microsoft") =>
    async ({ me, query }: { me: { user: { id: number }; sessionId: number }; query: { returnTo?: string } }) => {
      try {
        return found(await calendar.startConnect(deps, { userId: me.user.id, sessionId: me.sessionId }, query.returnTo, provider));
      } catch (e) {
        if (e instanceof AppError) return found(withParam(query.returnTo === "/sync-ical" ? "/sync-ical" : "/ical-manager", "error", e.code));
        throw e;
      }
    };
  // One callback for both providers: the state names the provider the round trip began with.
  const callback = async ({ me, query }: { me: { user: { id: number }; sessionId: number }; query: Parameters<typeof calendar.finishConnect>[2] }) => {
    try {
      const { returnTo } = await calendar.finishConnect(deps, { userId: me.user.id, sessionId: me.sessionId }, query);
      return found(withParam(returnTo, "connected", "true"));
    } catch (e) {
      if (e instanceof calendar.ConnectError) return found(withParam(e.returnTo, "error", e.code));
      throw e;
    }
  };
  const oauth = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/auth/google/calendar", start("google"), { query: ConnectQuery })
    .get("/auth/microsoft/calendar", start("microsoft"), { query: ConnectQuery })
    .get("/auth/microsoft/calendar/callback", callback, { query: CallbackQuery })
    .get("/auth/google/calendar/callback", callback, { query: CallbackQuery });

  const api = new Elysia({ prefix: "/api/calendar", tags: ["Calendar"] })
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/status",
      ({ me, set }) => {
        Object.assign(set.headers, noStore);
        return calendar.calendarStatus(deps, me.user.id);
      },
      { response: { 200: CalendarStatus }, detail: { summary: "The member's Google Calendar connection" } },
    )
    .get(
      "/list",
      ({ me, set }) => {
        Object.assign(set.headers, noStore);
        return calendar.listCalendars(deps, me.user.id);
      },
      { response: { 200: CalendarList }, detail: { summary: "The member's writable Google calendars" } },
    )
    .post("/set-primary", ({ me, body }) => calendar.setPrimaryCalendar(deps, me.user.id, body.calendarId), {
      body: SetPrimaryInput,
      response: { 200: CalendarStatus },
      detail: { summary: "Choose the calendar interviews are written to" },
    })
    .post("/disconnect", async ({ me }) => ({ success: true as const, status: await calendar.disconnect(deps, me.user.id) }), {
      response: { 200: DisconnectAnswer },
      detail: { summary: "Disconnect Google Calendar (revokes the grant)" },
    })
    .post("/sync", ({ me }) => syncUser(deps, me.user), { response: { 200: SyncReport }, detail: { summary: "Write the member's interviews to Google Calendar" } })
    .post("/feed/regenerate", ({ me }) => ({ url: regenerateFeed(deps, me.user) }), {
      response: { 200: FeedAnswer },
      detail: { summary: "A new private iCal feed address (the old one stops working)" },
    });

  // The pages also serve visitors (a sign-in prompt); the props come from the loader.
  const pages = new Elysia().use(web.guard);
  for (const [path, mode] of [
    ["/ical-manager", "manager"],
    ["/sync-ical", "sync"],
  ] as const) {
    pages.get(
      path,
      async ({ me, cookie, query }) => {
        if (!me) return renderPage({ title: TITLES[mode], body: CalendarLoggedOutPage({ mode }), toast: takeFlash(cookie) });
        const props = await loadCalendarPage(deps, me.user, mode);
        const toast = query.connected === "true" ? (props.status.provider === "microsoft" ? MICROSOFT_CONNECTED : CONNECTED) : query.error !== undefined ? FAILED : takeFlash(cookie);
        // No "no-referrer" here: Chromium then sends Origin: null on the form posts, which the CSRF rule refuses.
        return renderPage({ title: TITLES[mode], toast, body: CalendarPage({ shell: web.shell(me.user), ...props }) });
      },
      { withMember: true, query: CalendarPageQuery },
    );
  }

  // Form posts without JavaScript: each answers 303 with a toast. Setting the calendar and syncing
  // talk to Google, so any failure (Google down too, not only a refused input) says the same words.
  const forms = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/ical-manager/set-primary",
      async ({ me, body, cookie }) => {
        try {
          await calendar.setPrimaryCalendar(deps, me.user.id, body.calendarId);
          const names = await calendar.listCalendars(deps, me.user.id).catch(() => null);
          setFlash(cookie, { title: "Primary Calendar Saved", description: `${calendarName(body.calendarId, names)} is now your primary calendar.`, variant: "success" });
        } catch {
          setFlash(cookie, { title: "Save Failed", description: "Failed to save primary calendar. Please try again.", variant: "destructive" });
        }
        return seeOther("/ical-manager");
      },
      { body: SetPrimaryForm },
    )
    .post("/ical-manager/disconnect", async ({ me, cookie }) => {
      await calendar.disconnect(deps, me.user.id);
      setFlash(cookie, { title: "Calendar Disconnected", description: "Google Calendar has been disconnected.", variant: "success" });
      return seeOther("/ical-manager");
    })
    .post("/ical-manager/feed", ({ me, cookie }) => {
      regenerateFeed(deps, me.user);
      setFlash(cookie, { title: "Feed URL Regenerated", description: "The old address no longer works. Subscribe again with the new one.", variant: "success" });
      return seeOther("/ical-manager");
    })
    // Decision 32's forms: calendars that count, sync now, the video link, the workspace's choice.
    .post(
      "/ical-manager/calendars",
      async ({ me, body, cookie }) => {
        const calendars: { id: string; checkConflicts: boolean }[] = [];
        for (let i = 0; i < 200 && body[`calendar${i}`] !== undefined; i++) calendars.push({ id: String(body[`calendar${i}`]), checkConflicts: body[`check${i}`] === "on" });
        try {
          await patchConnection(deps, me.user, me.user.id, { calendars, interviewCalendarId: body.interviewCalendarId || undefined });
          setFlash(cookie, { title: "Calendars Saved", description: "Frank now checks the calendars you chose for conflicts.", variant: "success" });
        } catch (e) {
          // Another process's write lock: the request runs again once it is free (db/busy.ts), not "Save Failed".
          if (isBusyError(e)) throw e;
          setFlash(cookie, { title: "Save Failed", description: e instanceof AppError ? e.message : "Failed to save calendars. Please try again.", variant: "destructive" });
        }
        return seeOther("/ical-manager");
      },
      { body: FormFields },
    )
    .post("/ical-manager/sync-now", async ({ me, cookie }) => {
      try {
        const c = await syncNow(deps, me.user, me.user.id);
        setFlash(
          cookie,
          c.state === "error"
            ? { title: "Sync Failed", description: c.error ?? "Google did not answer.", variant: "destructive" }
            : { title: "Calendar Synced", description: "Your busy times are up to date.", variant: "success" },
        );
      } catch {
        setFlash(cookie, { title: "Sync Failed", description: "Connect Google Calendar first.", variant: "destructive" });
      }
      return seeOther("/ical-manager");
    })
    .post(
      "/ical-manager/video-link",
      ({ me, body, cookie }) => {
        const kind = body.kind === "fixed" || body.kind === "none" || body.kind === "microsoft_teams" ? body.kind : "google_meet";
        try {
          setVideoDefault(deps, me.user.id, { kind, url: body.url ?? null });
          setFlash(cookie, {
            title: "Video Link Saved",
            description:
              kind === "fixed"
                ? "Interviews get your own room's link."
                : kind === "none"
                  ? "Interviews get no video link."
                  : kind === "microsoft_teams"
                    ? "Interviews get a Microsoft Teams link."
                    : "Interviews get a Google Meet link.",
            variant: "success",
          });
        } catch (e) {
          setFlash(cookie, { title: "Save Failed", description: e instanceof AppError ? e.message : "Failed to save the video link.", variant: "destructive" });
        }
        return seeOther("/ical-manager");
      },
      { body: FormFields },
    )
    .post(
      "/ical-manager/event-changes",
      ({ me, body, cookie }) => {
        if (!can(me.user, "settings.update")) setFlash(cookie, { title: "Not Saved", description: "Owners and admins can change this.", variant: "destructive" });
        else {
          setEventChangeMode(deps.db, me.user.workspaceId, body.onEventChange === "flag" ? "flag" : "follow");
          setFlash(cookie, {
            title: "Saved",
            description: body.onEventChange === "flag" ? "Changes made in a calendar are only flagged." : "Interviews follow changes made in a calendar.",
            variant: "success",
          });
        }
        return seeOther("/ical-manager");
      },
      { body: FormFields },
    )
    .post("/sync-ical", async ({ me, cookie }) => {
      try {
        const r = await syncUser(deps, me.user);
        setFlash(cookie, { title: "Calendar Synced", description: reportText(r), variant: r.failed ? "warning" : "success" });
      } catch {
        setFlash(cookie, { title: "Sync Failed", description: "Failed to sync interviews to Google Calendar. Please try again.", variant: "destructive" });
      }
      return seeOther("/sync-ical");
    });

  // The private feed: the token is the only credential; unknown or regenerated → 404.
  const feed = new Elysia().get(
    "/ical/:file",
    ({ params }) => {
      const body = renderFeed(deps, params.file.replace(/\.ics$/, ""));
      if (body === null) throw new AppError("not_found", 404, "Not found");
      return new Response(body, {
        headers: {
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": 'inline; filename="frank-interviews.ics"',
          "cache-control": "private, no-cache",
          "referrer-policy": "no-referrer",
          "x-robots-tag": "noindex",
        },
      });
    },
    { params: FeedFileParam },
  );

  return new Elysia().use(oauth).use(api).use(connectionRoutes(deps, web)).use(pages).use(forms).use(feed);
}
