// Shortlists shared with a client's contacts (issue 39, decision 0037): one private link per
// contact (only its hash is kept), the client's answers per candidate, and what they cause: the
// recruiter's e-mail, the candidate's timeline, the activity log, the `shortlist.feedback`
// webhook and, when the share says so, the candidate's applications for the client's jobs.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, notFound } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import type { Actor } from "../events/record";
import { recordEvent } from "../events/record";
import { recordPipelineEvent } from "../pipeline-events/record";
import { getShortlist, membersOf, notesOfShortlist } from "../shortlists/service";
import { contactsWithClient } from "../clients/service";
import { clientAnswered } from "../applications/service";
import { workspaceNameOf } from "../team/service";
import { requireWorkspaceMember } from "../auth/members";
import type { Participant } from "../candidates/model";
import { fileOf, filesOfCandidates, readFile } from "../candidate-files/service";
import { ShareEmail } from "./emails/share-email";
import { AnswerEmail } from "./emails/answer-email";
import { logoUrlOf } from "../workspace-logo/service";
import { DEFAULT_EXPIRY_DAYS, DEFAULT_INTERVIEW_DURATION, DEFAULT_SHARE_FIELDS, MAX_EXPIRY_DAYS, SHARE_FIELDS, VERDICT_LABELS, type Answer, type AnswerRow, type Share, type ShareField, type ShareFields, type Verdict } from "./model";
import * as repo from "./repo";

const DAY = 86_400_000;
type Member = { id: number; workspaceId: number; name?: string | null };

function parseFields(raw: string): ShareField[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v.filter((f) => (SHARE_FIELDS as readonly string[]).includes(f)) as ShareField[]) : [];
  } catch {
    return [];
  }
}

/** The picked times as stored (JSON [{start, end}]); anything unreadable is no picks. */
export function parsePicks(raw: string | null): { start: string; end: string }[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((p): p is { start: string; end: string } => typeof p?.start === "string" && typeof p?.end === "string") : [];
  } catch {
    return [];
  }
}

function statusOf(deps: Deps, r: repo.ShareRow): Share["status"] {
  if (r.revokedAt) return "revoked";
  return r.expiresAt.getTime() <= deps.clock.now().getTime() ? "expired" : "active";
}

