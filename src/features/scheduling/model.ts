import { z } from "zod";
import { DURATIONS, isValidTimeZone } from "./slots";

/** Sessions live 14 days from creation (part2 §9). */
export const SESSION_TTL_MS = 14 * 86_400_000;
export const REMINDER_BEFORE_MS = 24 * 3_600_000;

const TimeSlotInput = z.object({
  startTime: z.string().min(1, "Time slots need a valid start and end time").max(40),
  endTime: z.string().min(1, "Time slots need a valid start and end time").max(40),
});

const missing = "Missing information: Please select a candidate and add time slots";
const INTERVIEWER = "Interviewers are members' ids";

const VIDEO_URL = "Enter the link of your video room (https://…)";
/** A video link: Google Meet made with the event, a fixed link (a personal Zoom or Whereby room), or none. */
export const VideoLinkInput = z
  .object({
    kind: z.enum(["google_meet", "microsoft_teams", "fixed", "none"], { error: "Video link must be google_meet, microsoft_teams, fixed or none" }),
    url: z.string().trim().max(2000).optional().nullable(),
  })
  .refine((v) => v.kind !== "fixed" || /^https?:\/\/\S+$/i.test(v.url ?? ""), { message: VIDEO_URL, path: ["url"] });

/** POST /api/scheduling-sessions. expiresAt may be sent (the spec's client does) but the server sets it. */
export const CreateSessionInput = z
  .object({
    candidateId: z.coerce.number({ error: missing }).int(missing).positive(missing),
    /** Left out: the interview type's name, else "Interview". */
    title: z.string().trim().max(200).optional(),
    description: z.string().trim().max(2000).optional().nullable(),
    shortlistId: z.coerce.number().int().positive().optional().nullable(),
    duration: z.coerce
      .number()
      .int()
      .refine((d) => (DURATIONS as readonly number[]).includes(d), "Duration must be 30, 45, 60, 90 or 120 minutes")
      .optional(),
    /** An interview type (issue 36): what the session does not say itself comes from it. */
    interviewTypeId: z.coerce.number({ error: "Interview type not found" }).int("Interview type not found").positive("Interview type not found").optional().nullable(),
    /** Hand-picked slots (mode "slots", the default). */
    timeSlots: z.array(TimeSlotInput, { error: missing }).min(1, missing).max(500, "At most 500 time slots per session").optional(),
    /** "availability": every free start between from and to by the interviewers' availability (issue 36). */
    mode: z.enum(["slots", "availability"], { error: "Mode must be slots or availability" }).optional().default("slots"),
    /** The range offered in availability mode: dates (YYYY-MM-DD, in timeZone, both included) or ISO 8601 times. */
    from: z.string().trim().max(40).optional(),
    to: z.string().trim().max(40).optional(),
    /** A panel beside the organiser: all required members must be free; optional ones are invited when free. */
    interviewers: z
      .array(z.object({ userId: z.number({ error: INTERVIEWER }).int(INTERVIEWER).positive(INTERVIEWER), required: z.boolean({ error: "required must be true or false" }).optional().default(true) }), {
        error: "interviewers must be a list of {userId, required}",
      })
      .max(10, "At most 10 interviewers")
      .optional(),
    /** "Any of" these members: one free member is chosen at booking. */
    pool: z
      .object({
        userIds: z
          .array(z.number({ error: INTERVIEWER }).int(INTERVIEWER).positive(INTERVIEWER), { error: "pool.userIds must be a list of member ids" })
          .min(2, "A pool needs at least two members")
          .max(20, "At most 20 members in a pool"),
        strategy: z.enum(["fair", "first-available"], { error: "strategy must be fair or first-available" }).optional().default("fair"),
      })
      .optional(),
    timeZone: z.string().trim().min(1).max(64).default("UTC"),
    expiresAt: z.unknown().optional(),
    /** E-mail the booking link to the candidate (default true; nothing is sent to a candidate without an address). */
    sendEmail: z.boolean().optional().default(true),
    message: z.string().trim().max(2000, "Keep the message under 2000 characters").optional().nullable(),
    /** The member who holds the interview (issue 18); the creator when absent. */
    interviewerId: z.coerce.number({ error: "Choose an interviewer" }).int("Choose an interviewer").positive("Choose an interviewer").optional().nullable(),
    /** This session's own video link instead of the interviewer's default (decision 32). */
    videoLink: VideoLinkInput.optional().nullable(),
    /** Who else joins by e-mail without being a member (a client's contact): invitation, reminders, feedback link. */
    guests: z
      .array(
        z.object({
          email: z
            .string({ error: "A guest needs an e-mail" })
            .trim()
            .toLowerCase()
            .max(254)
            .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "A guest's e-mail is not a valid address"),
          name: z
            .string()
            .trim()
            .max(200)
            .nullish()
            .transform((v) => v || null),
        }),
        { error: "Guests must be a list of {email, name}" },
      )
      .max(10, "At most 10 guests")
      .optional(),
  })
  .superRefine((v, ctx) => {
    modeIssues(v, ctx);
    interviewersOnce(v, ctx);
  });

