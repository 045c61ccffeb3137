import type { Deps } from "../../deps";
import { latestParticipants } from "../candidates/service";
import { isDesignRole, type DebugParticipant } from "./extract";

/** The participants of a workspace in their database field names (part2 §3, debug pages). */
export function debugParticipants(deps: Deps, workspaceId: number, limit: number): DebugParticipant[] {
  return latestParticipants(deps, workspaceId, limit).map((p) => ({
    id: p.id,
    unique_id: p.uniqueId,
    name: p.name,
    email_address: p.emailAddress,
    role_applied: p.roleApplied,
    city: p.city,
    job_title: p.jobTitle,
    prequalifier: p.prequalifier,
    assessment: p.assessment,
    voice_transcript: p.voiceTranscript,
    stages: p.stages,
    industry: p.industry,
  }));
}

/** The design query the debug page tests: the workspace's design candidates. */
export function designTestParticipants(deps: Deps, workspaceId: number, limit: number): DebugParticipant[] {
  return debugParticipants(deps, workspaceId, limit).filter(isDesignRole);
}
