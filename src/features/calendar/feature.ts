import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { calendarRoutes } from "./routes";
import { calendarJobs, startCalendarPolling } from "./work";
import { syncAllConnected } from "./sync";

export function createCalendar(deps: Deps, web: Web): Feature {
  return {
    // The calendar lists live as long as the app (5 minutes each).
    routes: [plugin(calendarRoutes({ ...deps, calendarLists: new Map() }, web))],
    jobs: calendarJobs(deps),
    // The daily full comparison is decided per run; polling (CALENDAR_POLL_SECONDS) runs below cron's minute.
    scheduled: [{ name: "calendar-sync", pattern: "*/10 * * * *", run: (d) => syncAllConnected(d) }],
    background: [() => startCalendarPolling(deps)],
    api: {},
  };
}
