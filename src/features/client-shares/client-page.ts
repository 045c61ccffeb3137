// The client's side of a shared shortlist (issue 39, decision 0037): the page a contact opens at
// /s/{token} without signing in, the CVs it links, and the contact's answers with all they cause
// in one transaction: the sharer's e-mail, the candidate's timeline, the activity log, the
// `shortlist.feedback` webhook and, when the share says so, the candidate's applications.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, notFound } from "../../lib/errors";
import { sha256 } from "../../lib/crypto";
import { recordPipelineEvent } from "../pipeline-events/record";
import { getShortlist, membersOf, notesOfShortlist } from "../shortlists/service";
import { contactsWithClient } from "../clients/service";
import { clientAnswered } from "../applications/service";
import { workspaceNameOf } from "../team/service";
import { requireWorkspaceMember } from "../auth/members";
import { workspaceZone } from "../auth/workspace-site";
import { formatDate } from "../../lib/when";
import type { Participant } from "../candidates/model";
import { fileOf, filesOfCandidates, readFile } from "../candidate-files/service";
import { AnswerEmail } from "./emails/answer-email";
import { logoUrlOf } from "../workspace-logo/service";
import { VERDICT_LABELS, type Answer, type ShareField, type Verdict } from "./model";
import * as repo from "./repo";
import { parseFields, parsePicks } from "./service";

export type Closed = { state: "expired" | "revoked" | "unknown" };
export interface ClientCard {
  id: number;
  name: string | null;
  role: string | null;
  city: string | null;
  summary: string | null;
  note: string | null;
  email: string | null;
  phone: string | null;
  /** The candidate's CVs when the share shows them (links through the share's own token). */
  files: { id: number; name: string; type: string }[];
  answer: { verdict: Verdict | null; comment: string | null; interviewRequestedAt: string | null; pickedTimes: { start: string; end: string }[]; pickedTimeZone: string | null } | null;
}
export interface ClientView {
  state: "open";
  share: repo.ShareRow;
  fields: ShareField[];
  agency: string;
  contactName: string;
  shortlistName: string;
  expiresAt: string;
  /** The last day the link works, as the contact reads it: in the workspace's zone, the house's date style. */
  expiresOn: string;
  /** The contact may pick interview times (the share allows it and its sharer is still a member). */
  canPickTimes: boolean;
  logoUrl: string | null;
  cards: ClientCard[];
}

/**
 * The candidate's summary (typed, or from their CV), else a plain one of what the record holds,
 * without the conversations (those stay the agency's).
 */
function summaryOf(p: Participant): string | null {
  if (p.summary) return p.summary;
  const parts = [p.jobTitle ? `Currently ${p.jobTitle}` : null, p.industry ? `Industry: ${p.industry}` : null, p.availability ? `Available: ${p.availability}` : null].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

export function openShare(deps: Deps, token: string): repo.ShareRow | Closed {
  const row = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? repo.findByTokenHash(deps.db, sha256(token)) : undefined;
  if (!row) return { state: "unknown" };
  if (row.revokedAt) return { state: "revoked" };
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) return { state: "expired" };
  return row;
}

/** What the contact sees: only the share's fields; a view is recorded (first and last). */
export function clientView(deps: Deps, token: string, opts: { recordView: boolean }): ClientView | Closed {
  const share = openShare(deps, token);
  if ("state" in share) return share;
  const { workspaceId } = share;
  const shortlist = getShortlist(deps, workspaceId, share.shortlistId);
  const fields = parseFields(share.fields);
  const has = (f: ShareField) => fields.includes(f);
  const notes = has("note") ? notesOfShortlist(deps, workspaceId, share.shortlistId) : new Map<number, string>();
  const answers = new Map(repo.answersOfShare(deps.db, share.id).map((a) => [a.participantId, a]));
  const files = has("cv") ? filesOfCandidates(deps, workspaceId, shortlist.candidateIds) : new Map<number, { id: number; name: string; type: string }[]>();
  const cards = membersOf(deps, workspaceId, shortlist.candidateIds).map((p): ClientCard => {
    const a = answers.get(p.id);
    return {
      id: p.id,
      // Without the name field, a card is "Candidate 1, 2…" (the contact still answers per card).
      name: has("name") ? p.name : null,
      role: has("role") ? p.roleApplied || p.jobTitle : null,
      city: has("city") ? p.city : null,
      summary: has("summary") ? summaryOf(p) : null,
      note: notes.get(p.id) ?? null,
      email: has("email") ? p.emailAddress : null,
      phone: has("phone") ? p.phone : null,
      files: (files.get(p.id) ?? []).map((f) => ({ id: f.id, name: f.name, type: f.type })),
      answer: a
        ? {
            verdict: (a.verdict as Verdict | null) ?? null,
            comment: a.comment,
            interviewRequestedAt: a.interviewRequestedAt?.toISOString() ?? null,
            pickedTimes: parsePicks(a.pickedTimes),
            pickedTimeZone: a.pickedTimeZone,
          }
        : null,
    };
  });
  const contact = contactsWithClient(deps, workspaceId, [share.contactId])[0];
  if (opts.recordView) repo.markViewed(deps.db, share.id, deps.clock.now());
  return {
    state: "open",
    share,
    fields,
    agency: workspaceNameOf(deps, workspaceId),
    contactName: contact?.name ?? "",
    shortlistName: shortlist.name,
    expiresAt: share.expiresAt.toISOString(),
    expiresOn: formatDate(share.expiresAt, workspaceZone(deps, workspaceId)),
    canPickTimes: share.allowScheduling && !!share.sharedBy && !!safeMember(deps, workspaceId, share.sharedBy),
    logoUrl: logoUrlOf(deps, workspaceId),
    cards,
  };
}

