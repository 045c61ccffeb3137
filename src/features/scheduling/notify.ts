import { guestsOf } from "./guests";
import { invitationUid } from "./invitation-uid";
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
const manageUrl = (deps: Deps, meetingPublicId: string) => `${deps.config.APP_URL}/book/manage/${manageToken(deps, meetingPublicId)}`;
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
        uid: invitationUid(deps, m.publicId),
        sequence: m.sequence,
        start: m.startTime,
        end: m.endTime,
        summary: m.title,
        description: [
          m.description,
          !cancel && m.meetingUrl ? `Join the video call: ${m.meetingUrl}` : null,
          cancel || forGuest ? null : `To cancel or choose another time: ${manageUrl(deps, m.publicId)}`,
        ]
          .filter(Boolean)
          .join("\n\n"),
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
  const l = letterOf(deps, tx, d, kind, extras);
  const skip = extras.skipAudiences ?? new Set<string>();
  if (d.candidateEmail && !skip.has("candidate")) toCandidate(l, d.candidateEmail);
  if (skip.has("recruiter")) return;
  // The new interviewer of a handed-over interview is told it is now theirs.
  const subject = kind === "reassigned" ? `Interview handed to you: ${d.meeting.title}` : l.subjectFor(l.recruiterZone);
  toInterviewerSide(l, { to: d.recruiterEmail, subject, replyTo: d.candidateEmail, greetingName: d.recruiterName, actionUrl: detailsUrl(deps, d.meeting.publicId) });
  // The panel's other members (issue 36): each gets the interviewer's e-mail and invitation.
  for (const p of meetingPanels(tx, [d.meeting.id]).filter((x) => x.userId !== d.meeting.userId && x.email !== d.recruiterEmail)) {
    toInterviewerSide(l, { to: p.email, subject: l.subjectFor(l.recruiterZone), replyTo: d.recruiterEmail, greetingName: p.name, actionUrl: detailsUrl(deps, d.meeting.publicId) });
  }
  // Guests who are not members (a client's contact, issue 38): the same invitation and reminders,
  // without a link into Frank (they have no sign-in).
  const guests = guestsOf(tx, d.meeting.sessionId);
  const icalEvent = guests.length ? { method: l.common.icalEvent.method, content: invitation(deps, d, l.cancel, true) } : l.common.icalEvent;
  for (const g of guests) toInterviewerSide(l, { to: g.email, subject: l.subjectFor(l.recruiterZone), replyTo: d.recruiterEmail, greetingName: g.name, actionUrl: null, icalEvent });
}

/** What every e-mail about one change of a meeting shares. */
function letterOf(deps: Deps, tx: Tx, d: repo.MeetingDetail, kind: InterviewEmailKind, extras: EmailExtras) {
  const m = d.meeting;
  // A cancellation, and an interview whose time is being chosen again, take the event off calendars.
  const cancel = kind === "canceled" || kind === "reschedule";
  const icalEvent = { method: cancel ? ("CANCEL" as const) : ("REQUEST" as const), content: invitation(deps, d, cancel) };
  const now = deps.clock.now();
  return {
    deps,
    tx,
    d,
    kind,
    extras,
    cancel,
    now,
    // The interviewer's own zone (issue 41), else the session's.
    recruiterZone: d.recruiterTimeZone ?? d.timeZone,
    candidateZone: m.candidateTimeZone ?? d.timeZone,
    subjectFor: (zone: string) => `${kind === "reminder" ? `Reminder: interview ${relativeDay(m.startTime, now, zone)}` : subjects[kind]}: ${m.title}`,
    common: { workspaceId: m.workspaceId, meetingId: m.id, kind, icalEvent },
    base: {
      kind,
      title: m.title,
      duration: Math.round((m.endTime.getTime() - m.startTime.getTime()) / 60_000),
      meetingUrl: m.meetingUrl,
      reason: extras.reason ?? null,
      movedBy: extras.movedBy ?? null,
    },
  };
}
type Letter = ReturnType<typeof letterOf>;

function toCandidate(l: Letter, to: string): void {
  const { d, now } = l;
  const m = d.meeting;
  l.deps.mail.enqueue(l.tx, {
    ...l.common,
    audience: "candidate",
    to,
    subject: l.subjectFor(l.candidateZone),
    replyTo: d.recruiterEmail,
    email: InterviewEmail({
      ...l.base,
      audience: "candidate",
      greetingName: d.candidateName,
      when: dualTimeText(m.startTime, m.endTime, l.candidateZone, l.recruiterZone),
      day: relativeDay(m.startTime, now, l.candidateZone),
      otherPartyName: d.recruiterName,
      actionUrl: l.kind === "reschedule" ? (l.extras.bookingUrl ?? null) : manageUrl(l.deps, m.publicId),
    }),
  });
}

/** An e-mail to the interviewer's side (the interviewer, a panel member, a guest), in the interviewer's zone. */
function toInterviewerSide(
  l: Letter,
  v: { to: string; subject: string; replyTo: string | null; greetingName: string | null; actionUrl: string | null; icalEvent?: Letter["common"]["icalEvent"] },
): void {
  const { d, now } = l;
  const m = d.meeting;
  l.deps.mail.enqueue(l.tx, {
    ...l.common,
    ...(v.icalEvent ? { icalEvent: v.icalEvent } : {}),
    audience: "recruiter",
    to: v.to,
    subject: `${v.subject} (${d.candidateName || "candidate"})`,
    replyTo: v.replyTo,
    email: InterviewEmail({
      ...l.base,
      audience: "recruiter",
      greetingName: v.greetingName,
      when: dualTimeText(m.startTime, m.endTime, l.recruiterZone, l.candidateZone),
      day: relativeDay(m.startTime, now, l.recruiterZone),
      otherPartyName: d.candidateName,
      actionUrl: v.actionUrl,
    }),
  });
}

/** The calendar work a meeting change causes (a typed job; see calendar-jobs.ts). */
export { enqueueCalendarWork } from "./calendar-jobs";

/**
 * E-mails a candidate their booking link (inside the transaction that creates the session,
 * or on Resend). Names the company, the position and the recruiter.
 */
export function enqueueBookingLink(
  deps: Deps,
  tx: Tx,
  v: {
    workspaceId: number;
    sessionId: number;
    to: string;
    candidateName: string | null;
    position: string | null;
    companyName: string;
    recruiterName: string | null;
    recruiterEmail: string | null;
    title: string;
    duration: number;
    message: string | null;
    bookingUrl: string;
    expiresAt: Date;
    timeZone: string;
  },
): void {
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
