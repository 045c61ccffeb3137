// Every suggestion on record (issue 57 item 3): what an automated tool said about a candidate,
// made by what (the model and prompt version, or "rules"), from which input (a hash), and what a
// person did with it. Other features record through these functions inside their own
// transactions; the rows go with the candidate (ON DELETE CASCADE) and after the retention.
import { createHash } from "node:crypto";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent, type Actor } from "../events/record";
import { getParticipant } from "../candidates/service";
import { workspaceZone } from "../auth/workspace-site";
import { formatDate } from "../../lib/when";
import * as repo from "./repo";
import { assistantSettings } from "./settings";
import type { Decision, Suggestion } from "./model";

const MONTH_MS = 30 * 86_400_000;

/** A short, stable hash of what a suggestion was made from. */
export function inputHash(input: unknown): string {
  return createHash("sha256")
    .update(typeof input === "string" ? input : JSON.stringify(input))
    .digest("hex")
    .slice(0, 32);
}

export interface NewSuggestion {
  workspaceId: number;
  participantId: number;
  feature: "matching" | "cv_fields" | "assistant_actions" | "screening_summaries";
  subject: string;
  madeBy: string;
  promptVersion?: string | null;
  inputHash: string;
  output: unknown;
  decision?: { status: Decision; reason?: string | null; userId: number | null };
}

function row(s: NewSuggestion, at: Date): repo.NewSuggestion {
  return {
    workspaceId: s.workspaceId,
    participantId: s.participantId,
    feature: s.feature,
    subject: s.subject,
    madeBy: s.madeBy,
    promptVersion: s.promptVersion ?? null,
    inputHash: s.inputHash,
    output: JSON.stringify(s.output ?? null),
    decision: s.decision?.status ?? "none",
    reason: s.decision?.reason ?? null,
    decidedBy: s.decision && s.decision.status !== "none" ? s.decision.userId : null,
    decidedAt: s.decision && s.decision.status !== "none" ? at : null,
    createdAt: at,
  };
}

/** In the caller's transaction: keeps these suggestions. */
export function recordSuggestions(deps: Deps, tx: Tx, list: NewSuggestion[]): void {
  const at = deps.clock.now();
  repo.insertSuggestions(
    tx,
    list.map((s) => row(s, at)),
  );
}

/** Keeps those of these suggestions (one subject of one feature) not already on record from the same input by the same maker. */
export function recordNewSuggestions(deps: Deps, list: NewSuggestion[]): void {
  if (!list.length) return;
  const { workspaceId, feature, subject } = list[0]!;
  const known = repo.hashesOf(
    deps.db,
    workspaceId,
    feature,
    subject,
    list.map((s) => s.participantId),
  );
  const fresh = list.filter((s) => !known.has(`${s.participantId}|${s.inputHash}|${s.madeBy}`));
  if (fresh.length) deps.db.transaction((tx) => recordSuggestions(deps, tx, fresh));
}

/** In the caller's transaction: what a person did with the newest suggestion of this subject about the candidate. */
export function decideSuggestion(
  deps: Deps,
  tx: Tx,
  s: { workspaceId: number; participantId: number; feature: NewSuggestion["feature"]; subject: string },
  decision: Exclude<Decision, "none">,
  by: { userId: number | null; reason?: string | null },
): boolean {
  return repo.decideLatest(tx, s.workspaceId, s.feature, s.subject, s.participantId, { decision, reason: by.reason ?? null, userId: by.userId, at: deps.clock.now() });
}

const FEATURE_WORDS: Record<string, string> = {
  matching: "compared your record with the criteria of a job",
  cv_fields: "read your CV and proposed the fields of your record",
  assistant_actions: "proposed an action about you to a recruiter in the chat",
  screening_summaries: "summarised your answers to the screening questions",
};
const DECISION_WORDS: Record<string, string> = {
  none: "Nobody has acted on it.",
  accepted: "A recruiter accepted it.",
  dismissed: "A recruiter set it aside",
  changed: "A recruiter changed it before using it.",
};