/** GET /s/{token}/files/{id}: a CV of a shortlisted candidate, when the share shows CVs; else not found. */
export async function sharedFile(deps: Deps, token: string, fileId: number) {
  const share = openShare(deps, token);
  if ("state" in share) throw notFound("This link is no longer valid");
  if (!parseFields(share.fields).includes("cv")) throw notFound("File not found");
  const file = fileOf(deps, share.workspaceId, fileId);
  if (!getShortlist(deps, share.workspaceId, share.shortlistId).candidateIds.includes(file.candidateId)) throw notFound("File not found");
  const { bytes } = await readFile(deps, share.workspaceId, fileId);
  return { file, bytes };
}

/** Whether an answer says nothing the stored one does not: its verdict, comment and interview request are already there. */
function sameAnswer(before: repo.AnswerRecord, input: Answer): boolean {
  return (!input.verdict || input.verdict === before.verdict) && (!input.comment || input.comment === before.comment) && (!input.interview || !!before.interviewRequestedAt);
}

/**
 * The contact's answer about one candidate (POST /s/{token}/{candidateId}), in one transaction:
 * the answer, the event (timeline, log, webhook), the e-mail to the member who shared it and,
 * when the share says so, the application's move.
 */
export function answer(deps: Deps, token: string, candidateId: number, input: Answer): Closed | { state: "saved"; canPickTimes: boolean } {
  const share = openShare(deps, token);
  if ("state" in share) return share;
  const { workspaceId } = share;
  const shortlist = getShortlist(deps, workspaceId, share.shortlistId);
  if (!shortlist.candidateIds.includes(candidateId)) throw notFound("This candidate is not on the shortlist");
  if (!input.verdict && !input.comment && !input.interview) throw badRequest("Choose Interested or Not now, write a comment or ask for an interview");
  const contact = contactsWithClient(deps, workspaceId, [share.contactId])[0];
  if (!contact) return { state: "revoked" };
  const candidate = membersOf(deps, workspaceId, [candidateId])[0];
  const sharer = share.sharedBy ? safeMember(deps, workspaceId, share.sharedBy) : null;
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    // The same answer again (a second click, a resent form) changes nothing: no e-mail, event or webhook.
    const before = repo.findAnswer(tx, share.id, candidateId);
    if (before && sameAnswer(before, input)) return;
    const saved = repo.saveAnswer(tx, {
      workspaceId,
      shareId: share.id,
      participantId: candidateId,
      ...(input.verdict ? { verdict: input.verdict } : {}),
      ...(input.comment ? { comment: input.comment } : {}),
      ...(input.interview ? { interviewRequestedAt: now } : {}),
      answeredAt: now,
    });
    const what = [input.verdict ? VERDICT_LABELS[input.verdict] : null, input.interview ? "asked for an interview" : null].filter(Boolean).join(", ") || "commented";
    const line = `${what[0]!.toUpperCase()}${what.slice(1)} by ${contact.name} (${contact.clientName})${input.comment ? `: “${input.comment.slice(0, 200)}”` : ""}`;
    const data = { shareId: share.id, shortlistId: share.shortlistId, candidateId, contactId: contact.id, clientId: contact.clientId, verdict: saved.verdict, interviewRequested: !!input.interview };
    recordPipelineEvent(deps, tx, {
      workspaceId,
      actor: "system",
      subject: { type: "shortlist", id: share.shortlistId },
      kind: "shortlist.feedback",
      summary: `${contact.name} (${contact.clientName}) answered on shortlist ${shortlist.name} about candidate #${candidateId}: ${what}`,
      timeline: `${line} on shortlist ${shortlist.name}`,
      candidateId,
      data,
      webhooks: [{ type: "shortlist.feedback", data: { ...data, contactName: contact.name, clientName: contact.clientName, comment: saved.comment, answeredAt: now.toISOString() }, candidateId }],
    });
    if (sharer)
      notifySharer(deps, tx, sharer.email, {
        candidateName: candidate?.name ?? `Candidate #${candidateId}`,
        what,
        contact: contact.name,
        client: contact.clientName,
        shortlist: shortlist.name,
        comment: input.comment ?? null,
        shortlistId: shortlist.id,
        workspaceId,
        interview: !!input.interview,
      });
    if (share.moveApplications) {
      const verdict = input.interview ? "interview" : input.verdict;
      if (verdict) clientAnswered(deps, tx, workspaceId, candidateId, contact.clientId, verdict, "system");
    }
  });
  return { state: "saved", canPickTimes: share.allowScheduling && !!sharer };
}

export function safeMember(deps: Deps, workspaceId: number, id: number) {
  try {
    return requireWorkspaceMember(deps, workspaceId, id);
  } catch {
    return null; // the member who shared it has left: the answer is still on the shortlist and timeline
  }
}

export function notifySharer(
  deps: Deps,
  tx: Tx,
  to: string,
  a: {
    candidateName: string;
    what: string;
    contact: string;
    client: string;
    shortlist: string;
    comment: string | null;
    shortlistId: number;
    workspaceId: number;
    interview: boolean;
    headline?: string;
    times?: string[];
    timesNote?: string | null;
  },
) {
  const headline = a.headline ?? (a.interview ? `${a.contact} (${a.client}) asks for an interview with ${a.candidateName}` : `${a.contact} (${a.client}) on ${a.candidateName}: ${a.what}`);
  deps.mail.enqueue(tx, {
    to,
    subject: headline,
    email: AnswerEmail({ headline, shortlist: a.shortlist, comment: a.comment, url: `${deps.config.APP_URL}/shortlists/${a.shortlistId}`, times: a.times, timesNote: a.timesNote }),
    workspaceId: a.workspaceId,
    kind: "shortlist_feedback",
    audience: "recruiter",
  });
}
