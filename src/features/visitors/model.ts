import { z } from "zod";
import { formBool } from "../../lib/validate";
import { isValidTimeZone } from "../scheduling/slots";
import { ASSESSMENT_QUESTION_MAX, MAX_ASSESSMENT_QUESTIONS } from "./questions";

/** An answer from the chat form or the island. `website` is the honeypot: people leave it empty. */
export const AnswerInput = z.object({
  answer: z.unknown().optional(),
  step: z.coerce.number().int().min(0).max(100).optional(),
  c: z.string().max(64).optional(),
  website: z.string().max(500).optional(),
});

const outsideUrl = z
  .string()
  .trim()
  .max(2000, "Keep the URL under 2000 characters")
  .transform((v) => v || null)
  .refine((v) => v === null || (/^https?:\/\/[^\s"'<>]+$/i.test(v) && URL.canParse(v)), "Enter a full URL starting with https://")
  .nullable()
  .optional();

export const OutsideUrlsInput = z.object({
  prequalifierUrl: outsideUrl,
  assessmentUrl: outsideUrl,
  schedulerUrl: outsideUrl,
});
export type OutsideUrlsInput = z.infer<typeof OutsideUrlsInput>;

// Quarter hours, as the scheduling module's slots require.
const hhmm = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, "Use a quarter hour (HH:00, :15, :30 or :45)");

/** Intro-call lengths: the shortest the scheduling module offers. */
export const INTRO_CALL_MINUTES = [30, 45, 60] as const;

export const AvailabilityInput = z.object({
  introCallMinutes: z.coerce.number().refine((n) => (INTRO_CALL_MINUTES as readonly number[]).includes(n), "Choose 30, 45 or 60 minutes"),
  timeZone: z.string().trim().max(64).refine(isValidTimeZone, "Unknown time zone"),
  weekly: z
    .array(z.object({ day: z.coerce.number().int().min(0).max(6), start: hhmm, end: hhmm }).refine((w) => w.start < w.end, { message: "The end must be after the start", path: ["end"] }))
    .max(7 * 4, "Too many windows"),
});
export type AvailabilityInput = z.infer<typeof AvailabilityInput>;

export const JobQuestionsInput = z.object({
  questions: z
    .array(z.string().trim().max(ASSESSMENT_QUESTION_MAX, `Keep each question under ${ASSESSMENT_QUESTION_MAX} characters`))
    .transform((qs) => qs.filter(Boolean))
    .refine((qs) => qs.length <= MAX_ASSESSMENT_QUESTIONS, `At most ${MAX_ASSESSMENT_QUESTIONS} questions`),
});

export const BookIntroCallInput = z.object({
  start: z
    .string({ error: "Please choose a time" })
    .max(40)
    .refine((v) => Number.isFinite(Date.parse(v)), "Please choose a time"),
  name: z.string({ error: "Please enter your name" }).trim().min(1, "Please enter your name").max(120, "Keep your name under 120 characters"),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(254, "Invalid email address")
    .pipe(z.email({ error: "Invalid email address" })),
  c: z.string().max(64).optional(),
  website: z.string().max(500).optional(),
});
export type BookIntroCallInput = z.infer<typeof BookIntroCallInput>;

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

// ---- Route shapes (docs/decisions/0020) ----

/** A campaign code as the pages carry it (?c=…); anything else is no code (the page still works). */
const code = z.string().max(200).optional().catch(undefined);
export const CodeQuery = z.object({ c: code });
export const ScheduleQuery = z.object({
  c: code,
  day: z.string().optional().catch(undefined),
  tz: z.string().optional().catch(undefined),
  booked: z.string().optional().catch(undefined),
  cancel: z.string().optional().catch(undefined),
  move: z.string().optional().catch(undefined),
});
/** POST /scheduleacall/move: the new time of a booked call. */
export const MoveIntroCallInput = z.object({
  start: z
    .string({ error: "Please choose a time" })
    .max(40)
    .refine((v) => Number.isFinite(Date.parse(v)), "Please choose a time"),
  c: code,
  tz: z.string().max(64).optional(),
});
export const CancelIntroCallInput = z.object({ c: code, tz: z.string().max(64).optional() });
export const RestartBody = z.object({ c: code });
/** prequalifier or assessment; anything else is a 404 (the handler's), as before. */
export const KindParam = z.object({ kind: z.string().max(40) });
export const SettingsPageQuery = z.object({ job: z.string().optional() });
// A job id that is not a number is a job that is not there: the service answers 404 "Job not found" (as before).
const jobId = z.coerce.number().int().positive().catch(0);
export const JobIdParam = z.object({ jobId });

/** The weekly table of the settings form (on_D, start_D, end_D for D = 0…6) read as availability. */
export const AvailabilityForm = z.preprocess((v) => {
  const form = (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
  const weekly = [];
  for (let d = 0; d < 7; d++) if (formBool(form[`on_${d}`])) weekly.push({ day: d, start: form[`start_${d}`], end: form[`end_${d}`] });
  return { introCallMinutes: form.introCallMinutes, timeZone: form.timeZone, weekly };
}, AvailabilityInput);

/** The questions form: one question a line. */
export const QuestionsForm = z.object({
  jobId,
  questions: z.preprocess((v) => (typeof v === "string" ? v.split(/\r?\n/) : []), JobQuestionsInput.shape.questions),
});

const TimeSlotView = z.object({ startTime: z.string(), endTime: z.string() });
export const ChatStateView = z.object({
  kind: z.enum(["prequalifier", "assessment"]),
  messages: z.array(z.object({ from: z.enum(["bot", "me"]), text: z.string() })),
  question: z
    .looseObject({
      prompt: z.string(),
      step: z.number(),
      total: z.number(),
      input: z.enum(["text", "email", "url", "textarea"]),
      max: z.number(),
      placeholder: z.string().optional(),
      optional: z.boolean().optional(),
    })
    .nullable(),
  done: z.boolean(),
  jobTitle: z.string().nullable(),
  code: z.string().nullable(),
});
export const IntroCallOptionsView = z.object({
  timeZone: z.string(),
  duration: z.number(),
  booked: TimeSlotView.nullable(),
  qualified: z.boolean(),
  name: z.string(),
  email: z.string(),
  open: z.boolean(),
  slots: z.array(TimeSlotView),
});
export const BookedView = z.object({ booked: TimeSlotView.nullable() });
export const SettingsView = z.object({
  prequalifierUrl: z.string().nullable(),
  assessmentUrl: z.string().nullable(),
  schedulerUrl: z.string().nullable(),
  hostUserId: z.number().nullable(),
  introCallMinutes: z.number(),
  timeZone: z.string(),
  weekly: z.array(z.object({ day: z.number(), start: z.string(), end: z.string() })),
  allowedOrigins: z.array(z.string()),
});
export { EmbedOriginsInput, EmbedOriginsView } from "./embed-origins";
export const JobQuestionsView = z.object({ jobId: z.number(), title: z.string(), questions: z.array(z.string()), isDefault: z.boolean() });
