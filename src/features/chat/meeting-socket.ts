import type { ChatDeps } from "./needs";
import type { Deps } from "../../deps";
import { memberActor, recordEvent } from "../events/record";
import { requirePermission } from "../auth/permissions";
import type { SignedIn } from "../auth/service";
import { AppError, badRequest, tooManyRequests, unauthorized } from "../../lib/errors";
import { retryOnBusy } from "../../db/busy";
import { randomToken, sha256 } from "../../lib/crypto";
import { findUserById } from "../auth/service";
import { type Participant } from "../candidates/service";
import { candidateRole } from "../candidates/classify";
import * as repo from "./repo";
import { filterCandidates, findCandidate } from "./candidate-cards";
import { proposeInterview, shortlistCandidates } from "./actions";
import { detectMeeting, isActionable } from "./meeting-detect";
import { type ChatEventInput, type ShortlistPopup } from "./model";

/**
 * Meeting detection in chat (not the monitor feature's participant sync): meeting requests
 * seen in chat (the /ws/chat-monitor socket, the webhook, /api/chat-events) become a shortlist popup on the recruiter's open /shortlist-test and
 * /meeting-detection pages. Each process holds its own sockets; what another web process records
 * reaches them through the relay (hub-relay.ts).
 */
export interface Sender {
  send(text: string): unknown;
  /** Ends the connection (a member who left the workspace). */
  close?(code: number, reason: string): unknown;
}

export class MonitorHub {
  private byUser = new Map<number, { workspaceId: number; senders: Set<Sender> }>();
  /** Detections this process recorded and delivered itself, while the relay runs (it skips them). */
  private own = new Set<number>();

  /** `listening` hears when the first socket opens (true) and the last one closes (false). */
  constructor(private readonly listening: (active: boolean) => void = () => {}) {}

  add(userId: number, workspaceId: number, s: Sender) {
    const first = this.byUser.size === 0;
    const e = this.byUser.get(userId) ?? { workspaceId, senders: new Set<Sender>() };
    e.senders.add(s);
    this.byUser.set(userId, e);
    if (first) this.listening(true);
  }
  remove(userId: number, s: Sender) {
    const e = this.byUser.get(userId);
    if (!e) return;
    e.senders.delete(s);
    if (!e.senders.size) this.byUser.delete(userId);
    if (this.byUser.size === 0) this.ended();
  }
  /** A detection recorded here (event `eventId`): to the member named, else to the workspace. */
  deliver(eventId: number, workspaceId: number, userId: number | null, msg: unknown): number {
    if (this.byUser.size) this.own.add(eventId);
    return userId ? this.toUser(userId, msg) : this.toWorkspace(workspaceId, msg);
  }
  /** Whether this process delivered event `eventId` itself (then forgets it). */
  deliveredHere(eventId: number): boolean {
    return this.own.delete(eventId);
  }
  /** The members with a socket here, and their workspace. */
  members(): [userId: number, workspaceId: number][] {
    return [...this.byUser].map(([userId, e]) => [userId, e.workspaceId]);
  }
  /** Sends to one user's sockets; answers how many received it. */
  toUser(userId: number, msg: unknown): number {
    const e = this.byUser.get(userId);
    if (!e) return 0;
    const text = JSON.stringify(msg);
    for (const s of e.senders) s.send(text);
    return e.senders.size;
  }
  toWorkspace(workspaceId: number, msg: unknown): number {
    let n = 0;
    for (const [userId, e] of this.byUser) if (e.workspaceId === workspaceId) n += this.toUser(userId, msg);
    return n;
  }
  /** Closes every socket of a member who left; they receive nothing more. */
  closeUser(userId: number): number {
    const e = this.byUser.get(userId);
    if (!e) return 0;
    this.byUser.delete(userId);
    for (const s of e.senders) s.close?.(4403, "No longer a member of this workspace");
    if (this.byUser.size === 0) this.ended();
    return e.senders.size;
  }
  private ended() {
    this.own.clear();
    this.listening(false);
  }
  connections(): number {
    let n = 0;
    for (const e of this.byUser.values()) n += e.senders.size;
    return n;
  }
}

function limit(deps: ChatDeps, kind: "monitor" | "webhook", key: string) {
  const r = deps.chatLimits[kind].hit(key);
  if (!r.ok) throw tooManyRequests(r.retryAfter);
}

const UNKNOWN_POSITION = "Position not specified";

export function popupFor(name: string, position: string | null | undefined): ShortlistPopup {
  return { type: "shortlist_popup", candidateName: name, position: position?.trim() || UNKNOWN_POSITION };
}

/**
 * A text typed in a watched chat (the socket's {text, userId, timestamp}): on a meeting
 * request naming a candidate, records the event and answers the popup; otherwise null.
 */
export async function monitorText(deps: ChatDeps, me: SignedIn, text: string): Promise<ShortlistPopup | null> {
  limit(deps, "monitor", `u:${me.user.id}`);
  const d = detectMeeting(text);
  if (!isActionable(d)) return null;
  // A socket message has no HTTP retry around it: when another process (a CLI verb, a backup)
  // holds the write lock, wait for it here rather than answer the recruiter with an error.
  await retryOnBusy(deps.db.$client, () =>
    repo.insertEvent(deps.db, {
      workspaceId: me.user.workspaceId,
      userId: me.user.id,
      type: "meeting_detected",
      source: "websocket",
      candidateName: d.candidateName,
      position: d.position,
      message: text.slice(0, 4000),
      createdAt: deps.clock.now(),
    }),
  );
  return popupFor(d.candidateName, d.position);
}

