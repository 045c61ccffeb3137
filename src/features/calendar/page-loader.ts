import type { CalendarDeps } from "./connection";
import * as calendar from "./service";
import { feedUrl } from "./feed";
import { redirectUri } from "./providers/google";
import type { CalendarPageProps } from "./pages/calendar-pages";
import { connectionOf } from "./connections";
import { teamsUnavailable, videoDefault } from "./video-link";
import { eventChangeMode } from "./repo-cache";
import { can } from "../auth/permissions";

/** The page waits this long for the calendar list; after that the island loads it. */
const PAGE_LIST_WAIT_MS = 1500;

/**
 * Everything /ical-manager and /sync-ical show on the first response, as plain props: the
 * connection, the calendar list (when Google answers within PAGE_LIST_WAIT_MS) and the feed.
 */
export async function loadCalendarPage(deps: CalendarDeps, user: { id: number; workspaceId: number; role: string }, mode: "manager" | "sync"): Promise<CalendarPageProps> {
  let calendars: Awaited<ReturnType<typeof calendar.listCalendars>> | null = null;
  if (calendar.calendarStatus(deps, user.id).isConnected) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), PAGE_LIST_WAIT_MS)));
    calendars = await Promise.race([calendar.listCalendars(deps, user.id).catch(() => null), late]);
    clearTimeout(timer);
  }
  // Read after the list: a refused grant found while listing shows as disconnected.
  const status = calendar.calendarStatus(deps, user.id);
  const truth = {
    connection: status.isConnected ? connectionOf(deps, user.id) : null,
    videoLink: videoDefault(deps, user.id),
    onEventChange: eventChangeMode(deps.db, user.workspaceId),
    canEditWorkspace: can(user, "settings.update"),
    teams: status.provider === "microsoft" ? teamsUnavailable(deps, user.id) : undefined,
  };
  return { mode, status, calendars: status.isConnected ? calendars : null, feedUrl: feedUrl(deps, user), redirectUri: redirectUri(deps.config), truth };
}
