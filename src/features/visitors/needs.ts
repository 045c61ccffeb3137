import type { Deps } from "../../deps";
import type { RateLimiter } from "../../lib/rate-limit";
import type { Actor } from "../../lib/event-recorder";
import type { CandidatesApi } from "../candidates/api";
import type { SchedulingApi } from "../scheduling/api";

/**
 * What the candidate pages' settings need of auth, handed over by app.ts: the embed origins live
 * on the workspace's row (auth's), and saving them records an event through auth's recorder.
 */
export interface VisitorsNeeds {
  saveEmbedOrigins(workspaceId: number, origins: readonly string[], actor: Actor): string[];
  /** An intro call is a scheduling session booked at once (the host's busy times checked in its transaction). */
  scheduling: Pick<SchedulingApi, "bookIntroCall" | "introCallMeeting" | "cancelIntroCall" | "moveIntroCall">;
  /** The candidate a visitor becomes (with an application when they came through a job's link). */
  candidates: Pick<CandidatesApi, "upsertFromVisitor">;
}

/** The infrastructure, the candidate pages' needs and their limits per address. */
export type VisitorsDeps = Deps &
  VisitorsNeeds & {
    visitorLimits: { answers: RateLimiter; clicks: RateLimiter };
    /** The workspace's booked meetings as busy time, kept until the next write (scheduling-adapter.ts). */
    hostMeetings: (workspaceId: number) => { start: Date; end: Date }[];
  };
