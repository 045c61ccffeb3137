import type { Deps } from "../../deps";
import type { BusyCalendar } from "./busy-calendar";
import type { BookedHook } from "./booking-hook";
import type { InterviewExtras } from "./interview-extras";

/**
 * What scheduling needs of other features, handed to createScheduling by the composition root
 * (app.ts), so scheduling imports none of them: the calendar's busy times and video link (the
 * calendar reads scheduling's meetings), and the pipeline's and feedback's part in a booking.
 */
export interface SchedulingNeeds {
  busyCalendar: BusyCalendar;
  interviewBooked: BookedHook;
  /** The client of the job an interview is for (the booking pages' and the interview's Client line). */
  interviewClient: InterviewClient;
}

/**
 * The client of the job a candidate's interview is for, and whether the job lets candidates see
 * its name; null when there is no job or it has no client (the agency's own).
 */
export type InterviewClient = (workspaceId: number, candidateId: number) => { name: string; named: boolean } | null;

/** The infrastructure and scheduling's needs: what its services read. */
export type SchedulingDeps = Deps & SchedulingNeeds;

/** What the interview page shows of other features (the job's client, the feedback): its routes only. */
export interface SchedulingPageNeeds {
  interviewExtras: InterviewExtras;
}
