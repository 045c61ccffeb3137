import type { Deps } from "../../deps";
import { badRequest } from "../../lib/errors";
import * as cache from "./repo-cache";
import * as repo from "./repo";
import type { VideoKind } from "./providers/provider";

/**
 * A member's default video link (decision 32): Google Meet made with the event, a fixed link
 * of their own (a personal Zoom or Whereby room), or none. Without a choice: Meet when the
 * member's calendar is connected (as before), else none.
 */
export interface VideoLink {
  kind: VideoKind;
  url: string | null;
}

const VIDEO_URL_NEEDED = "Enter the link of your video room (https://…)";
const MEET_NEEDS_GOOGLE = "Google Meet links need a connected Google calendar; your calendar is Microsoft Outlook.";
const TEAMS_NEEDS_MICROSOFT = "Microsoft Teams links need a connected Microsoft 365 calendar.";
const TEAMS_NOT_AVAILABLE = "Your Microsoft account cannot make Teams meetings (personal Outlook.com accounts cannot). Choose another video link.";

/**
 * Whether the member can have Teams links (decision 34): a Microsoft connection whose account
 * makes Teams meetings (work or school); null when it can, else why not.
 */
export function teamsUnavailable(deps: Deps, userId: number): string | null {
  const a = repo.findAccount(deps.db, userId);
  if (!a?.connected || a.provider !== "microsoft") return TEAMS_NEEDS_MICROSOFT;
  return a.teamsCapable ? null : TEAMS_NOT_AVAILABLE;
}

export function videoDefault(deps: Deps, userId: number): VideoLink {
  const row = cache.videoLinkOf(deps.db, userId);
  if (row && (row.kind === "google_meet" || row.kind === "microsoft_teams" || row.kind === "fixed" || row.kind === "none")) return { kind: row.kind, url: row.kind === "fixed" ? row.url : null };
  // Without a choice: the connected provider's own meetings (Meet; Teams where the account can make them).
  const a = repo.findAccount(deps.db, userId);
  if (!a?.connected) return { kind: "none", url: null };
  if (a.provider === "microsoft") return { kind: a.teamsCapable ? "microsoft_teams" : "none", url: null };
  return { kind: "google_meet", url: null };
}

/** Checks a choice: a fixed link needs an http(s) URL; the others carry none. */
function checkVideoLink(v: { kind: VideoKind; url?: string | null }): VideoLink {
  if (v.kind !== "fixed") return { kind: v.kind, url: null };
  const url = v.url?.trim() ?? "";
  if (!/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000) throw badRequest(VIDEO_URL_NEEDED, { url: VIDEO_URL_NEEDED });
  return { kind: "fixed", url };
}

export function setVideoDefault(deps: Deps, userId: number, v: { kind: VideoKind; url?: string | null }): VideoLink {
  const link = checkVideoLink(v);
  if (link.kind === "google_meet" && repo.findAccount(deps.db, userId)?.provider === "microsoft" && repo.findAccount(deps.db, userId)?.connected) {
    throw badRequest(MEET_NEEDS_GOOGLE, { kind: MEET_NEEDS_GOOGLE });
  }
  if (link.kind === "microsoft_teams") {
    const why = teamsUnavailable(deps, userId);
    if (why) throw badRequest(why, { kind: why });
  }
  cache.setVideoLink(deps.db, userId, link);
  return link;
}
