import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage, type Toast } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { parseInput } from "../../lib/validate";
import { AppError } from "../../lib/errors";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import * as calendar from "./service";
import { feedUrl, regenerateFeed, renderFeed } from "./feed";
import { syncUser } from "./sync";
import { redirectUri } from "./google";
import { SetPrimaryInput } from "./model";
import { calendarName, syncReportText as reportText } from "./selection";
import { CalendarLoggedOutPage, CalendarPage } from "./pages/calendar-pages";

const see = (location: string, status = 303) => new Response(null, { status, headers: { location } });
const noStore = { "cache-control": "no-store" };
const withParam = (path: string, key: string, value: string) => `${path}${path.includes("?") ? "&" : "?"}${key}=${encodeURIComponent(value)}`;

const CONNECTED: Toast = { title: "Calendar Connected", description: "Google Calendar successfully connected. You can now create scheduling sessions.", variant: "success" };
const FAILED: Toast = { title: "Connection Failed", description: "Failed to connect Google Calendar. Please try again.", variant: "destructive" };

/** The page waits this long for the calendar list; after that the island loads it. */
const PAGE_LIST_WAIT_MS = 1500;

/** Google connection (/auth/google/calendar, /api/calendar/*), the manager pages and the private feed. */
export function calendarRoutes(deps: Deps) {
  const me = (m: { user: { id: number }; sessionId: number }) => ({ userId: m.user.id, sessionId: m.sessionId });

  const oauth = new Elysia()
    .use(authGuard(deps))
    .get("/auth/google/calendar", async ({ me: m, query }) => {
      const returnTo = typeof query.returnTo === "string" ? query.returnTo : undefined;
      try {
        return see(await calendar.startConnect(deps, me(m), returnTo), 302);
      } catch (e) {
        if (e instanceof AppError) return see(withParam(returnTo === "/sync-ical" ? "/sync-ical" : "/ical-manager", "error", e.code), 302);
        throw e;
      }
    }, { auth: true })
    .get("/auth/google/calendar/callback", async ({ me: m, query }) => {
      const q = { code: str(query.code), state: str(query.state), error: str(query.error) };
      try {
        const { returnTo } = await calendar.finishConnect(deps, me(m), q);
        return see(withParam(returnTo, "connected", "true"), 302);
      } catch (e) {
        if (e instanceof calendar.ConnectError) return see(withParam(e.returnTo, "error", e.code), 302);
        throw e;
      }
    }, { auth: true });

  const api = new Elysia({ prefix: "/api/calendar" })
    .use(authGuard(deps))
    .get("/status", ({ me: m, set }) => {
      Object.assign(set.headers, noStore);
      return calendar.calendarStatus(deps, m.user.id);
    }, { auth: true })
    .get("/list", async ({ me: m, set }) => {
      Object.assign(set.headers, noStore);
      return calendar.listCalendars(deps, m.user.id);
    }, { auth: true })
    .post("/set-primary", async ({ me: m, body }) => {
      const input = parseInput(SetPrimaryInput, body);
      return calendar.setPrimaryCalendar(deps, m.user.id, input.calendarId);
    }, { auth: true })
    .post("/disconnect", async ({ me: m }) => ({ success: true, status: await calendar.disconnect(deps, m.user.id) }), { auth: true })
    .post("/sync", ({ me: m }) => syncUser(deps, m.user), { auth: true })
    .post("/feed/regenerate", ({ me: m }) => ({ url: regenerateFeed(deps, m.user) }), { auth: true });

  async function page(mode: "manager" | "sync", m: any, cookie: any, query: Record<string, unknown>) {
    if (!m) return renderPage({ title: mode === "sync" ? "Sync iCal" : "iCal Manager", body: CalendarLoggedOutPage({ mode }), toast: takeFlash(cookie) });
    const userId = m.user.id;
    let calendars: Awaited<ReturnType<typeof calendar.listCalendars>> | null = null;
    if (calendar.calendarStatus(deps, userId).isConnected) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), PAGE_LIST_WAIT_MS)));
      calendars = await Promise.race([calendar.listCalendars(deps, userId).catch(() => null), late]);
      clearTimeout(timer);
    }
    // Read after the list: a refused grant found while listing shows as disconnected.
    const status = calendar.calendarStatus(deps, userId);
    const user = { ...m.user, calendarConnected: status.isConnected };
    const toast = query.connected === "true" ? CONNECTED : typeof query.error === "string" ? FAILED : takeFlash(cookie);
    return renderPage({
      title: mode === "sync" ? "Sync iCal" : "iCal Manager",
      // No "no-referrer" here: Chromium then sends Origin: null on the form posts, which the CSRF rule refuses.
      toast,
      body: CalendarPage({
        shell: makeShell(deps, user),
        mode,
        status,
        calendars: status.isConnected ? calendars : null,
        feedUrl: feedUrl(deps, m.user),
        redirectUri: redirectUri(deps.config),
      }),
    });
  }

  const pages = new Elysia()
    .use(authGuard(deps))
    .get("/ical-manager", ({ me: m, cookie, query }) => page("manager", m, cookie, query), { withMember: true })
    .get("/sync-ical", ({ me: m, cookie, query }) => page("sync", m, cookie, query), { withMember: true })
    // Form posts without JavaScript: each answers 303 with a toast.
    .post("/ical-manager/set-primary", async ({ me: m, body, cookie }) => {
      const id = str((body as Record<string, unknown> | null)?.calendarId) ?? "";
      try {
        await calendar.setPrimaryCalendar(deps, m.user.id, id);
        const names = await calendar.listCalendars(deps, m.user.id).catch(() => null);
        setFlash(cookie as any, { title: "Primary Calendar Saved", description: `${calendarName(id, names)} is now your primary calendar.`, variant: "success" });
      } catch {
        setFlash(cookie as any, { title: "Save Failed", description: "Failed to save primary calendar. Please try again.", variant: "destructive" });
      }
      return see("/ical-manager");
    }, { auth: true })
    .post("/ical-manager/disconnect", async ({ me: m, cookie }) => {
      await calendar.disconnect(deps, m.user.id);
      setFlash(cookie as any, { title: "Calendar Disconnected", description: "Google Calendar has been disconnected.", variant: "success" });
      return see("/ical-manager");
    }, { auth: true })
    .post("/ical-manager/feed", ({ me: m, cookie }) => {
      regenerateFeed(deps, m.user);
      setFlash(cookie as any, { title: "Feed URL Regenerated", description: "The old address no longer works. Subscribe again with the new one.", variant: "success" });
      return see("/ical-manager");
    }, { auth: true })
    .post("/sync-ical", async ({ me: m, cookie }) => {
      try {
        const r = await syncUser(deps, m.user);
        setFlash(cookie as any, { title: "Calendar Synced", description: reportText(r), variant: r.failed ? "warning" : "success" });
      } catch {
        setFlash(cookie as any, { title: "Sync Failed", description: "Failed to sync interviews to Google Calendar. Please try again.", variant: "destructive" });
      }
      return see("/sync-ical");
    }, { auth: true })
    // The private feed: the token is the only credential; unknown or regenerated → 404.
    .get("/ical/:file", ({ params }) => {
      const token = params.file.replace(/\.ics$/, "");
      const body = renderFeed(deps, token);
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
    });

  return new Elysia().use(oauth).use(api).use(pages);
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.length <= 4096 ? v : undefined;
}
