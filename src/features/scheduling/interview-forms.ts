import type { Deps } from "../../deps";
import type { Actor } from "../events/record";
import { badRequest, notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { cancelInterview, markInterview, rescheduleInterview } from "./interview-actions";
import { CancelInterviewInput, InterviewStatusInput } from "./model";
import { bookingUrlOf } from "./service";
import { getInterview, resendInterviewEmails } from "./interviews";
import { generateSlots, zonedToUtc } from "./slots";
import { resolveFlag, retryVideoLink } from "./calendar-changes";

/**
 * The details page's forms (no JavaScript): the same actions as the API, with times typed
 * as a date and a wall-clock time in the interview's zone. Returns the toast's title.
 */
export function interviewFormAction(deps: Deps, workspaceId: number, publicId: string, action: string, form: Record<string, string | undefined>, actor: Actor): string {
  if (action === "cancel") {
    cancelInterview(deps, workspaceId, publicId, parseInput(CancelInterviewInput, form).reason, actor);
    return "Interview canceled";
  }
  if (action === "resend") {
    resendInterviewEmails(deps, workspaceId, publicId);
    return "E-mails queued: the interview's e-mails will be sent again";
  }
  if (action === "status") {
    markInterview(deps, workspaceId, publicId, parseInput(InterviewStatusInput, form).status, actor);
    return "Interview updated";
  }
  // What a calendar said (decision 32): Apply or Keep a flagged change, Retry a missing Meet link.
  if (action === "flag") {
    const decision = form.decision === "apply" ? "apply" : form.decision === "keep" ? "keep" : null;
    if (!decision || !/^\d{1,12}$/.test(form.flagId ?? "")) throw badRequest("Choose Apply or Keep");
    resolveFlag(deps, workspaceId, publicId, Number(form.flagId), decision);
    return decision === "apply" ? "Calendar change applied" : "Interview kept as it was";
  }
  if (action === "video-retry") {
    retryVideoLink(deps, workspaceId, publicId);
    return "Asking Google Meet for the link again";
  }
  if (action !== "reschedule") throw notFound("Not found");
  const zone = getInterview(deps, publicId).timeZone;
  const clock = (v: string | undefined) => /^(\d{2}):(\d{2})$/.exec(v ?? "");
  const date = /^\d{4}-\d{2}-\d{2}$/.test(form.date ?? "") ? form.date! : null;
  if (!date) throw badRequest("Please choose a date", { date: "Please choose a date" });
  const bookingUrl = (sessionId: number) => bookingUrlOf(deps, workspaceId, sessionId);
  if (form.mode === "offer") {
    const from = clock(form.from);
    const to = clock(form.to);
    if (!from || !to) throw badRequest("Please choose the hours to offer", { from: "Please choose the hours to offer" });
    const i = getInterview(deps, publicId);
    const timeSlots = generateSlots({ dates: [date], start: { hour: +from[1]!, minute: +from[2]! }, end: { hour: +to[1]!, minute: +to[2]! }, duration: i.duration, timeZone: zone })
      .filter((s) => Date.parse(s.startTime) > deps.clock.now().getTime());
    rescheduleInterview(deps, workspaceId, publicId, { timeSlots }, bookingUrl, actor);
    return "New times offered to the candidate";
  }
  const time = clock(form.time);
  const start = time ? zonedToUtc(date, +time[1]!, +time[2]!, zone) : null;
  if (!start) throw badRequest("Please choose a valid start time", { startTime: "Please choose a valid start time" });
  rescheduleInterview(deps, workspaceId, publicId, { startTime: start.toISOString() }, bookingUrl, actor);
  return "Interview moved";
}
