import type { Deps } from "../../deps";
import type { VisitorsDeps } from "./needs";
import { AppError, badRequest, conflict } from "../../lib/errors";
import type { TimeSlot } from "../scheduling/slots";
import { busyIntervals } from "../calendar/hooks";
import * as repo from "./repo";
import { getSettings, type CandidatePageSettings } from "./settings-service";
import { INTRO_DAYS_AHEAD, weeklySlots, withoutBusy } from "./intro-slots";
import { emailOfParticipant } from "./partners";
import { bookIntroMeeting } from "./scheduling-adapter";
import { claimVisitor, type Visitor } from "./visitor-id";
import type { ChatContext } from "./chat-service";
import { PREQUALIFIER_QUESTIONS } from "./questions";

export interface IntroCallOptions {
  /** False when the workspace has published no availability. */
  open: boolean;
  timeZone: string;
  duration: number;
  slots: TimeSlot[];
  /** The visitor's upcoming intro call, if any: may they still change it, else whom to contact. */
  booked: (TimeSlot & { changeable?: boolean; movable?: boolean; contact?: string | null }) | null;
  /** Name and e-mail from the visitor's prequalifier, to fill the form. */
  name: string;
  email: string;
  /** The visitor finished the prequalifier (booking needs it). */
  qualified: boolean;
}

const SLOT_GONE = "This time is no longer available. Please choose another time.";
export const ALREADY_BOOKED = "You already have an intro call booked.";
export const PREQUALIFIER_FIRST = "Please answer the prequalifier before booking a call.";
export const USE_PREQUALIFIER_EMAIL = "Use the email address you gave in the prequalifier.";
const NO_CALL = "You have no intro call booked.";
const NOT_MOVABLE = "This call cannot be moved here. Please cancel it and book another time.";

/**
 * The host's busy times, from the calendar's own cache (decision 32): read on each request, no
 * Google call, so the anonymous page costs a query and a change in the calendar shows at once.
 */
function cachedBusy(deps: Deps, _workspaceId: number, hostUserId: number, now: Date, to: Date) {
  return busyIntervals(deps, hostUserId, now, to).catch(() => []);
}

/**
 * The free intro-call slots: the weekly availability, less booked calls, meetings and the
 * host's calendar. `s` is the workspace's settings when the caller has read them already.
 */
export async function introCallOptions(deps: VisitorsDeps, visitor: Visitor, ctx: ChatContext, s: CandidatePageSettings = getSettings(deps, ctx.workspaceId)): Promise<IntroCallOptions> {
  const now = deps.clock.now();
  const prefill = prequalifierContact(deps, visitor, ctx.workspaceId);
  const booked = visitor.issued ? undefined : currentCall(deps, ctx.workspaceId, visitor.id, now);
  const qualified = !visitor.issued && !!repo.findConversation(deps.db, ctx.workspaceId, visitor.id, "prequalifier")?.completedAt;
  const base = {
    timeZone: s.timeZone,
    duration: s.introCallMinutes,
    booked: booked ? { ...toSlot(booked), changeable: booked.changeable, movable: booked.movable, contact: booked.contact } : null,
    qualified,
    ...prefill,
  };
  if (!s.hostUserId || !s.weekly.length) return { ...base, open: false, slots: [] };
  const to = new Date(now.getTime() + (INTRO_DAYS_AHEAD + 2) * 86_400_000);
  const calls = repo.bookingsBetween(deps.db, ctx.workspaceId, s.hostUserId, now, to).map((b) => ({ start: b.startTime, end: b.endTime }));
  const meetings = deps.hostMeetings(ctx.workspaceId);
  const busy = await cachedBusy(deps, ctx.workspaceId, s.hostUserId, now, to);
  const slots = withoutBusy(weeklySlots({ weekly: s.weekly, timeZone: s.timeZone, duration: s.introCallMinutes, now }), [...calls, ...meetings, ...busy]);
  return { ...base, open: true, slots };
}

const toSlot = (b: { startTime: Date; endTime: Date }): TimeSlot => ({ startTime: b.startTime.toISOString(), endTime: b.endTime.toISOString() });

/**
 * The visitor's upcoming call as its meeting stands (issue 60): a call canceled since (from the
 * page, the e-mail's link or by the recruiter) frees its time and the visitor may book again; a
 * call the recruiter moved shows its new time.
 */
function currentCall(
  deps: VisitorsDeps,
  workspaceId: number,
  visitorId: string,
  now: Date,
): { startTime: Date; endTime: Date; changeable: boolean; movable: boolean; contact: string | null } | undefined {
  const row = repo.bookingOfVisitor(deps.db, workspaceId, visitorId, now);
  if (!row) return undefined;
  if (!row.schedulingSessionId) return { startTime: row.startTime, endTime: row.endTime, changeable: false, movable: false, contact: null };
  const m = deps.scheduling.introCallMeeting(row.schedulingSessionId);
  if (m?.status === "canceled") {
    repo.releaseSlot(deps.db, workspaceId, row.id);
    return undefined;
  }
  return m
    ? { startTime: new Date(m.startTime), endTime: new Date(m.endTime), changeable: m.changeable, movable: m.movable, contact: m.contact }
    : { startTime: row.startTime, endTime: row.endTime, changeable: false, movable: false, contact: null };
}

