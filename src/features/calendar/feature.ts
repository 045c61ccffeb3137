import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { InterviewClient } from "../scheduling/needs";
import { calendarRoutes } from "./routes";
import { calendarJobs, startCalendarPolling } from "./work";
import { syncAllConnected } from "./sync";

/**
 * What the calendar needs of other features: the client of an interview's job, which the
 * webhooks of an interview moved or cancelled in the calendar carry as a recruiter's change does.
 */
export interface CalendarNeeds {
  interviewClient: InterviewClient;
}

export function createCalendar(infra: Deps, web: Web, needs: CalendarNeeds): Feature {
  const deps = { ...infra, ...needs };
  return {
    // The calendar lists live as long as the app (5 minutes each).
    routes: [plugin(calendarRoutes({ ...deps, calendarLists: new Map() }, web))],
    jobs: calendarJobs(deps),
    // The daily full comparison is decided per run; polling (CALENDAR_POLL_SECONDS) runs below cron's minute.
    scheduled: [{ name: "calendar-sync", pattern: "*/10 * * * *", run: () => syncAllConnected(deps) }],
    background: [() => startCalendarPolling(deps)],
    api: {},
  };
}
