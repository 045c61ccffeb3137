// Answers to Frank's interview invitations from any calendar (issue 55 item 5): an iMIP REPLY
// (RFC 6047) in a connected mailbox, matched by the invitation's UID. DECLINED flags the interview
// through the same step as a decline read from Google (flagInterview: kind "declined", the recruiter
// e-mailed); ACCEPTED and TENTATIVE are kept and shown on the interview (and clear a decline).
import { formatDateTime } from "../../lib/when";
import { zoneOfMember } from "../auth/members";
import ICAL from "ical.js";
import type { Deps } from "../../deps";
import { clearFlag, DECLINED, flagInterview } from "../scheduling/calendar-changes";
import { interviewByInvitationUid, invitationUid } from "../scheduling/invitation-uid";
import * as repo from "./repo";

export type Answer = "ACCEPTED" | "TENTATIVE" | "DECLINED";
export interface ImipReply {
  uid: string;
  attendees: { email: string; answer: Answer }[];
  stamp: Date | null;
}

const ANSWERS = new Set<string>(["ACCEPTED", "TENTATIVE", "DECLINED"]);

/** The REPLY's UID and the attendees' answers, or null (not a REPLY, unreadable). Pure. */
export function readImipReply(text: string): ImipReply | null {
  let cal: ICAL.Component;
  try {
    cal = new ICAL.Component(ICAL.parse(text));
  } catch {
    return null;
  }
  if (String(cal.getFirstPropertyValue("method") ?? "").toUpperCase() !== "REPLY") return null;
  const event = cal.getFirstSubcomponent("vevent");
  const uid = event?.getFirstPropertyValue("uid");
  if (!event || typeof uid !== "string" || !uid) return null;
  const attendees: ImipReply["attendees"] = [];
  for (const p of event.getAllProperties("attendee")) {
    const value = String(p.getFirstValue() ?? "");
    const email = value
      .replace(/^mailto:/i, "")
      .trim()
      .toLowerCase();
    const answer = String(p.getParameter("partstat") ?? "").toUpperCase();
    if (email && ANSWERS.has(answer)) attendees.push({ email, answer: answer as Answer });
  }
  const stamp = event.getFirstPropertyValue("dtstamp");
  return { uid, attendees, stamp: stamp instanceof ICAL.Time ? stamp.toJSDate() : null };
}

/**
 * Applies a REPLY that arrived from `from` in a mailbox of the workspace: the candidate's answer
 * (their attendee line, else the sender's when that is the candidate). An older answer than the
 * one kept changes nothing. Answers what it did.
 */
export function applyImipReply(deps: Deps, workspaceId: number, text: string, from: string, at: Date): Answer | null {
  const r = readImipReply(text);
  if (!r) return null;
  const m = interviewByInvitationUid(deps, workspaceId, r.uid);
  if (!m || !m.candidateEmail) return null;
  const candidate = m.candidateEmail.toLowerCase();
  const mine = r.attendees.find((a) => a.email === candidate) ?? (from === candidate && r.attendees.length === 1 ? r.attendees[0] : undefined);
  if (!mine) return null;
  const when = r.stamp ?? at;
  const kept = repo.answerOf(deps.db, workspaceId, m.id);
  if (kept && kept.answeredAt.getTime() > when.getTime()) return null;
  repo.saveAnswer(deps.db, { workspaceId, meetingId: m.id, answer: mine.answer, attendee: mine.email, answeredAt: when });
  if (mine.answer === "DECLINED") flagInterview(deps, m.id, { kind: "declined", message: DECLINED });
  else clearFlag(deps, m.id, "declined");
  return mine.answer;
}

const WORDS: Record<Answer, string> = { ACCEPTED: "accepted", TENTATIVE: "tentatively accepted", DECLINED: "declined" };

/** The candidate's answer to the invitation of the interview (its public id), as its page shows it, or null. */
export function invitationAnswerText(deps: Deps, workspaceId: number, publicId: string, readerId: number): string | null {
  const m = interviewByInvitationUid(deps, workspaceId, invitationUid(deps, publicId));
  const a = m ? repo.answerOf(deps.db, workspaceId, m.id) : undefined;
  if (!a) return null;
  return `The candidate ${WORDS[a.answer as Answer] ?? a.answer.toLowerCase()} the invitation (answer from ${a.attendee}, ${formatDateTime(a.answeredAt, zoneOfMember(deps, workspaceId, readerId))}).`;
}
