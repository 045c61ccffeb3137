import type { Deps } from "../../deps";
import type { Actor } from "../events/record";
import { badRequest, notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { cancelInterview, editInterviewNotes, markInterview, rescheduleInterview } from "./interview-actions";
import { CancelInterviewInput, InterviewNotesInput, InterviewStatusInput } from "./model";
import { bookingUrlOf } from "./service";
import { getInterview, resendInterviewEmails } from "./interviews";
import { generateSlots, zonedToUtc } from "./slots";
import { resolveFlag, retryVideoLink } from "./calendar-changes";

type Form = Record<string, string | undefined>;
interface FormCall {
  deps: Deps;
  workspaceId: number;
  publicId: string;
  form: Form;
  actor: Actor;
}

/** Each form's action, by the name it posts; each returns the toast's title. */
const actions = new Map<string, (c: FormCall) => string>([
  ["cancel", (c) => (cancelInterview(c.deps, c.workspaceId, c.publicId, parseInput(CancelInterviewInput, c.form).reason, c.actor), "Interview canceled")],
  ["resend", (c) => (resendInterviewEmails(c.deps, c.workspaceId, c.publicId), "E-mails queued: the interview's e-mails will be sent again")],
  [
    "status",
    (c) => {
      const input = parseInput(InterviewStatusInput, c.form);
      markInterview(c.deps, c.workspaceId, c.publicId, input.status, c.actor, input.noShowBy);
      return input.status === "no_show" ? `Marked: ${input.noShowBy === "interviewer" ? "interviewer" : "candidate"} did not attend` : "Interview updated";
    },
  ],
  // What a calendar said (decision 32): Apply or Keep a flagged change, Retry a missing Meet link.
  ["flag", resolveFlagForm],
  ["video-retry", (c) => (retryVideoLink(c.deps, c.workspaceId, c.publicId), "Asking Google Meet for the link again")],
  ["reschedule", rescheduleForm],
  ["edit", (c) => (editInterviewNotes(c.deps, c.workspaceId, c.publicId, parseInput(InterviewNotesInput, c.form).notes, c.actor), "Interview updated")],
]);

/**
 * The details page's forms (no JavaScript): the same actions as the API, with times typed
 * as a date and a wall-clock time in the interview's zone. Returns the toast's title.
 */
export function interviewFormAction(deps: Deps, workspaceId: number, publicId: string, action: string, form: Form, actor: Actor): string {
  const run = actions.get(action);
  if (!run) throw notFound("Not found");
  return run({ deps, workspaceId, publicId, form, actor });
}

function resolveFlagForm({ deps, workspaceId, publicId, form }: FormCall): string {
  const decision = form.decision === "apply" ? "apply" : form.decision === "keep" ? "keep" : null;
  if (!decision || !/^\d{1,12}$/.test(form.flagId ?? "")) throw badRequest("Choose Apply or Keep");
  resolveFlag(deps, workspaceId, publicId, Number(form.flagId), decision);
  return decision === "apply" ? "Calendar change applied" : "Interview kept as it was";
}

const clockTime = (v: string | undefined) => /^(\d{2}):(\d{2})$/.exec(v ?? "");

/** A new time typed as a date and a wall-clock time in the interview's zone, or new hours offered that day. */
function rescheduleForm({ deps, workspaceId, publicId, form, actor }: FormCall): string {
  const zone = getInterview(deps, publicId).timeZone;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(form.date ?? "") ? form.date! : null;
  if (!date) throw badRequest("Please choose a date", { date: "Please choose a date" });
  const bookingUrl = (sessionId: number) => bookingUrlOf(deps, workspaceId, sessionId);
  if (form.mode === "offer") {
    const from = clockTime(form.from);
    const to = clockTime(form.to);
    if (!from || !to) throw badRequest("Please choose the hours to offer", { from: "Please choose the hours to offer" });
    const i = getInterview(deps, publicId);
    const timeSlots = generateSlots({ dates: [date], start: { hour: +from[1]!, minute: +from[2]! }, end: { hour: +to[1]!, minute: +to[2]! }, duration: i.duration, timeZone: zone }).filter(
      (s) => Date.parse(s.startTime) > deps.clock.now().getTime(),
    );
    rescheduleInterview(deps, workspaceId, publicId, { timeSlots }, bookingUrl, actor);
    return "New times offered to the candidate";
  }
  const time = clockTime(form.time);
  const start = time ? zonedToUtc(date, +time[1]!, +time[2]!, zone) : null;
  if (!start) throw badRequest("Please choose a valid start time", { startTime: "Please choose a valid start time" });
  rescheduleInterview(deps, workspaceId, publicId, { startTime: start.toISOString() }, bookingUrl, actor);
  return "Interview moved";
}