interface SessionPeopleFields {
  mode: "slots" | "availability";
  timeSlots?: unknown[];
  from?: string;
  to?: string;
  interviewers?: { userId: number }[];
  pool?: { userIds: number[] };
}

/** Each mode with the fields it needs: slots for "slots"; from and to, and only there a panel or a pool, for "availability". */
function modeIssues(v: SessionPeopleFields, ctx: z.RefinementCtx) {
  if (v.mode === "slots" && !v.timeSlots) ctx.addIssue({ code: "custom", message: missing, path: ["timeSlots"] });
  if (v.mode === "availability" && (!v.from || !v.to)) ctx.addIssue({ code: "custom", message: RANGE_MISSING, path: [v.from ? "to" : "from"] });
  if (v.mode !== "availability" && (v.interviewers?.length || v.pool)) ctx.addIssue({ code: "custom", message: PANELS_NEED_AVAILABILITY, path: [v.pool ? "pool" : "interviewers"] });
}

function interviewersOnce(v: SessionPeopleFields, ctx: z.RefinementCtx) {
  const ids = [...(v.interviewers ?? []).map((i) => i.userId), ...(v.pool?.userIds ?? [])];
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: "Each interviewer may be named once (on the panel or in the pool)", path: ["interviewers"] });
}

export const RANGE_MISSING = "Choose the first and last dates to offer";
export const PANELS_NEED_AVAILABILITY = 'Panels and pools offer free times: use mode "availability" with from and to';

/** GET /api/interview-types/{id} (issue 36 item 5). */
export const InterviewTypeView = z.object({
  id: z.number().int(),
  name: z.string(),
  duration: z.number().int(),
  videoLink: z.object({ kind: z.enum(["google_meet", "microsoft_teams", "fixed", "none"]), url: z.string().nullable() }).nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  defaultMessage: z.string().nullable(),
  interviewers: z.array(z.object({ userId: z.number().int(), required: z.boolean() })),
  pool: z.object({ userIds: z.array(z.number().int()), strategy: z.enum(["fair", "first-available"]) }).nullable(),
  bufferBeforeMinutes: z.number().int().nullable(),
  bufferAfterMinutes: z.number().int().nullable(),
  minimumNoticeMinutes: z.number().int().nullable(),
});
export type InterviewTypeView = z.infer<typeof InterviewTypeView>;
/** GET /api/interview-types */
export const InterviewTypeList = z.object({ interviewTypes: z.array(InterviewTypeView) });

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

/** POST /api/interviews/{id}/cancel */
/** Edit Interview (the details page): the recruiter's own notes, never shown to the candidate. */
export const InterviewNotesInput = z.object({
  notes: z
    .string()
    .max(4000, "Keep the notes under 4000 characters")
    .optional()
    .transform((v) => v?.trim() || null),
});
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
  /** For no_show, after the interview's end: who did not attend (issue 58); the candidate when not said. */
  noShowBy: z.enum(["candidate", "interviewer"], { error: "noShowBy must be candidate or interviewer" }).optional(),
});
