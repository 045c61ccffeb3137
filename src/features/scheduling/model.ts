import { z } from "zod";
import { DURATIONS, DEFAULT_DURATION, isValidTimeZone } from "./slots";

/** Sessions live 14 days from creation (part2 §9). */
export const SESSION_TTL_MS = 14 * 86_400_000;
export const REMINDER_BEFORE_MS = 24 * 3_600_000;

export const TimeSlotInput = z.object({
  startTime: z.string().min(1, "Time slots need a valid start and end time").max(40),
  endTime: z.string().min(1, "Time slots need a valid start and end time").max(40),
});

const missing = "Missing information: Please select a candidate and add time slots";

/** POST /api/scheduling-sessions. expiresAt may be sent (the spec's client does) but the server sets it. */
export const CreateSessionInput = z.object({
  candidateId: z.coerce.number({ error: missing }).int(missing).positive(missing),
  title: z.string().trim().max(200).optional().default("Interview"),
  description: z.string().trim().max(2000).optional().nullable(),
  shortlistId: z.coerce.number().int().positive().optional().nullable(),
  duration: z.coerce
    .number()
    .int()
    .refine((d) => (DURATIONS as readonly number[]).includes(d), "Duration must be 30, 45, 60, 90 or 120 minutes")
    .default(DEFAULT_DURATION),
  timeSlots: z.array(TimeSlotInput, { error: missing }).min(1, missing).max(500, "At most 500 time slots per session"),
  timeZone: z.string().trim().min(1).max(64).default("UTC"),
  expiresAt: z.unknown().optional(),
  /** E-mail the booking link to the candidate (default true; nothing is sent to a candidate without an address). */
  sendEmail: z.boolean().optional().default(true),
  message: z.string().trim().max(2000, "Keep the message under 2000 characters").optional().nullable(),
  /** The member who holds the interview (issue 18); the creator when absent. */
  interviewerId: z.coerce.number({ error: "Choose an interviewer" }).int("Choose an interviewer").positive("Choose an interviewer").optional().nullable(),
});

export const ResendLinkInput = z.object({ message: z.string().trim().max(2000).optional().nullable() });
export type CreateSessionInput = z.infer<typeof CreateSessionInput>;

export const BookInput = z.object({
  slotId: z.string({ error: "Please select a time slot" }).trim().min(1, "Please select a time slot").max(64, "Invalid time slot"),
  /** The candidate's IANA zone: later pages, e-mails and the reminder show the time in it. */
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine((z) => z === "" || isValidTimeZone(z), "Unknown time zone")
    .optional()
    .nullable(),
});

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/interviews/{id}/cancel */
export const CancelInterviewInput = z.object({ reason: z.string().trim().max(1000, "Keep the reason under 1000 characters").optional().nullable() });

const rescheduleMissing = "Please choose a new time or offer new time slots";
/** POST /api/interviews/{id}/reschedule: one new start time, or a new set of slots offered on the candidate's link. */
export const RescheduleInput = z
  .object({
    startTime: z.string().trim().min(1).max(40).optional(),
    timeSlots: z.array(TimeSlotInput).min(1, rescheduleMissing).max(500, "At most 500 time slots per session").optional(),
  })
  .refine((v) => !!v.startTime !== !!v.timeSlots, { message: rescheduleMissing, path: ["startTime"] });

/** POST /api/interviews/{id}/status */
export const InterviewStatusInput = z.object({
  status: z.enum(["completed", "no_show"], { error: "Status must be completed or no_show" }),
});

export type SessionStatus = "pending" | "scheduled" | "cancelled" | "expired";
/** What the dashboard shows: pending (can still be booked), booked, expired or cancelled. */
export type SessionState = "pending" | "booked" | "expired" | "cancelled";

/** A session in the dashboard's list (part2 §3). */
export interface SessionView {
  id: number;
  /** The member who holds the interview (the dashboard's Mine / Everyone). */
  interviewerId: number;
  title: string;
  description: string | null;
  candidate: { firstName: string; lastName: string };
  candidateId: number;
  shortlistId: number | null;
  duration: number;
  timeZone: string;
  timeSlots: { id: string; startTime: string; endTime: string }[];
  expiresAt: string;
  createdAt: string;
  sessionToken: string;
  bookingUrl: string;
  status: SessionStatus;
  state: SessionState;
  /** The booked interview of a booked session. */
  interview: { id: string; status: string; startTime: string; endTime: string } | null;
  /** Slots that can still be booked now: not past, not taken, free in the recruiter's calendar. */
  availableSlots: number;
  bookableSlots: number;
}

/** One e-mail about an interview and how its delivery went. */
export interface InterviewEmailState {
  kind: string;
  audience: string | null;
  to: string;
  status: "pending" | "sent" | "retrying" | "failed" | "skipped";
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
}

/** A meeting in the dashboard's Interview Status list. */
export interface MeetingView {
  /** The member who holds the interview (the dashboard's Mine / Everyone). */
  interviewerId: number;
  emails: InterviewEmailState[];
  id: string;
  title: string;
  candidate: { firstName: string; lastName: string };
  startTime: string;
  endTime: string;
  /** The session's zone: the dashboard shows the time as the recruiter offered it. */
  timeZone: string;
  status: string;
}

/** GET /api/book/{token} (part2 §3, Booking link response). */
export interface BookingView {
  session: { duration: number; title: string; description: string | null; timeZone: string };
  candidate: { position: string | null; clientName: string | null; hiringManagerName: string | null; linkedinProfile: string | null };
  availableSlots: { id: string; startTime: string; endTime: string }[];
}

/** GET /api/interviews/{id} (part2 §3, Interview). */
export interface InterviewView {
  emails: InterviewEmailState[];
  id: string;
  title: string;
  status: string;
  scheduledTime: string;
  endTime: string;
  duration: number;
  timeZone: string;
  /** The zone the candidate booked in (null: the session's). */
  candidateTimeZone: string | null;
  meetingUrl: string | null;
  meetingLocation: string | null;
  description: string | null;
  notes: string | null;
  candidate: {
    firstName: string;
    lastName: string;
    position: string | null;
    clientName: string | null;
    hiringManagerName: string | null;
    email: string | null;
    linkedinProfile: string | null;
  };
  interviewer: { name: string | null; email: string };
}

/** What the calendar feature needs for a meeting: its Google event and its iCal feed entry. */
export interface MeetingForCalendar {
  id: number;
  publicId: string;
  workspaceId: number;
  title: string;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  /** iCalendar SEQUENCE: bumped on every move or cancellation. */
  sequence: number;
  timeZone: string;
  status: string;
  candidateName: string | null;
  candidateEmail: string | null;
  recruiterUserId: number;
  recruiterName: string | null;
  recruiterEmail: string;
  meetingUrl: string | null;
  calendarEventId: string | null;
  createdAt: Date;
}
