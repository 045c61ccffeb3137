// The dashboard's islands hydrate separately; what one of them changes reaches the others as a
// window event (client only; harmless on the server): the job selected in the Job Positions card,
// and a shortlist made or changed.
import { useEffect, useState } from "react";

export interface SelectedJob {
  id: number;
  title: string;
  location: string | null;
}

const JOB_SELECTED = "frank:job-selected";
/** Sent when a shortlist is made or its candidates change; the scheduling island reloads its lists. */
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
