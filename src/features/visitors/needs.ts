import type { Deps } from "../../deps";
import type { Actor } from "../../lib/event-recorder";

/**
 * What the candidate pages' settings need of auth, handed over by app.ts: the embed origins live
 * on the workspace's row (auth's), and saving them records an event through auth's recorder.
 */
export interface VisitorsNeeds {
  saveEmbedOrigins(workspaceId: number, origins: readonly string[], actor: Actor): string[];
}

export type VisitorsDeps = Deps & VisitorsNeeds;
