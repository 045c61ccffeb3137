import type { Deps } from "../../deps";
import { getParticipant, latestParticipants, type Participant } from "../candidates/service";
import { candidateRole, classifyLocation, LOCATIONS, stageLabel } from "../candidates/classify";

/**
 * The assistant's read-only view of the workspace's candidates, through the candidates
 * service. The model is grounded in the latest 50 (id descending, part2 §9); searches
 * look further back, up to SEARCH_WINDOW candidates.
 */
export const GROUNDING_LIMIT = 50;
export const SEARCH_WINDOW = 500;

export interface CandidateCard {
  id: number;
  name: string;
  role: string;
  city: string;
  stage: number;
  stageLabel: string;
  email: string | null;
}

export function card(p: Participant): CandidateCard {
  return {
    id: p.id,
    name: p.name?.trim() || `Candidate #${p.id}`,
    role: candidateRole(p) || "Unknown role",
    city: p.city?.trim() || "Unknown city",
    stage: p.stages,
    stageLabel: stageLabel(p.stages),
    email: p.emailAddress,
  };
}

export function latestCandidates(deps: Deps, workspaceId: number, limit = GROUNDING_LIMIT): Participant[] {
  return latestParticipants(deps, workspaceId, limit);
}

/** The candidate, or null when it is not one of this workspace's. */
export function findCandidate(deps: Deps, workspaceId: number, id: number): Participant | null {
  try {
    return getParticipant(deps, workspaceId, id);
  } catch {
    return null;
  }
}

export interface CandidateFilter {
  /** Words that must all appear in the candidate's text (answers included). */
  words?: string[];
  /** A role term: "designer", "ux designer", "product owner", "developer", "manager"… */
  role?: string;
  city?: string;
  stage?: number;
}

const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();

function textOf(p: Participant) {
  return [p.name, p.emailAddress, p.city, p.roleApplied, p.jobTitle, p.industry, p.prequalifier, p.assessment, p.voiceTranscript, p.availability, p.visaStatus].map(lower).join("\n");
}

function roleMatches(p: Participant, term: string) {
  const role = lower(candidateRole(p));
  const t = term.toLowerCase().replace(/s$/, "");
  return t === "ux" || t === "ux designer" ? /\bux\b/.test(role) || role.includes("user experience") : role.includes(t);
}

function cityMatches(p: Participant, city: string) {
  const c = city.toLowerCase();
  const bucket = LOCATIONS.find((l) => l.toLowerCase() === c);
  return bucket ? classifyLocation(p.city) === bucket : lower(p.city).includes(c);
}

/** Candidates matching every given criterion, newest first. */
export function filterCandidates(deps: Deps, workspaceId: number, f: CandidateFilter): Participant[] {
  const words = (f.words ?? []).map((w) => w.toLowerCase()).filter(Boolean);
  return latestParticipants(deps, workspaceId, SEARCH_WINDOW).filter((p) => {
    if (f.role && !roleMatches(p, f.role)) return false;
    if (f.city && !cityMatches(p, f.city)) return false;
    if (f.stage && p.stages !== f.stage) return false;
    if (words.length) {
      const text = textOf(p);
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}

/** A short, factual summary of one candidate from their stored fields. */
export function summarise(p: Participant): string {
  const c = card(p);
  const lines = [`${c.name} (#${c.id}): ${c.role}, ${c.city}. Screening stage ${c.stage}: ${c.stageLabel}.`];
  const facts: [string, string | null][] = [
    ["Email", p.emailAddress],
    ["Current title", p.jobTitle],
    ["Industry", p.industry],
    ["Availability", p.availability],
    ["Visa status", p.visaStatus],
    ["Salary expectation", p.salaryExpectation],
    ["LinkedIn", p.linkedinUrl],
  ];
  for (const [k, v] of facts) if (v?.trim()) lines.push(`${k}: ${v.trim()}`);
  const excerpt = (label: string, t: string | null) => {
    const s = (t ?? "").replace(/\s+/g, " ").trim();
    if (s) lines.push(`${label}: ${s.length > 300 ? s.slice(0, 300) + "…" : s}`);
  };
  excerpt("Prequalifier", p.prequalifier);
  excerpt("Assessment", p.assessment);
  excerpt("Voice interview", p.voiceTranscript);
  return lines.join("\n");
}
