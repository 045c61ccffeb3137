// The dashboard's islands hydrate separately; what one of them changes reaches the others as a
// window event (client only; harmless on the server): the job selected in the Job Positions card.
// A shortlist made or changed is told to the scheduling card by SHORTLISTS_CHANGED of
// scheduling/events.ts (the dashboard needs scheduling; scheduling does not need the dashboard).
import { useEffect, useState } from "react";

export interface SelectedJob {
  id: number;
  title: string;
  location: string | null;
}

const JOB_SELECTED = "frank:job-selected";
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
