import { guestsOf } from "./guests";
import { meetingPanels } from "./repo-member-availability";
import { createHmac } from "node:crypto";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { sha256 } from "../../lib/crypto";
import { InterviewEmail, type InterviewEmailKind } from "./emails/interview-email";
import { buildCalendar } from "../../lib/ics";
import * as repo from "./repo";
import { dayText, dualTimeText, relativeDay } from "./zone-text";
import { BookingLinkEmail } from "./emails/booking-link-email";

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

const subjects: Record<InterviewEmailKind, string> = {
  booked: "Interview Scheduled",
  moved: "Interview moved",
  canceled: "Interview canceled",
  reminder: "Reminder: interview",
  reschedule: "Please choose a new time",
  reassigned: "New interviewer",
  video_link: "Video call link",
};

export interface EmailExtras {
  /** The recruiter's reason for a cancellation, told to the candidate. */
  reason?: string | null;
  /** For "reschedule": the candidate's booking link, where the new times are offered. */
  bookingUrl?: string | null;
  /** Audiences not to write (Resend: their copy is still waiting and was brought forward). */
  skipAudiences?: Set<string>;
  /** For "moved": who moved the interview (the candidate when absent). */
  movedBy?: "candidate" | "recruiter" | "calendar";
}

/** The interview as an iMIP invitation: one UID for its whole life, SEQUENCE bumped on each change. */
function invitation(deps: Deps, d: repo.MeetingDetail, cancel: boolean, forGuest = false): string {
  const m = d.meeting;
  // Guests (issue 38) are attendees too; their copy leaves out the candidate's own manage link.
  const guests = guestsOf(deps.db, m.sessionId).map((g) => ({ name: g.name, email: g.email, partstat: cancel ? ("DECLINED" as const) : ("NEEDS-ACTION" as const), rsvp: !cancel }));
  return buildCalendar({
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
        description: [m.description, !cancel && m.meetingUrl ? `Join the video call: ${m.meetingUrl}` : null, cancel || forGuest ? null : `To cancel or choose another time: ${manageUrl(deps, m.publicId)}`].filter(Boolean).join("\n\n"),
        location: m.meetingUrl ?? m.location,
        url: m.meetingUrl,
        status: cancel ? "CANCELLED" : "CONFIRMED",
        transp: "OPAQUE",
        organizer: { name: d.recruiterName, email: d.recruiterEmail },
        attendees: [{ name: d.candidateName, email: d.candidateEmail || d.recruiterEmail, partstat: cancel ? "DECLINED" : "NEEDS-ACTION", rsvp: !cancel }, ...guests],
      },
    ],
  });
}

/**
 * Writes the candidate's and the recruiter's e-mails about a meeting as tasks. Call
 * it inside the transaction of the change it announces, so both commit (or neither); the
 * mail worker sends them after the commit. The candidate's copy carries the invitation as
 * iMIP, with a Reply-To of the recruiter so an answer reaches a person.
 */
