import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { sha256 } from "../../lib/crypto";
import type { SessionState } from "./views";
import { enqueueBookingLink } from "./notify";
import * as repo from "./repo";

// A session's link: its state, the token opened from its sealed copy, and the e-mail that
// carries it to the candidate (on creation, and again with Resend).

export function sendBookingLink(deps: Deps, tx: Tx, sessionId: number, token: string, message: string | null): boolean {
  const r = repo.findSessionByTokenHash(deps.db, sha256(token));
  if (!r?.candidateEmail) return false;
  enqueueBookingLink(deps, tx, {
    workspaceId: r.session.workspaceId,
    sessionId,
    to: r.candidateEmail,
    candidateName: r.candidateName,
    position: r.candidateRole || r.candidateJobTitle || null,
    companyName: r.workspaceName,
    recruiterName: r.recruiterName,
    recruiterEmail: r.recruiterEmail,
    title: r.session.title,
    duration: r.session.duration,
    message: message?.trim() || null,
    bookingUrl: bookingUrl(deps, token),
    expiresAt: r.session.expiresAt,
    timeZone: r.session.timeZone,
  });
  return true;
}

/** POST /api/scheduling-sessions/{id}/resend: the booking link again, to a pending session's candidate. */
export function resendBookingLink(deps: Deps, workspaceId: number, id: number, message?: string | null): void {
  const s = repo.findSession(deps.db, workspaceId, id);
  if (!s) throw notFound("Scheduling session not found");
  if (sessionState(s, deps.clock.now()) !== "pending") throw conflict("Only a pending session's link can be sent again");
  const token = openToken(deps, s.tokenSealed);
  if (!token) throw conflict("This link can no longer be sent: create a new session");
  const sent = deps.db.transaction((tx) => sendBookingLink(deps, tx, s.id, token, message ?? null));
  if (!sent) throw badRequest("The candidate has no e-mail address");
}

/** The session's state as the dashboard shows it: a booked session is "booked", an unbooked one past its expiry "expired". */
export function sessionState(s: { status: string; expiresAt: Date }, now: Date): SessionState {
  if (s.status === "scheduled") return "booked";
  if (s.status === "cancelled") return "cancelled";
  return s.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** The booking token, opened from its sealed copy (null if the app secret changed since). */
export function openToken(deps: Deps, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return deps.secrets.open(sealed);
  } catch {
    return null;
  }
}

export const bookingUrl = (deps: Deps, token: string) => `${deps.config.APP_URL}/book/${token}`;

/** The candidate's booking link of a session (null if its token cannot be opened). */
export function bookingUrlOf(deps: Deps, workspaceId: number, sessionId: number): string | null {
  const s = repo.findSession(deps.db, workspaceId, sessionId);
  const token = s ? openToken(deps, s.tokenSealed) : null;
  return token ? bookingUrl(deps, token) : null;
}

/**
 * Sessions written before booking tokens were hashed hold the plain token: store its hash
 * and a sealed copy instead (run once at start-up; a no-op afterwards).
 */
export function hashLegacyTokens(deps: Deps): void {
  for (const r of repo.sessionsWithPlainToken(deps.db)) {
    repo.setTokenHash(deps.db, r.id, { tokenHash: sha256(r.token), tokenSealed: deps.secrets.seal(r.token) });
  }
}