function toShare(deps: Deps, r: repo.ShareRow, contact: { id: number; name: string; email: string | null; clientId: number; clientName: string } | undefined): Share {
  return {
    id: r.id,
    shortlistId: r.shortlistId,
    contact: contact ? { id: contact.id, name: contact.name, email: contact.email, clientId: contact.clientId, clientName: contact.clientName } : { id: r.contactId, name: "", email: null, clientId: 0, clientName: "" },
    fields: parseFields(r.fields),
    moveApplications: r.moveApplications,
    allowScheduling: r.allowScheduling,
    interviewDuration: r.interviewMinutes,
    status: statusOf(deps, r),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    firstViewedAt: r.firstViewedAt?.toISOString() ?? null,
    lastViewedAt: r.lastViewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The expiry asked for: a date is the end of that day (UTC); none is 14 days from now. */
function expiryOf(deps: Deps, raw: string | null | undefined): Date {
  const now = deps.clock.now().getTime();
  if (!raw) return new Date(now + DEFAULT_EXPIRY_DAYS * DAY);
  const at = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T23:59:59.999Z`) : new Date(raw);
  if (Number.isNaN(at.getTime())) throw badRequest("The expiry must be a date like 2026-12-31", { expiresAt: "Not a date" });
  if (at.getTime() <= now) throw badRequest("The expiry must be in the future", { expiresAt: "In the past" });
  if (at.getTime() > now + MAX_EXPIRY_DAYS * DAY) throw badRequest(`The expiry must be within ${MAX_EXPIRY_DAYS} days`, { expiresAt: "Too far" });
  return at;
}

/**
 * POST /api/shortlists/{id}/shares: one share and one e-mail per contact, all in one
 * transaction (a contact without an e-mail address refuses the whole call).
 */
export function shareShortlist(deps: Deps, me: Member, actor: Actor, shortlistId: number, input: ShareFields): Share[] {
  const workspaceId = me.workspaceId;
  const shortlist = getShortlist(deps, workspaceId, shortlistId);
  if (!shortlist.candidateIds.length) throw badRequest("Add candidates to the shortlist before sharing it");
  const ids = [...new Set(input.contactIds)];
  const contacts = contactsWithClient(deps, workspaceId, ids);
  if (contacts.length !== ids.length) throw notFound("Contact not found");
  const noEmail = contacts.find((c) => !c.email);
  if (noEmail) throw badRequest(`${noEmail.name} has no e-mail address: add one on the client's page first`, { contactIds: "A contact has no e-mail address" });
  const fields = input.fields?.length ? [...new Set(input.fields)] : DEFAULT_SHARE_FIELDS;
  const expiresAt = expiryOf(deps, input.expiresAt);
  const agency = workspaceNameOf(deps, workspaceId);
  const logo = logoUrlOf(deps, workspaceId);
  const sharer = requireWorkspaceMember(deps, workspaceId, me.id);
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    contacts.map((c) => {
      const token = randomToken(24);
      const row = repo.insertShare(tx, { workspaceId, shortlistId, contactId: c.id, sharedBy: me.id, tokenHash: sha256(token), fields: JSON.stringify(fields), moveApplications: !!input.moveApplications, allowScheduling: !!input.allowScheduling, interviewMinutes: input.interviewDuration ?? DEFAULT_INTERVIEW_DURATION, expiresAt, createdAt: now });
      deps.mail.enqueue(tx, {
        to: c.email!,
        subject: `${agency}: ${shortlist.candidateIds.length} candidate${shortlist.candidateIds.length === 1 ? "" : "s"} for you to review`,
        email: ShareEmail({ contactName: c.name, agency, sharedBy: sharer.name ?? null, count: shortlist.candidateIds.length, url: `${deps.config.APP_URL}/s/${token}`, expires: expiresAt.toISOString().slice(0, 10), logoUrl: logo ? `${deps.config.APP_URL}${logo}` : null }),
        workspaceId,
        kind: "shortlist_share",
        audience: "recruiter",
      });
      recordEvent(deps, tx, {
        workspaceId,
        actor,
        subject: { type: "shortlist", id: shortlistId },
        kind: "shortlist.shared",
        summary: `Shortlist ${shortlist.name} shared with ${c.name} (${c.clientName}) until ${expiresAt.toISOString().slice(0, 10)}`,
        data: { shareId: row.id, contactId: c.id, clientId: c.clientId, fields, moveApplications: row.moveApplications, allowScheduling: row.allowScheduling },
      });
      return toShare(deps, row, c);
    }),
  );
}

/** GET /api/shortlists/{id}/shares: every share of the shortlist, revoked and expired ones too. */
export function sharesOfShortlist(deps: Deps, workspaceId: number, shortlistId: number): Share[] {
  getShortlist(deps, workspaceId, shortlistId);
  const rows = repo.sharesOf(deps.db, workspaceId, shortlistId);
  const contacts = new Map(contactsWithClient(deps, workspaceId, [...new Set(rows.map((r) => r.contactId))]).map((c) => [c.id, c]));
  return rows.map((r) => toShare(deps, r, contacts.get(r.contactId)));
}

/** DELETE /api/shares/{id}: the link stops working at once (its page then says so, without names). */
export function revokeShare(deps: Deps, workspaceId: number, id: number, actor: Actor): Share {
  const row = deps.db.transaction((tx) => {
    const existing = repo.findShare(tx, workspaceId, id);
    if (!existing) throw notFound("Share not found");
    if (existing.revokedAt) return existing;
    const revoked = repo.revoke(tx, workspaceId, id, deps.clock.now())!;
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "shortlist", id: existing.shortlistId }, kind: "shortlist.share_revoked", summary: `A share of a shortlist was revoked (share #${id})`, data: { shareId: id, contactId: existing.contactId } });
    return revoked;
  });
  return toShare(deps, row, contactsWithClient(deps, workspaceId, [row.contactId])[0]);
}

/** The answers on a shortlist, newest first (the recruiter's shortlist page). */
export function answersOfShortlist(deps: Deps, workspaceId: number, shortlistId: number): AnswerRow[] {
  return repo.answersOfShortlist(deps.db, workspaceId, shortlistId).map((a) => ({
    shareId: a.shareId,
    candidateId: a.participantId,
    contactName: a.contactName,
    clientName: a.clientName,
    verdict: (a.verdict as Verdict | null) ?? null,
    comment: a.comment,
    interviewRequestedAt: a.interviewRequestedAt?.toISOString() ?? null,
    pickedTimes: parsePicks(a.pickedTimes),
    pickedTimeZone: a.pickedTimeZone,
    offeredSessionId: a.offeredSessionId,
    answeredAt: a.answeredAt.toISOString(),
  }));
}

// ---- the client's page, /s/{token} ----

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
      answer: a ? { verdict: (a.verdict as Verdict | null) ?? null, comment: a.comment, interviewRequestedAt: a.interviewRequestedAt?.toISOString() ?? null, pickedTimes: parsePicks(a.pickedTimes), pickedTimeZone: a.pickedTimeZone } : null,
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
    if (sharer) notifySharer(deps, tx, sharer.email, { candidateName: candidate?.name ?? `Candidate #${candidateId}`, what, contact: contact.name, client: contact.clientName, shortlist: shortlist.name, comment: input.comment ?? null, shortlistId: shortlist.id, workspaceId, interview: !!input.interview });
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
  a: { candidateName: string; what: string; contact: string; client: string; shortlist: string; comment: string | null; shortlistId: number; workspaceId: number; interview: boolean; headline?: string; times?: string[]; timesNote?: string | null },
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

/** In a merge's transaction: a client's answers about the duplicates stay with the kept record. */
export function moveAnswersOnMerge(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  repo.moveAnswers(tx, workspaceId, fromIds, toId);
}
