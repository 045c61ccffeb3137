// How often the dashboard's cards ask again (the spec's §9 polling intervals).
import { useEffect } from "react";
import { startPoll } from "../../../client/connection";

export const POLL_PARTICIPANTS_MS = 60_000;
export const POLL_STATS_MS = 5 * 60_000;

/** Calls fn every `ms` while the page is open; paused while the connection is lost. */
export function usePoll(fn: () => void, ms: number, deps: unknown[] = []) {
  useEffect(() => {
    return startPoll(fn, ms);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