/**
 * The candidate a chat event is about: by id (another workspace's is a 404), else the
 * workspace's candidate with exactly that name, else a new candidate recorded from the
 * recruiter's own chat (name and position only).
 */
function resolveCandidate(deps: ChatDeps, workspaceId: number, input: ChatEventInput): Participant {
  if (input.candidateId) {
    const p = findCandidate(deps, workspaceId, input.candidateId);
    if (!p) throw new AppError("not_found", 404, "Candidate not found");
    return p;
  }
  const name = input.candidateName?.trim();
  if (!name) throw badRequest("Please enter candidate name and position", { candidateName: "Please enter candidate name and position" });
  const same = filterCandidates(deps, workspaceId, { words: [name] }).find((p) => p.name?.trim().toLowerCase() === name.toLowerCase());
  if (same) return same;
  return deps.candidates.upsertFromVisitor(workspaceId, { uniqueId: `chat-${randomToken(12)}`, name, roleApplied: input.position?.trim() || null, isTest: true });
}

export interface ChatEventResult {
  success: true;
  candidate: { id: number; name: string | null; position: string };
  shortlist?: { id: number; name: string; size: number };
  bookingUrl?: string;
}

/** POST /api/chat-events: records the event and does what it asks. */
export async function chatEvent(deps: ChatDeps, me: SignedIn, input: ChatEventInput): Promise<ChatEventResult> {
  const ws = me.user.workspaceId;
  const candidate = resolveCandidate(deps, ws, input);
  const position = input.position?.trim() || candidateRole(candidate) || "";
  const event = repo.insertEvent(deps.db, {
    workspaceId: ws,
    userId: me.user.id,
    type: input.type,
    source: "api",
    candidateId: candidate.id,
    candidateName: candidate.name,
    position: position || null,
    message: input.message ?? null,
    createdAt: deps.clock.now(),
  });
  const result: ChatEventResult = { success: true, candidate: { id: candidate.id, name: candidate.name, position } };
  const ctx = { deps, workspaceId: ws, userId: me.user.id, timeZone: input.timeZone || "UTC" };
  if (input.type === "meeting_detected") {
    deps.hub.deliver(event.id, ws, me.user.id, popupFor(candidate.name ?? input.candidateName ?? `Candidate #${candidate.id}`, position));
  } else if (input.type === "add_to_shortlist") {
    const r = shortlistCandidates(ctx, { shortlistName: position ? `${position} shortlist` : "Chat shortlist", candidateIds: [candidate.id] });
    result.shortlist = { id: r.shortlist.id, name: r.shortlist.name, size: r.shortlist.candidateIds.length };
  } else {
    const r = await proposeInterview(ctx, { candidateId: candidate.id, title: position ? `${position} interview` : "Interview" });
    result.bookingUrl = r.session.bookingUrl;
  }
  return result;
}

/** The workspace's webhook secret, made on first use. Stored sealed, and as a hash to look it up. */
export function webhookSecret(deps: ChatDeps, workspaceId: number): string {
  const row = repo.webhookSecretOf(deps.db, workspaceId);
  if (row) return deps.secrets.open(row.secretSealed);
  return rotateWebhookSecret(deps, workspaceId);
}

function rotateWebhookSecret(deps: ChatDeps, workspaceId: number): string {
  const secret = `whsec_${randomToken(24)}`;
  repo.saveWebhookSecret(deps.db, { workspaceId, sealed: deps.secrets.seal(secret), hash: sha256(secret), now: deps.clock.now() });
  return secret;
}

/** "Regenerate" on /chat/webhook: owners and admins only, and in the activity log. */
export function rotateChatWebhookSecret(deps: ChatDeps, me: SignedIn): void {
  requirePermission(me.user, "chatWebhook.manage");
  deps.db.transaction((tx) => {
    rotateWebhookSecret(deps, me.user.workspaceId);
    recordEvent(deps, tx, { workspaceId: me.user.workspaceId, actor: memberActor(me), subject: { type: "settings", id: "chat_webhook" }, kind: "chat_webhook.secret_rotated" });
  });
}

/** POST /api/webhook/chat: a chat platform reports a message; the secret names the workspace. */
export function webhookChat(deps: ChatDeps, secret: string | null, input: { text: string; userId?: string | number | null }) {
  const row = secret && secret.length < 200 ? repo.webhookSecretByHash(deps.db, sha256(secret)) : undefined;
  if (!row) throw unauthorized("Invalid webhook secret");
  const ws = row.workspaceId;
  limit(deps, "webhook", `w:${ws}`);
  const d = detectMeeting(input.text);
  if (!isActionable(d)) return { message: "No meeting request detected", candidate: null };
  const uid = Number(input.userId);
  const user = Number.isInteger(uid) && uid > 0 ? findUserById(deps, uid) : undefined;
  const target = user && user.workspaceId === ws ? user : undefined;
  const event = repo.insertEvent(deps.db, {
    workspaceId: ws,
    userId: target?.id ?? null,
    type: "meeting_detected",
    source: "webhook",
    candidateName: d.candidateName,
    position: d.position,
    message: input.text.slice(0, 4000),
    createdAt: deps.clock.now(),
  });
  const popup = popupFor(d.candidateName, d.position);
  const delivered = deps.hub.deliver(event.id, ws, target?.id ?? null, popup);
  return { message: "Meeting request detected", candidate: { name: popup.candidateName, position: popup.position }, delivered };
}

export function recentChatEvents(deps: Deps, workspaceId: number, limit = 20) {
  return repo.recentEvents(deps.db, workspaceId, limit);
}
