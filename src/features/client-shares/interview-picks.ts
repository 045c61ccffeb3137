// The contact picks interview times (issue 39 item 2): when the share allows it, "Ask for an
// interview" leads to the sharer's free starts of the next two weeks, computed by scheduling's
// one slot function (decision 0035), shown in the contact's zone; up to 3 picks are stored on
// the answer and go to the recruiter like any answer. The recruiter then offers them to the
// candidate in one step: a hand-picked scheduling session made by the scheduling service.
import type { ClientSharesDeps } from "./needs";
import type { Deps } from "../../deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { canonicalZone, memberZone } from "../../lib/time-zone";
import type { Actor } from "../events/record";
import { recordPipelineEvent } from "../pipeline-events/record";
import { getShortlist, membersOf } from "../shortlists/service";
import { contactsWithClient } from "../clients/service";
import { clientAnswered } from "../applications/service";
import { dualTimeText } from "../scheduling/zone-text";
import type { SessionView } from "../scheduling/views";
import { MAX_PICKS, PICK_STEP_MINUTES, PICK_WINDOW_DAYS, type Picks } from "./model";
import * as repo from "./repo";
import { clientView, notifySharer, openShare, safeMember, type ClientCard, type ClientView, type Closed } from "./client-page";
import { parsePicks } from "./service";

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface TimesView {
  client: ClientView;
  card: ClientCard;
  /** "Ada Lovelace", or "Candidate 2" when the share hides names. */
  title: string;
  duration: number;
  sharerName: string;
  /** The recruiter's zone: the page's default when the contact has not chosen one. */
  sharerZone: string;
  /** Free starts (epoch ms), earliest first. */
  starts: number[];
}

type Member = NonNullable<ReturnType<typeof safeMember>>;

/** The member whose free slots a share offers: its sharer, while the share allows picking and they are still a member. */
function sharerOf(deps: Deps, share: repo.ShareRow): Member | null {
  if (!share.allowScheduling || !share.sharedBy) return null;
  return safeMember(deps, share.workspaceId, share.sharedBy);
}

/** The sharer's free starts of the next 14 days for the share's interview length, on the half hour. */
function freeStarts(deps: ClientSharesDeps, share: repo.ShareRow, sharerId: number): number[] {
  const now = deps.clock.now().getTime();
  const offers = deps.scheduling.offeredStarts(
    { workspaceId: share.workspaceId, from: now, to: now + PICK_WINDOW_DAYS * DAY, durationMinutes: share.interviewMinutes },
    { required: [sharerId], optional: [], pool: [], strategy: "fair" },
    { now },
  );
  return offers.map((o) => o.start).filter((s) => s % (PICK_STEP_MINUTES * MINUTE) === 0);
}

/** GET /s/{token}/{candidateId}/times: the free starts to pick from, or why the link is closed. */
export function timesView(deps: ClientSharesDeps, token: string, candidateId: number): Closed | TimesView {
  const view = clientView(deps, token, { recordView: false });
  if (view.state !== "open") return view;
  const sharer = sharerOf(deps, view.share);
  if (!sharer) throw notFound("This link does not offer interview times");
  const index = view.cards.findIndex((c) => c.id === candidateId);
  if (index < 0) throw notFound("This candidate is not on the shortlist");
  const card = view.cards[index]!;
  return {
    client: view,
    card,
    title: card.name || `Candidate ${index + 1}`,
    duration: view.share.interviewMinutes,
    sharerName: sharer.name || sharer.email,
    sharerZone: memberZone(sharer),
    starts: freeStarts(deps, view.share, sharer.id),
  };
}

/**
 * POST /s/{token}/{candidateId}/times: up to 3 of the offered starts, each checked again against
 * the sharer's free slots now (a time taken meanwhile is refused by name); then, in one
 * transaction, the picks on the answer, the event (timeline, log, webhook `shortlist.feedback`
 * with the times), the sharer's e-mail listing them and, when the share moves applications, the
 * move to Interview.
 */
