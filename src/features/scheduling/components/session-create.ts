/**
 * The Schedule Interview card's Create, as named steps: which candidates get a session, what is
 * missing before it can be sent, the body of POST /api/scheduling-sessions for each candidate, and
 * what the answers of a batch mean for the card. Pure, for the island and its tests.
 */
import { isConnectionError, serverMessage } from "../../../client/api";
import type { ToastInput } from "../../../client/toast";
import type { TimeSlot } from "../slots";
import { batchOutcome, retryNotice } from "./batch-outcome";
import { peopleFields, peopleProblem, type PeopleValue } from "./people-choice";
import type { VideoChoice } from "./video-link-fields";

/** After a batch partly failed: only the candidates still without a session, and why. */
export interface RetryBatch {
  ids: number[];
  notice: string;
}

/** What the card holds when Create is pressed. */
export interface SessionForm {
  /** "slots": hand-picked times; "availability": every free time between two dates. */
  mode: "slots" | "availability";
  slots: TimeSlot[];
  rangeFrom: string;
  rangeTo: string;
  duration: number;
  timeZone: string;
  shortlistId: number | null;
  sendEmail: boolean;
  message: string;
  video: VideoChoice;
  videoUrl: string;
  /** The member chosen to hold the interview ("" for none chosen). */
  interviewerId: string;
  meId: number | null;
  people: PeopleValue;
  /** The chosen interview type ("" for none) and its name. */
  typeId: string;
  typeName: string | undefined;
  /** The chosen type has its own panel or pool, which then decides who interviews. */
  typePeople: boolean;
}

/** The candidates Create sends a session for: those left by a failed batch, a shortlist's, or the one picked. */
export function candidatesToSchedule(retry: RetryBatch | null, shortlist: { candidateIds: number[] } | undefined, candidateId: string): number[] {
  if (retry) return retry.ids;
  if (shortlist) return shortlist.candidateIds;
  return candidateId ? [Number(candidateId)] : [];
}

/** The member who organises: the one chosen, else the member creating the session. */
export const organiserOf = (interviewerId: string, meId: number | null): number | null => (interviewerId ? Number(interviewerId) : meId);

/** A free-times session without a type's panel or pool says itself who interviews beside the organiser. */
const ownPeople = (f: SessionForm) => f.mode === "availability" && !f.typePeople;

/** What is missing before the sessions can be sent, or null. */
export function missingInformation(f: SessionForm, ids: number[]): string | null {
  if (f.mode === "availability" && ids.length && (!f.rangeFrom || !f.rangeTo)) return "Choose the first and last dates to offer";
  if (!ids.length || (f.mode === "slots" && !f.slots.length)) return "Please select a candidate and add time slots";
  return ownPeople(f) ? peopleProblem(f.people) : null;
}

/** The times offered: the dates of a free-times session, or the hand-picked slots. */
const offeredTimes = (f: SessionForm) => (f.mode === "availability" ? { mode: f.mode, from: f.rangeFrom, to: f.rangeTo } : { timeSlots: f.slots });

const videoLinkField = (f: SessionForm) => (f.video ? { videoLink: { kind: f.video, url: f.video === "fixed" ? f.videoUrl.trim() : null } } : {});

/** The interviewer chosen, and the panel or pool beside them when the session says its own. */
function whoInterviews(f: SessionForm) {
  return {
    ...(f.interviewerId ? { interviewerId: Number(f.interviewerId) } : {}),
    ...(ownPeople(f) ? peopleFields(f.people, organiserOf(f.interviewerId, f.meId)) : {}),
  };
}

/** A chosen interview type names the session and brings its own description. */
const typeFields = (f: SessionForm) => (f.typeId ? { interviewTypeId: Number(f.typeId), title: f.typeName ?? "Interview", description: undefined } : {});

/** The body of POST /api/scheduling-sessions for one candidate; the link works 14 days from `now`. */
export function sessionBody(f: SessionForm, candidateId: number, now = Date.now()) {
  return {
    candidateId,
    title: "Interview",
    description: "",
    shortlistId: f.shortlistId,
    duration: f.duration,
    ...offeredTimes(f),
    timeZone: f.timeZone,
    expiresAt: new Date(now + 14 * 86_400_000).toISOString(),
    sendEmail: f.sendEmail,
    message: f.message.trim() || null,
    ...videoLinkField(f),
    ...whoInterviews(f),
    ...typeFields(f),
  };
}

/** What the answers of a batch mean for the card. */
export interface CreateAnswer {
  toast: ToastInput;
  /** The candidates left to retry, null to forget a retry, undefined to leave it as it is. */
  retry?: RetryBatch | null;
  /** Sessions were made: the Active Sessions card reloads. */
  changed: boolean;
  /** Everything was made: the times chosen leave the form. */
  reset: boolean;
}

const failedToast = (description: string): ToastInput => ({ title: "Error", description, variant: "destructive" });

/**
 * Reads the answers of one POST per candidate. A lost connection keeps everything entered and
 * offers Retry (`onRetry`), which sends only the sessions still missing; those that succeeded
 * leave the form, so sending again cannot duplicate them.
 */
export function createAnswer(ids: number[], results: PromiseSettledResult<unknown>[], nameOf: (id: number) => string, onRetry: () => void): CreateAnswer {
  const outcome = batchOutcome(ids, results);
  const failed = outcome.failed.length;
  const made = outcome.made.length;
  const retry = made ? { ids: outcome.failed, notice: retryNotice(outcome, nameOf) } : undefined;
  if (results.some((r) => r.status === "rejected" && isConnectionError(r.reason))) {
    const toast: ToastInput = {
      title: "Connection lost",
      description: "Nothing you entered is lost. Retry when the connection is back.",
      variant: "destructive",
      duration: 15_000,
      action: { label: "Retry", onClick: onRetry },
    };
    return { toast, retry, changed: false, reset: false };
  }
  if (ids.length === 1 && failed) {
    const refused = results[0]?.status === "rejected" ? serverMessage(results[0].reason) : undefined;
    return { toast: failedToast(refused ?? "Failed to create scheduling session"), changed: made > 0, reset: false };
  }
  if (failed) return { toast: failedToast(`Failed to create some scheduling sessions (${failed} of ${ids.length} failed)`), retry, changed: made > 0, reset: false };
  const description = ids.length === 1 ? "Scheduling session created. Copy the link from Active Sessions." : `${made} scheduling sessions created`;
  return { toast: { title: "Success", description, variant: "success" }, retry: null, changed: made > 0, reset: true };
}
