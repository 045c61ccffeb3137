import { z } from "zod";

/** Responses (docs/decisions/0020): every field the service returns is listed, or it would be dropped. */
const Slot = z.object({ id: z.string(), startTime: z.string(), endTime: z.string() });
const PersonName = z.object({ firstName: z.string(), lastName: z.string() });

export const SessionStatus = z.enum(["pending", "scheduled", "cancelled", "expired"]);
export type SessionStatus = z.infer<typeof SessionStatus>;
/** What the dashboard shows: pending (can still be booked), booked, expired or cancelled. */
export const SessionState = z.enum(["pending", "booked", "expired", "cancelled"]);
export type SessionState = z.infer<typeof SessionState>;

/** A session in the dashboard's list (part2 §3). */
export const SessionView = z.looseObject({
  id: z.number().int(),
  /** The member who holds the interview (the dashboard's Mine / Everyone). */
  interviewerId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  candidate: PersonName,
  candidateId: z.number().int(),
  shortlistId: z.number().int().nullable(),
  duration: z.number().int(),
  timeZone: z.string(),
  /** slots: hand-picked timeSlots; availability: the free times between from and to (issue 36). */
  mode: z.enum(["slots", "availability"]),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** A panel beside the organiser (interviewerId), and a pool of whom one holds the interview. */
  interviewers: z.array(z.object({ userId: z.number().int(), required: z.boolean() })),
  pool: z.object({ userIds: z.array(z.number().int()), strategy: z.enum(["fair", "first-available"]) }).nullable(),
  timeSlots: z.array(Slot),
  expiresAt: z.string(),
  createdAt: z.string(),
  sessionToken: z.string(),
  bookingUrl: z.string(),
  status: SessionStatus,
  state: SessionState,
  /** The booked interview of a booked session. */
  interview: z.object({ id: z.string(), status: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  /** Slots that can still be booked now: not past, not taken, free in the recruiter's calendar. */
  availableSlots: z.number().int(),
  bookableSlots: z.number().int(),
});
export type SessionView = z.infer<typeof SessionView>;

/** One e-mail about an interview and how its delivery went. */
export const InterviewEmailState = z.object({
  kind: z.string(),
  audience: z.string().nullable(),
  to: z.string(),
  status: z.enum(["pending", "sent", "retrying", "failed", "skipped"]),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type InterviewEmailState = z.infer<typeof InterviewEmailState>;

/** A meeting in the dashboard's Interview Status list. */
export const MeetingView = z.looseObject({
  /** What a calendar said that needs a look (decision 32). */
  flags: z.array(z.object({ kind: z.string(), message: z.string() })),
  videoUrl: z.string().nullable(),
  /** The member who holds the interview (the dashboard's Mine / Everyone). */
  interviewerId: z.number().int(),
  /** Every interviewer (the holder and a panel's members): each sees it under Mine. */
  interviewerIds: z.array(z.number().int()),
  emails: z.array(InterviewEmailState),
  id: z.string(),
  title: z.string(),
  candidate: PersonName,
  startTime: z.string(),
  endTime: z.string(),
  /** The session's zone: the dashboard shows the time as the recruiter offered it. */
  timeZone: z.string(),
  status: z.string(),
});
export type MeetingView = z.infer<typeof MeetingView>;

/** GET /api/book/{token} (part2 §3, Booking link response). */
export const BookingView = z.object({
  session: z.object({ duration: z.number().int(), title: z.string(), description: z.string().nullable(), timeZone: z.string() }),
  candidate: z.object({ position: z.string().nullable(), clientName: z.string().nullable(), hiringManagerName: z.string().nullable(), linkedinProfile: z.string().nullable() }),
  availableSlots: z.array(Slot),
});
export type BookingView = z.infer<typeof BookingView>;

/** GET /api/interviews/{id} (part2 §3, Interview). */
export const InterviewView = z.looseObject({
  emails: z.array(InterviewEmailState),
  id: z.string(),
  title: z.string(),
  status: z.string(),
  /** For a no_show: who did not attend ("candidate" or "interviewer"; null before issue 58 or for other statuses). */
  noShowBy: z.enum(["candidate", "interviewer"]).nullable(),
  scheduledTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  timeZone: z.string(),
  /** The zone the candidate booked in (null: the session's). */
  candidateTimeZone: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  /** The interview's video link; missing: Meet was asked for and is not there (yet), with Retry. */
  videoLink: z.object({ kind: z.enum(["google_meet", "microsoft_teams", "fixed", "none"]), url: z.string().nullable(), missing: z.boolean() }).nullable(),
  /** What a calendar said about the interview that needs a look (decision 32). */
  flags: z.array(
    z.object({ id: z.number().int(), kind: z.enum(["declined", "clash", "moved_in_calendar", "deleted_in_calendar"]), message: z.string(), at: z.string(), startTime: z.string().nullable() }),
  ),
  meetingLocation: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  candidate: z.object({
    firstName: z.string(),
    lastName: z.string(),
    position: z.string().nullable(),
    clientName: z.string().nullable(),
    hiringManagerName: z.string().nullable(),
    email: z.string().nullable(),
    linkedinProfile: z.string().nullable(),
  }),
  interviewer: z.object({ name: z.string().nullable(), email: z.string() }),
  /** Every interviewer: the holder first, then a panel's members (issue 36). */
  interviewers: z.array(z.object({ userId: z.number().int(), name: z.string().nullable(), email: z.string(), required: z.boolean() })),
  /** "pool": the holder was chosen from the session's pool, for `assignmentReason`. */
  assignedBy: z.enum(["pool"]).nullable(),
  assignmentReason: z.string().nullable(),
});
export type InterviewView = z.infer<typeof InterviewView>;

export const SessionList = z.object({ sessions: z.array(SessionView) });
export const MeetingList = z.object({ meetings: z.array(MeetingView) });
export const InterviewEmails = z.object({ emails: z.array(InterviewEmailState) });
/** POST /api/book/{token}: the booked meeting and where the candidate manages it. */
export const BookedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  meeting: z.object({ startTime: z.string(), endTime: z.string(), timeZone: z.string(), title: z.string() }),
  confirmationUrl: z.string(),
});
/** The meeting's public id in a path. */
export const InterviewIdParam = z.object({ id: z.string() });
export const TokenParam = z.object({ token: z.string() });
