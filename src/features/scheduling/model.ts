import { z } from "zod";
import { DURATIONS, DEFAULT_DURATION } from "./slots";

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
});
export type CreateSessionInput = z.infer<typeof CreateSessionInput>;

export const BookInput = z.object({
  slotId: z.string({ error: "Please select a time slot" }).trim().min(1, "Please select a time slot").max(64, "Invalid time slot"),
});

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

export type SessionStatus = "pending" | "scheduled" | "cancelled" | "expired";
/** What the dashboard shows: pending (can still be booked), booked, expired or cancelled. */
export type SessionState = "pending" | "booked" | "expired" | "cancelled";

/** A session in the dashboard's list (part2 §3). */
export interface SessionView {
  id: number;
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