/** The visitor cancels their intro call from /scheduleacall, as an interview's manage page does. */
export async function cancelVisitorCall(deps: VisitorsDeps, visitor: Visitor, ctx: ChatContext): Promise<void> {
  const row = visitor.issued ? undefined : repo.bookingOfVisitor(deps.db, ctx.workspaceId, visitor.id, deps.clock.now());
  if (!row) throw new AppError("not_found", 404, NO_CALL);
  if (row.schedulingSessionId) await deps.scheduling.cancelIntroCall(row.schedulingSessionId);
  repo.releaseSlot(deps.db, ctx.workspaceId, row.id);
}

/**
 * Moves the visitor's call to another free time, as an interview's move (scheduling's
 * moveIntroCall): one transaction moves the meeting and this page's record of the call, counts
 * the move against the workspace's limit and writes one "moved" e-mail; a time taken meanwhile
 * leaves the call where it was.
 */
export async function moveVisitorCall(deps: VisitorsDeps, visitor: Visitor, ctx: ChatContext, start: string): Promise<TimeSlot> {
  const options = await introCallOptions(deps, visitor, ctx);
  const row = options.booked && !visitor.issued ? repo.bookingOfVisitor(deps.db, ctx.workspaceId, visitor.id, deps.clock.now()) : undefined;
  if (!row) throw new AppError("not_found", 404, NO_CALL);
  const slot = options.slots.find((x) => Date.parse(x.startTime) === Date.parse(start));
  if (!slot) throw conflict(SLOT_GONE);
  if (!row.schedulingSessionId) throw conflict(NOT_MOVABLE);
  const to = { hostUserId: row.hostUserId, startTime: new Date(slot.startTime), endTime: new Date(slot.endTime) };
  await deps.scheduling.moveIntroCall(row.schedulingSessionId, slot, (tx) => {
    // The throw rolls the meeting's move back with it.
    if (!repo.moveBooking(tx, ctx.workspaceId, row.id, to)) throw conflict(SLOT_GONE);
  });
  return slot;
}

function prequalifierContact(deps: Deps, visitor: Visitor, workspaceId: number) {
  const conv = visitor.issued ? undefined : repo.findConversation(deps.db, workspaceId, visitor.id, "prequalifier");
  const answers = conv ? (JSON.parse(conv.answers) as string[]) : [];
  const at = (field: string) => answers[PREQUALIFIER_QUESTIONS.findIndex((q) => q.field === field)] ?? "";
  return { name: at("name"), email: at("emailAddress") };
}

/**
 * Books an intro call for a visitor who finished the prequalifier, at the e-mail address
 * given there (the page is public: without this any cookie could e-mail any address), and
 * at most one open call per candidate. The slot must be one of the free ones; it is claimed in one
 * synchronous transaction (a second booking of the same time is refused with 409), then
 * the scheduling module creates the meeting and sends the confirmation with its .ics.
 * If that fails the claim is released.
 */
export async function bookIntroCall(deps: VisitorsDeps, visitor: Visitor, ctx: ChatContext, input: { start: string; name: string; email: string }): Promise<TimeSlot> {
  const conv = visitor.issued ? undefined : repo.findConversation(deps.db, ctx.workspaceId, visitor.id, "prequalifier");
  if (!conv?.completedAt) throw new AppError("prequalifier_required", 403, PREQUALIFIER_FIRST);
  const contact = prequalifierContact(deps, visitor, ctx.workspaceId);
  if (contact.email.toLowerCase() !== input.email.trim().toLowerCase()) throw badRequest(USE_PREQUALIFIER_EMAIL, { email: USE_PREQUALIFIER_EMAIL });
  const settings = getSettings(deps, ctx.workspaceId);
  const options = await introCallOptions(deps, visitor, ctx, settings);
  if (options.booked || hasOpenCall(deps, ctx.workspaceId, conv.participantId, contact.email)) throw conflict(ALREADY_BOOKED);
  const startMs = Date.parse(input.start);
  const slot = options.slots.find((s) => Date.parse(s.startTime) === startMs);
  const hostUserId = settings.hostUserId;
  if (!slot || !hostUserId) throw conflict(SLOT_GONE);
  claimVisitor(deps, visitor);
  const claim = repo.claimSlot(deps.db, {
    workspaceId: ctx.workspaceId,
    hostUserId,
    visitorId: visitor.id,
    startTime: new Date(slot.startTime),
    endTime: new Date(slot.endTime),
  });
  if (!claim) throw conflict(SLOT_GONE);
  try {
    const participant = deps.candidates.upsertFromVisitor(ctx.workspaceId, {
      uniqueId: visitor.id,
      name: input.name,
      emailAddress: input.email.toLowerCase(),
      ...(ctx.jobId ? { jobId: ctx.jobId } : {}),
      ...(ctx.campaignId ? { campaignId: ctx.campaignId } : {}),
    });
    const { sessionId } = await bookIntroMeeting(deps, {
      workspaceId: ctx.workspaceId,
      hostUserId,
      candidateId: participant.id,
      slot,
      duration: options.duration,
      timeZone: options.timeZone,
      jobTitle: ctx.jobTitle,
    });
    repo.completeBooking(deps.db, ctx.workspaceId, claim.id, { participantId: participant.id, schedulingSessionId: sessionId });
    return slot;
  } catch (e) {
    repo.releaseSlot(deps.db, ctx.workspaceId, claim.id);
    throw e;
  }
}

/** An intro call that has not ended yet for this candidate (same participant or same e-mail). */
function hasOpenCall(deps: Deps, workspaceId: number, participantId: number | null, email: string): boolean {
  const address = email.toLowerCase();
  return repo
    .openBookings(deps.db, workspaceId, deps.clock.now())
    .some((b) => b.participantId !== null && (b.participantId === participantId || emailOfParticipant(deps, workspaceId, b.participantId)?.toLowerCase() === address));
}