export function pickTimes(deps: ClientSharesDeps, token: string, candidateId: number, input: Picks): Closed | { state: "saved" } {
  const share = openShare(deps, token);
  if ("state" in share) return share;
  const sharer = sharerOf(deps, share);
  if (!sharer) throw notFound("This link does not offer interview times");
  const { workspaceId } = share;
  const shortlist = getShortlist(deps, workspaceId, share.shortlistId);
  if (!shortlist.candidateIds.includes(candidateId)) throw notFound("This candidate is not on the shortlist");
  const contact = contactsWithClient(deps, workspaceId, [share.contactId])[0];
  if (!contact) return { state: "revoked" };
  const sharerZone = memberZone(sharer);
  const zone = canonicalZone(input.timeZone) ?? sharerZone;
  const starts = [...new Set(input.starts)].sort((a, b) => a - b);
  if (starts.length > MAX_PICKS) throw badRequest(`Choose at most ${MAX_PICKS} times`);
  const free = new Set(freeStarts(deps, share, sharer.id));
  const length = share.interviewMinutes * MINUTE;
  const taken = starts.find((s) => !free.has(s));
  if (taken !== undefined) throw conflict(`${dualTimeText(new Date(taken), new Date(taken + length), zone)} is no longer free: please choose another time`);
  const times = starts.map((s) => ({ start: new Date(s).toISOString(), end: new Date(s + length).toISOString() }));
  const candidate = membersOf(deps, workspaceId, [candidateId])[0];
  const now = deps.clock.now();
  const inContactZone = starts.map((s) => dualTimeText(new Date(s), new Date(s + length), zone));
  deps.db.transaction((tx) => {
    // The same times again (a resent form) change nothing: no e-mail, event or webhook.
    const before = repo.findAnswer(tx, share.id, candidateId);
    if (before?.pickedTimes === JSON.stringify(times) && before.pickedTimeZone === zone) return;
    const saved = repo.savePicks(tx, { workspaceId, shareId: share.id, participantId: candidateId, times, timeZone: zone, at: now });
    const data = {
      shareId: share.id,
      shortlistId: share.shortlistId,
      candidateId,
      contactId: contact.id,
      clientId: contact.clientId,
      verdict: saved.verdict,
      interviewRequested: true,
      pickedTimes: times,
      timeZone: zone,
    };
    recordPipelineEvent(deps, tx, {
      workspaceId,
      actor: "system",
      subject: { type: "shortlist", id: share.shortlistId },
      kind: "shortlist.feedback",
      summary: `${contact.name} (${contact.clientName}) picked ${times.length} interview time${times.length === 1 ? "" : "s"} on shortlist ${shortlist.name} for candidate #${candidateId}`,
      timeline: `Interview times picked by ${contact.name} (${contact.clientName}): ${inContactZone.join("; ")} on shortlist ${shortlist.name}`,
      candidateId,
      data,
      webhooks: [{ type: "shortlist.feedback", data: { ...data, contactName: contact.name, clientName: contact.clientName, comment: saved.comment, answeredAt: now.toISOString() }, candidateId }],
    });
    notifySharer(deps, tx, sharer.email, {
      candidateName: candidate?.name ?? `Candidate #${candidateId}`,
      what: "picked interview times",
      contact: contact.name,
      client: contact.clientName,
      shortlist: shortlist.name,
      comment: null,
      shortlistId: shortlist.id,
      workspaceId,
      interview: true,
      headline: `${contact.name} (${contact.clientName}) picked interview times for ${candidate?.name ?? `Candidate #${candidateId}`}`,
      times: starts.map((s) => dualTimeText(new Date(s), new Date(s + length), sharerZone, zone)),
      timesNote: "Offer them to the candidate in one step on the shortlist's page.",
    });
    if (share.moveApplications) clientAnswered(deps, tx, workspaceId, candidateId, contact.clientId, "interview", "system");
  });
  return { state: "saved" };
}

export interface OfferMade {
  session: SessionView;
  /** Picked times left out because they are no longer free (as the recruiter reads them). */
  dropped: string[];
}

/**
 * POST /api/shares/{id}/candidates/{candidateId}/interview-offer: the contact's picks that are
 * still free become a hand-picked scheduling session for the candidate (the scheduling
 * service checks them, e-mails the booking link and records the session), held by the sharer
 * (or the member offering, when the sharer has left), with the contact as a guest. Marked on
 * the answer in the session's own transaction, so the same picks are offered once.
 */
export async function offerPickedTimes(deps: ClientSharesDeps, me: { id: number; workspaceId: number }, actor: Actor, shareId: number, candidateId: number): Promise<OfferMade> {
  const { workspaceId } = me;
  const share = repo.findShare(deps.db, workspaceId, shareId);
  if (!share) throw notFound("Share not found");
  const answer = repo.findAnswer(deps.db, share.id, candidateId);
  const picks = parsePicks(answer?.pickedTimes ?? null);
  if (!answer || !picks.length) throw notFound("The contact has not picked interview times for this candidate");
  if (answer.offeredSessionId) throw conflict("These times were already offered to the candidate");
  const holder = (share.sharedBy ? safeMember(deps, workspaceId, share.sharedBy) : null) ?? safeMember(deps, workspaceId, me.id);
  if (!holder) throw notFound("Member not found");
  const contact = contactsWithClient(deps, workspaceId, [share.contactId])[0];
  const zone = memberZone(holder);
  const free = new Set(freeStarts(deps, share, holder.id));
  const length = share.interviewMinutes * MINUTE;
  const starts = picks.map((p) => Date.parse(p.start));
  const kept = starts.filter((s) => free.has(s));
  const dropped = starts.filter((s) => !free.has(s)).map((s) => dualTimeText(new Date(s), new Date(s + length), zone));
  if (!kept.length) throw conflict(`None of the picked times is free any more${contact ? `: ask ${contact.name} to pick again` : ""}`);
  const session = await deps.scheduling.createSession({
    workspaceId,
    actor,
    userId: holder.id,
    candidateId,
    shortlistId: share.shortlistId,
    title: contact?.clientName ? `Interview with ${contact.clientName}` : "Interview",
    duration: share.interviewMinutes,
    timeSlots: kept.map((s) => ({ startTime: new Date(s).toISOString(), endTime: new Date(s + length).toISOString() })),
    timeZone: zone,
    guests: contact?.email ? [{ email: contact.email, name: contact.name }] : [],
    inTransaction: (tx, sessionId) => {
      if (!repo.markOffered(tx, answer.id, sessionId, deps.clock.now())) throw conflict("These times were already offered to the candidate");
    },
  });
  return { session, dropped };
}
