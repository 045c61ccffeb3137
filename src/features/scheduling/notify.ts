import { createHmac } from "node:crypto";
import type { Deps } from "../../deps";
import { sha256 } from "../../lib/crypto";
import { InterviewEmail, type InterviewEmailKind } from "./emails/interview-email";
import { buildCalendar } from "../../lib/ics";
import * as repo from "./repo";
import { formatLongDate, formatTime, zoneAbbreviation } from "./slots";

/**
 * The candidate's link to cancel or move a booked interview. Derived from the meeting's
 * public id with the app secret, so a reminder can carry it again; only its SHA-256 is stored.
 */
export function manageToken(deps: Deps, meetingPublicId: string): string {
  return createHmac("sha256", deps.config.APP_SECRET).update(`frank:manage-interview:${meetingPublicId}`).digest("base64url");
}
export const manageTokenHash = (deps: Deps, meetingPublicId: string) => sha256(manageToken(deps, meetingPublicId));
export const manageUrl = (deps: Deps, meetingPublicId: string) => `${deps.config.APP_URL}/book/manage/${manageToken(deps, meetingPublicId)}`;
export const detailsUrl = (deps: Deps, meetingPublicId: string) => `${deps.config.APP_URL}/interview-details/${meetingPublicId}`;

export function whenText(start: Date, end: Date, timeZone: string): string {
  return `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} – ${formatTime(end, timeZone)} (${zoneAbbreviation(start, timeZone)}, ${timeZone})`;
}

const subjects: Record<InterviewEmailKind, string> = {
  booked: "Interview Scheduled",
  moved: "Interview moved",
  canceled: "Interview canceled",
  reminder: "Reminder: interview tomorrow",
};

/**
 * E-mails the candidate and the recruiter about a meeting, each with an .ics invitation.
 * Failures are logged, not thrown: the booking is already committed.
 */
export async function sendInterviewEmails(deps: Deps, meetingId: number, kind: InterviewEmailKind): Promise<void> {
  const d = repo.findMeetingById(deps.db, meetingId);
  if (!d) return;
  const m = d.meeting;
  const cancel = kind === "canceled";
  // One invitation; its UID and SEQUENCE let the calendar replace (or remove) its earlier copy.
  const ics = buildCalendar({
    prodId: "-//Frank//Interview Scheduling//EN",
    method: cancel ? "CANCEL" : "REQUEST",
    now: deps.clock.now(),
    events: [
      {
        uid: `${m.publicId}@${new URL(deps.config.APP_URL).hostname}`,
        sequence: m.sequence,
        start: m.startTime,
        end: m.endTime,
        summary: m.title,
        description: m.description,
        location: m.meetingUrl ?? m.location,
        url: m.meetingUrl,
        status: cancel ? "CANCELLED" : "CONFIRMED",
        transp: "OPAQUE",
        organizer: { name: d.recruiterName, email: d.recruiterEmail },
        attendees: [{ name: d.candidateName, email: d.candidateEmail || d.recruiterEmail, partstat: cancel ? "DECLINED" : "NEEDS-ACTION", rsvp: true }],
      },
    ],
  });
  const attachments = [{ filename: "invite.ics", contentType: `text/calendar; charset=utf-8; method=${cancel ? "CANCEL" : "REQUEST"}`, content: ics }];
  const when = whenText(m.startTime, m.endTime, d.timeZone);
  const duration = Math.round((m.endTime.getTime() - m.startTime.getTime()) / 60_000);
  const subject = `${subjects[kind]}: ${m.title}`;
  const jobs: Promise<unknown>[] = [];
  if (d.candidateEmail) {
    jobs.push(
      deps.mail.send({
        to: d.candidateEmail,
        subject,
        workspaceId: m.workspaceId,
        attachments,
        email: InterviewEmail({ kind, audience: "candidate", greetingName: d.candidateName, title: m.title, when, duration, otherPartyName: d.recruiterName, meetingUrl: m.meetingUrl, actionUrl: manageUrl(deps, m.publicId) }),
      }),
    );
  }
  jobs.push(
    deps.mail.send({
      to: d.recruiterEmail,
      subject: `${subject} (${d.candidateName || "candidate"})`,
      workspaceId: m.workspaceId,
      attachments,
      email: InterviewEmail({ kind, audience: "recruiter", greetingName: d.recruiterName, title: m.title, when, duration, otherPartyName: d.candidateName, meetingUrl: m.meetingUrl, actionUrl: detailsUrl(deps, m.publicId) }),
    }),
  );
  const results = await Promise.allSettled(jobs);
  for (const r of results) if (r.status === "rejected") deps.log.error("interview e-mail failed", { meetingId, kind, error: String(r.reason) });
}
