import type { Deps } from "../../deps";
import type { Actor } from "../../lib/event-recorder";
import type { AuthDeps } from "./needs";
import * as repo from "./repo";
import type { WorkspaceSiteInput } from "./model";
import { DEFAULT_HELP, DEFAULT_TERMS } from "./site-texts";
import { canonicalZone } from "../../lib/time-zone";

export interface WorkspaceSite {
  /** The workspace's own website, or null: candidate pages then show no Home link. */
  siteUrl: string | null;
  termsText: string | null;
  helpText: string | null;
}

/** The workspace's site settings (null fields: not set). */
export function workspaceSite(deps: Deps, workspaceId: number): WorkspaceSite {
  const row = repo.workspaceSite(deps.db, workspaceId);
  return { siteUrl: row?.siteUrl ?? null, termsText: row?.termsText ?? null, helpText: row?.helpText ?? null };
}

export function saveWorkspaceSite(deps: AuthDeps, workspaceId: number, input: WorkspaceSiteInput, actor: Actor): WorkspaceSite {
  deps.db.transaction((tx) => {
    repo.saveWorkspaceSite(tx, workspaceId, input);
    deps.recordEvent(tx, { workspaceId, actor, subject: { type: "settings", id: "site" }, kind: "settings.changed", summary: "Site URL and texts" });
  });
  return workspaceSite(deps, workspaceId);
}

/** The workspace's zone (issue 60): set from the owner's browser at their first sign-in, or in Settings; UTC until then. */
export function workspaceZone(deps: Deps, workspaceId: number): string {
  return canonicalZone(repo.workspaceTimeZone(deps.db, workspaceId)) ?? "UTC";
}

/** Sets the zone when the workspace has none yet (the demo's agency is in Sydney). */
export function adoptWorkspaceZone(deps: Deps, workspaceId: number, timeZone: string): void {
  const zone = canonicalZone(timeZone);
  if (zone) repo.adoptWorkspaceTimeZone(deps.db, workspaceId, zone);
}

export function saveWorkspaceZone(deps: AuthDeps, workspaceId: number, timeZone: string, actor: Actor): { timeZone: string } {
  deps.db.transaction((tx) => {
    repo.saveWorkspaceTimeZone(tx, workspaceId, timeZone);
    deps.recordEvent(tx, { workspaceId, actor, subject: { type: "settings", id: "time_zone" }, kind: "settings.changed", summary: `Time zone: ${timeZone}` });
  });
  return { timeZone: workspaceZone(deps, workspaceId) };
}

/** The text /terms or /help shows: the workspace's own, else the default. */
export function siteText(deps: Deps, workspaceId: number | null, page: "terms" | "help"): string {
  const site = workspaceId ? workspaceSite(deps, workspaceId) : null;
  return (page === "terms" ? site?.termsText : site?.helpText) ?? (page === "terms" ? DEFAULT_TERMS : DEFAULT_HELP);
}

/**
 * The origins that may frame the workspace's candidate pages (the prequalifier and booking pages)
 * in their own site: none unless the workspace lists some (docs/decisions/0024).
 */
export function embedOrigins(deps: Deps, workspaceId: number): string[] {
  const raw = repo.embedOrigins(deps.db, workspaceId);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === "string") : [];
  } catch {
    return [];
  }
}

/** Saves a validated list of origins (an empty list: no site may frame the pages). */
export function saveEmbedOrigins(deps: AuthDeps, workspaceId: number, origins: readonly string[], actor: Actor): string[] {
  const before = embedOrigins(deps, workspaceId);
  deps.db.transaction((tx) => {
    repo.saveEmbedOrigins(tx, workspaceId, origins.length ? JSON.stringify(origins) : null);
    // Who may frame the candidate pages is security-relevant: the log keeps the lists themselves.
    deps.recordEvent(tx, {
      workspaceId,
      actor,
      subject: { type: "settings", id: "embed_origins" },
      kind: "embed_origins.changed",
      summary: origins.length ? origins.join(", ") : "none",
      data: { before, after: [...origins] },
    });
  });
  return embedOrigins(deps, workspaceId);
}