export function enqueueInterviewEmails(deps: Deps, tx: Tx, meetingId: number, kind: InterviewEmailKind, extras: EmailExtras = {}): void {
  const d = repo.findMeetingById(deps.db, meetingId);
  if (!d) return;
  const m = d.meeting;
  // A cancellation, and an interview whose time is being chosen again, take the event off calendars.
  const cancel = kind === "canceled" || kind === "reschedule";
  const icalEvent = { method: cancel ? ("CANCEL" as const) : ("REQUEST" as const), content: invitation(deps, d, cancel) };
  // The interviewer's own zone (issue 41), else the session's.
  const recruiterZone = d.recruiterTimeZone ?? d.timeZone;
  const candidateZone = m.candidateTimeZone ?? d.timeZone;
  const duration = Math.round((m.endTime.getTime() - m.startTime.getTime()) / 60_000);
  const now = deps.clock.now();
  const subjectFor = (zone: string) => `${kind === "reminder" ? `Reminder: interview ${relativeDay(m.startTime, now, zone)}` : subjects[kind]}: ${m.title}`;
  const common = { workspaceId: m.workspaceId, meetingId: m.id, kind, icalEvent };
  const base = { kind, title: m.title, duration, meetingUrl: m.meetingUrl, reason: extras.reason ?? null, movedBy: extras.movedBy ?? null };
  const skip = extras.skipAudiences ?? new Set<string>();
  if (d.candidateEmail && !skip.has("candidate")) {
    deps.mail.enqueue(tx, {
      ...common,
      audience: "candidate",
      to: d.candidateEmail,
      subject: subjectFor(candidateZone),
      replyTo: d.recruiterEmail,
      email: InterviewEmail({
        ...base,
        audience: "candidate",
        greetingName: d.candidateName,
        when: dualTimeText(m.startTime, m.endTime, candidateZone, recruiterZone),
        day: relativeDay(m.startTime, now, candidateZone),
        otherPartyName: d.recruiterName,
        actionUrl: kind === "reschedule" ? (extras.bookingUrl ?? null) : manageUrl(deps, m.publicId),
      }),
    });
  }
  if (skip.has("recruiter")) return;
  deps.mail.enqueue(tx, {
    ...common,
    audience: "recruiter",
    to: d.recruiterEmail,
    // The new interviewer of a handed-over interview is told it is now theirs.
    subject: `${kind === "reassigned" ? `Interview handed to you: ${m.title}` : subjectFor(recruiterZone)} (${d.candidateName || "candidate"})`,
    replyTo: d.candidateEmail,
    email: InterviewEmail({
      ...base,
      audience: "recruiter",
      greetingName: d.recruiterName,
      when: dualTimeText(m.startTime, m.endTime, recruiterZone, candidateZone),
      day: relativeDay(m.startTime, now, recruiterZone),
      otherPartyName: d.candidateName,
      actionUrl: detailsUrl(deps, m.publicId),
    }),
  });
  // The panel's other members (issue 36): each gets the interviewer's e-mail and invitation.
  for (const p of meetingPanels(tx, [m.id]).filter((x) => x.userId !== m.userId && x.email !== d.recruiterEmail)) {
    deps.mail.enqueue(tx, {
      ...common,
      audience: "recruiter",
      to: p.email,
      subject: `${subjectFor(recruiterZone)} (${d.candidateName || "candidate"})`,
      replyTo: d.recruiterEmail,
      email: InterviewEmail({
        ...base,
        audience: "recruiter",
        greetingName: p.name,
        when: dualTimeText(m.startTime, m.endTime, recruiterZone, candidateZone),
        day: relativeDay(m.startTime, now, recruiterZone),
        otherPartyName: d.candidateName,
        actionUrl: detailsUrl(deps, m.publicId),
      }),
    });
  }
  // Guests who are not members (a client's contact, issue 38): the same invitation and reminders,
  // without a link into Frank (they have no sign-in).
  const guests = guestsOf(tx, m.sessionId);
  const guestEvent = guests.length ? { method: icalEvent.method, content: invitation(deps, d, cancel, true) } : icalEvent;
  for (const g of guests) {
    deps.mail.enqueue(tx, {
      ...common,
      icalEvent: guestEvent,
      audience: "recruiter",
      to: g.email,
      subject: `${subjectFor(recruiterZone)} (${d.candidateName || "candidate"})`,
      replyTo: d.recruiterEmail,
      email: InterviewEmail({
        ...base,
        audience: "recruiter",
        greetingName: g.name,
        when: dualTimeText(m.startTime, m.endTime, recruiterZone, candidateZone),
        day: relativeDay(m.startTime, now, recruiterZone),
        otherPartyName: d.candidateName,
        actionUrl: null,
      }),
    });
  }
}

/** The calendar work a meeting change causes (a typed job; see calendar-jobs.ts). */
export { enqueueCalendarWork } from "./calendar-jobs";

/**
 * E-mails a candidate their booking link (inside the transaction that creates the session,
 * or on Resend). Names the company, the position and the recruiter.
 */
export function enqueueBookingLink(deps: Deps, tx: Tx, v: { workspaceId: number; sessionId: number; to: string; candidateName: string | null; position: string | null; companyName: string; recruiterName: string | null; recruiterEmail: string | null; title: string; duration: number; message: string | null; bookingUrl: string; expiresAt: Date; timeZone: string }): void {
  deps.mail.enqueue(tx, {
    workspaceId: v.workspaceId,
    kind: "booking-link",
    audience: "candidate",
    to: v.to,
    replyTo: v.recruiterEmail,
    subject: `${v.companyName}: choose a time for your interview`,
    email: BookingLinkEmail({
      candidateName: v.candidateName,
      companyName: v.companyName,
      position: v.position,
      recruiterName: v.recruiterName,
      title: v.title,
      duration: v.duration,
      message: v.message,
      bookingUrl: v.bookingUrl,
      expires: dayText(v.expiresAt, v.timeZone),
    }),
  });
}
