import type { Deps } from "../../deps";
import type { BusyCalendar } from "../scheduling/busy-calendar";
import { cachedBusyMillis, cachedBusySpans } from "./hooks";
import { videoDefault } from "./video-link";

/** What scheduling asks of a calendar, answered from Frank's own cache (never a provider call). */
export function calendarBusy(deps: Deps): BusyCalendar {
  return {
    busyIntervals: (userId, from, to) => cachedBusySpans(deps, userId, from, to),
    busyMillis: (userId, from, to) => cachedBusyMillis(deps, userId, from, to),
    videoDefault: (userId) => videoDefault(deps, userId),
  };
}
