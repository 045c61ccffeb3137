// Shortlists shared with a client's contacts (issue 39, decision 0037), the recruiter's side: one
// private link per contact (only its hash is kept), listed, revoked, and the answers that came
// back. The contact's own page and answers are client-page.ts.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, notFound } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import type { Actor } from "../events/record";
import { recordEvent } from "../events/record";
import { getShortlist } from "../shortlists/service";
import { contactsWithClient } from "../clients/service";
import { workspaceNameOf } from "../team/service";
import { requireWorkspaceMember } from "../auth/members";
import { workspaceZone } from "../auth/workspace-site";
import { formatDate } from "../../lib/when";
import { addDays, zonedToUtc } from "../scheduling/zones";
import { ShareEmail } from "./emails/share-email";
import { logoUrlOf } from "../workspace-logo/service";
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_INTERVIEW_DURATION,
  DEFAULT_SHARE_FIELDS,
  MAX_EXPIRY_DAYS,
  SHARE_FIELDS,
  type AnswerRow,
  type Share,
  type ShareField,
  type ShareFields,
  type Verdict,
} from "./model";
import * as repo from "./repo";

const DAY = 86_400_000;
type Member = { id: number; workspaceId: number; name?: string | null };

export function parseFields(raw: string): ShareField[] {
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
    contact: contact
      ? { id: contact.id, name: contact.name, email: contact.email, clientId: contact.clientId, clientName: contact.clientName }
      : { id: r.contactId, name: "", email: null, clientId: 0, clientName: "" },
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
function expiryOf(deps: Deps, raw: string | null | undefined, zone: string): Date {
  const now = deps.clock.now().getTime();
  if (!raw) return new Date(now + DEFAULT_EXPIRY_DAYS * DAY);
  // A day is the end of that day in the workspace's zone, the day the contact reads in the e-mail.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date((zonedToUtc(addDays(raw, 1), 0, 0, zone)?.getTime() ?? NaN) - 1) : new Date(raw);
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
  const zone = workspaceZone(deps, me.workspaceId);
  const expiresAt = expiryOf(deps, input.expiresAt, zone);
  const agency = workspaceNameOf(deps, workspaceId);
  const logo = logoUrlOf(deps, workspaceId);
  const sharer = requireWorkspaceMember(deps, workspaceId, me.id);
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    contacts.map((c) => {
      const token = randomToken(24);
      const row = repo.insertShare(tx, {
        workspaceId,
        shortlistId,
        contactId: c.id,
        sharedBy: me.id,
        tokenHash: sha256(token),
        fields: JSON.stringify(fields),
        moveApplications: !!input.moveApplications,
        allowScheduling: !!input.allowScheduling,
        interviewMinutes: input.interviewDuration ?? DEFAULT_INTERVIEW_DURATION,
        expiresAt,
        createdAt: now,
      });
      deps.mail.enqueue(tx, {
        to: c.email!,
        subject: `${agency}: ${shortlist.candidateIds.length} candidate${shortlist.candidateIds.length === 1 ? "" : "s"} for you to review`,
        email: ShareEmail({
          contactName: c.name,
          agency,
          sharedBy: sharer.name ?? null,
          count: shortlist.candidateIds.length,
          url: `${deps.config.APP_URL}/s/${token}`,
          // The contact reads it in the workspace's zone (decision 50: people outside the team).
          expires: formatDate(expiresAt, zone),
          logoUrl: logo ? `${deps.config.APP_URL}${logo}` : null,
        }),
        workspaceId,
        kind: "shortlist_share",
        audience: "recruiter",
      });
      recordEvent(deps, tx, {
        workspaceId,
        actor,
        subject: { type: "shortlist", id: shortlistId },
        kind: "shortlist.shared",
        summary: `Shortlist ${shortlist.name} shared with ${c.name} (${c.clientName}) until ${formatDate(expiresAt, zone)}`,
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
    recordEvent(deps, tx, {
      workspaceId,
      actor,
      subject: { type: "shortlist", id: existing.shortlistId },
      kind: "shortlist.share_revoked",
      summary: `A share of a shortlist was revoked (share #${id})`,
      data: { shareId: id, contactId: existing.contactId },
    });
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

/** In a merge's transaction: a client's answers about the duplicates stay with the kept record. */
export function moveAnswersOnMerge(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  repo.moveAnswers(tx, workspaceId, fromIds, toId);
}