/** One suggestion in plain words, for the person it is about: its day in the workspace's zone (decision 50). */
function inWords(r: repo.SuggestionRow, timeZone: string): string {
  const by = r.madeBy === "rules" ? "Fixed rules (no language model)" : `A language model (${r.madeBy}${r.promptVersion ? `, instructions version ${r.promptVersion}` : ""})`;
  let what = "";
  try {
    const out = JSON.parse(r.output) as { score?: number; job?: string };
    if (r.feature === "matching" && typeof out?.score === "number") what = ` It gave a fit score of ${out.score} out of 100${out.job ? ` for the job "${out.job}"` : ""}.`;
  } catch {} // an unreadable output is described without its details
  const decision = r.decision === "dismissed" ? `${DECISION_WORDS.dismissed}${r.reason ? `: ${r.reason}` : ""}.` : (DECISION_WORDS[r.decision] ?? DECISION_WORDS.none);
  return `On ${formatDate(r.createdAt, timeZone)}, ${by.charAt(0).toLowerCase() + by.slice(1)} ${FEATURE_WORDS[r.feature] ?? "was used about you"}.${what} ${decision} Nothing was decided about you by the tool alone.`;
}

function toView(r: repo.SuggestionRow, timeZone: string): Suggestion {
  let output: unknown = null;
  try {
    output = JSON.parse(r.output);
  } catch {} // kept as written; shown as null
  return {
    id: r.id,
    feature: r.feature,
    subject: r.subject,
    madeBy: r.madeBy,
    promptVersion: r.promptVersion,
    inputHash: r.inputHash,
    output,
    createdAt: r.createdAt.toISOString(),
    decision: { status: r.decision as Decision, reason: r.reason, by: r.decidedBy, at: r.decidedAt?.toISOString() ?? null },
    inWords: inWords(r, timeZone),
  };
}

/** GET /api/participants/{id}/suggestions: newest first. */
export function suggestionsOfCandidate(deps: Deps, workspaceId: number, participantId: number): Suggestion[] {
  getParticipant(deps, workspaceId, participantId); // another workspace's id: 404
  const zone = workspaceZone(deps, workspaceId);
  return repo.suggestionsOf(deps.db, workspaceId, participantId).map((r) => toView(r, zone));
}

/** The export's section: "how automated tools were used about you". */
export function suggestionsInWords(deps: Deps, workspaceId: number, participantId: number) {
  const rows = repo.suggestionsOf(deps.db, workspaceId, participantId);
  const zone = workspaceZone(deps, workspaceId);
  return {
    title: "How automated tools were used about you",
    explanation: rows.length
      ? "Each line below is one suggestion an automated tool made about you, what it was made by, and what a person did with it."
      : "No automated tool has made a suggestion about you.",
    items: rows.map((r) => ({
      when: r.createdAt.toISOString(),
      what: inWords(r, zone),
      madeBy: r.madeBy,
      promptVersion: r.promptVersion,
      decision: r.decision,
      reason: r.reason,
      output: toView(r, zone).output,
    })),
  };
}

/** Daily: each workspace's suggestions older than its retention (at least 6 months) are removed. */
export function pruneSuggestions(deps: Deps, actor: Actor = "system"): number {
  let removed = 0;
  for (const workspaceId of repo.workspacesWithSuggestions(deps.db)) {
    const months = assistantSettings(deps, workspaceId).retentionMonths;
    const cutoff = new Date(deps.clock.now().getTime() - months * MONTH_MS);
    const n = deps.db.transaction((tx) => {
      const n = repo.deleteOlderThan(tx, workspaceId, cutoff);
      if (n) recordEvent(deps, tx, { workspaceId, actor, subject: { type: "workspace", id: workspaceId }, kind: "suggestions.pruned", data: { removed: n, months } });
      return n;
    });
    removed += n;
  }
  return removed;
}
