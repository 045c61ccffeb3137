import type { Deps } from "../../deps";
import { randomToken, sha256 } from "../../lib/crypto";
import * as repo from "./repo";
import { findUserById } from "../auth/service";
import { buildCalendar, type IcsEvent } from "../../lib/ics";
import { meetingsOfUser, type CalendarMeeting } from "./meetings";

/**
 * Every user's private iCal feed: /ical/<token>.ics, a random 256-bit token that any
 * calendar app can subscribe to, regenerable from the iCal Manager.
 */
function feedPath(token: string) {
  return `/ical/${token}.ics`;
}

/** The user's feed URL, creating the feed on first use. */
export function feedUrl(deps: Deps, user: { id: number; workspaceId: number }): string {
  const row = repo.findFeedByUser(deps.db, user.id);
  if (row) {
    try {
      return deps.config.APP_URL + feedPath(deps.secrets.open(row.tokenSealed));
    } catch {
      // APP_SECRET changed: the old token cannot be shown, so issue a new one.
    }
  }
  return regenerateFeed(deps, user);
}

/** A new token; the previous URL stops working at once. */
export function regenerateFeed(deps: Deps, user: { id: number; workspaceId: number }): string {
  const token = randomToken(32);
  repo.upsertFeed(deps.db, { userId: user.id, workspaceId: user.workspaceId, tokenHash: sha256(token), tokenSealed: deps.secrets.seal(token) });
  return deps.config.APP_URL + feedPath(token);
}

function toFeedEvent(deps: Deps, m: CalendarMeeting): IcsEvent {
  const host = new URL(deps.config.APP_URL).hostname;
  const candidate = m.candidateName || m.candidateEmail || "Candidate";
  const details = [m.description, m.meetingUrl ? `Video meeting: ${m.meetingUrl}` : null, `Interview details: ${deps.config.APP_URL}/interview-details/${m.publicId}`].filter(Boolean).join("\n\n");
  return {
    uid: `meeting-${m.publicId}@${host}`,
    sequence: m.sequence,
    start: m.startTime,
    end: m.endTime,
    created: m.createdAt,
    summary: `${m.title} – ${candidate}`,
    description: details,
    location: m.location || m.meetingUrl,
    url: m.meetingUrl,
    status: m.status === "canceled" || m.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    organizer: m.recruiterEmail ? { email: m.recruiterEmail, name: m.recruiterName } : null,
    attendees: [...(m.candidateEmail ? [{ email: m.candidateEmail, name: m.candidateName }] : []), ...m.panelists],
  };
}

/** The feed's body for a token, or null when the token is unknown (or was regenerated). */
export function renderFeed(deps: Deps, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const feed = repo.findFeedByHash(deps.db, sha256(token));
  if (!feed) return null;
  // Only a member's feed serves: one who left (or moved workspace) shows no one's interviews.
  const owner = findUserById(deps, feed.userId);
  if (!owner || owner.removedAt || owner.workspaceId !== feed.workspaceId) return null;
  const events = meetingsOfUser(deps, feed.workspaceId, feed.userId).map((m) => toFeedEvent(deps, m));
  return buildCalendar({ name: "Frank interviews", prodId: "-//Frank//Interview feed//EN", method: "PUBLISH", refreshMinutes: 15, now: deps.clock.now(), events });
}

/** A member left (wired in app.ts): the feed row goes in the removal's transaction. */
export function turnOffFeed(tx: Parameters<typeof repo.deleteFeed>[0], userId: number): void {
  repo.deleteFeed(tx, userId);
}
