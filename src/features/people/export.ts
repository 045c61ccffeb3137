import { messagesOfCandidate } from "../messages/service";
import { enrolmentsOfCandidate } from "../messages/sequences";
import type { Deps } from "../../deps";
import { candidateEvents, listNotes } from "../candidates/service-records";
import { getParticipant } from "../candidates/service";
import { chatEventsAbout } from "../chat/person-data";
import { candidateSchedule } from "../scheduling/candidate-records";
import { shortlistsOfCandidate } from "../shortlists/service";
import { conversationsOf } from "../visitors/person-data";
import { applicationsOfCandidate } from "../applications/service";
import { feedbackOfCandidate } from "../feedback/service";
import { suggestionsInWords } from "../suggestions/service";

/**
 * GET /api/participants/{id}/export: everything Frank holds about one person, as one JSON
 * document (a data subject's copy): every field, their chats, notes, shortlist memberships,
 * scheduling sessions, interviews, the e-mails to them or about their interviews, the chat
 * events that name them and the record's history.
 */
export function exportCandidate(deps: Deps, workspaceId: number, id: number) {
  const participant = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  const schedule = candidateSchedule(deps, workspaceId, id);
  const emails = deps.mail.aboutPerson(workspaceId, {
    emails: participant.emailAddress ? [participant.emailAddress] : [],
    meetingIds: schedule.interviews.map((m) => m.id),
  });
  return {
    exportedAt: deps.clock.now().toISOString(),
    participant,
    conversations: conversationsOf(deps, workspaceId, id, participant.uniqueId ? [participant.uniqueId] : []),
    notes: listNotes(deps, workspaceId, id),
    shortlists: shortlistsOfCandidate(deps, workspaceId, id),
    sessions: schedule.sessions,
    interviews: schedule.interviews,
    emails: emails.map((e) => ({ to: e.to, subject: e.subject, text: e.text, kind: e.kind, status: e.status, sentAt: e.sentAt, createdAt: e.createdAt })),
    chatEvents: chatEventsAbout(deps, workspaceId, id, participant.name),
    history: candidateEvents(deps, workspaceId, id),
    // Issue 38: their applications and the interview feedback about them (it is about them).
    applications: applicationsOfCandidate(deps, workspaceId, id),
    feedback: feedbackOfCandidate(deps, workspaceId, id).feedback,
    // Issue 57: every suggestion automated tools made about them, in plain words.
    automatedTools: suggestionsInWords(deps, workspaceId, id),
    // Issue 55: the e-mails with them kept from the members' mailboxes.
    messages: messagesOfCandidate(deps, workspaceId, id),
    sequences: enrolmentsOfCandidate(deps, workspaceId, id),
  };
}

/** A file name without anything the person typed: frank-candidate-{id}.json. */
export const exportFileName = (id: number) => `frank-candidate-${id}.json`;
