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

export const VIDEO_URL_NEEDED = "Enter the link of your video room (https://…)";

export function videoDefault(deps: Deps, userId: number): VideoLink {
  const row = cache.videoLinkOf(deps.db, userId);
  if (row && (row.kind === "google_meet" || row.kind === "fixed" || row.kind === "none")) return { kind: row.kind, url: row.kind === "fixed" ? row.url : null };
  return { kind: repo.findAccount(deps.db, userId)?.connected ? "google_meet" : "none", url: null };
}

/** Checks a choice: a fixed link needs an http(s) URL; the others carry none. */
export function checkVideoLink(v: { kind: VideoKind; url?: string | null }): VideoLink {
  if (v.kind !== "fixed") return { kind: v.kind, url: null };
  const url = v.url?.trim() ?? "";
  if (!/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000) throw badRequest(VIDEO_URL_NEEDED, { url: VIDEO_URL_NEEDED });
  return { kind: "fixed", url };
}

export function setVideoDefault(deps: Deps, userId: number, v: { kind: VideoKind; url?: string | null }): VideoLink {
  const link = checkVideoLink(v);
  cache.setVideoLink(deps.db, userId, link);
  return link;
}
