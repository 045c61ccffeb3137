// The dashboard's islands hydrate separately; the selected job and shortlist changes travel
// between them as window events (client only; harmless on the server).
import { useEffect, useState } from "react";
import { startPoll } from "../../../client/connection";

export interface SelectedJob {
  id: number;
  title: string;
  location: string | null;
}

const JOB_SELECTED = "frank:job-selected";
export const SHORTLISTS_CHANGED = "frank:shortlists-changed";
let current: SelectedJob | null = null;

export function selectJob(job: SelectedJob | null) {
  current = job;
  window.dispatchEvent(new CustomEvent(JOB_SELECTED, { detail: job }));
}

/** The job selected in the Job Positions card (null: no job filter). */
export function useSelectedJob(): SelectedJob | null {
  const [job, setJob] = useState<SelectedJob | null>(null);
  useEffect(() => {
    setJob(current);
    const on = (e: Event) => setJob((e as CustomEvent<SelectedJob | null>).detail);
    window.addEventListener(JOB_SELECTED, on);
    return () => window.removeEventListener(JOB_SELECTED, on);
  }, []);
  return job;
}

/** Calls fn every `ms` while the page is open (the §9 polling intervals); paused while the connection is lost. */
export function usePoll(fn: () => void, ms: number, deps: unknown[] = []) {
  useEffect(() => {
    return startPoll(fn, ms);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/** True once the island runs in the browser (server HTML keeps forms usable without JavaScript). */
export function useHydrated(): boolean {
  const [h, setH] = useState(false);
  useEffect(() => setH(true), []);
  return h;
}

export const POLL_PARTICIPANTS_MS = 60_000;
export const POLL_STATS_MS = 5 * 60_000;
export const COPIED_MS = 2000;
