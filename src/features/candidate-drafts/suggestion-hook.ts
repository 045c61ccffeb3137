// Issue 57 item 3: the fields proposed from a CV are kept on the candidate's record as a
// suggestion once the draft is confirmed, with the recruiter's decision: accepted as proposed,
// or changed. Only records; the proposal itself is the drafts' own.
import type { Deps } from "../../deps";
import type { Actor } from "../events/record";
import { recordSuggestions } from "../suggestions/service";
import { PROMPT_VERSION } from "./propose-model";
import { FIELD_NAMES, type ProposedFields } from "./propose-rules";

export function recordCvProposal(
  deps: Deps,
  workspaceId: number,
  candidateId: number,
  draft: { id: number; sha256: string; proposedBy: string | null },
  proposal: ProposedFields,
  chosen: ProposedFields,
  actor: Actor,
): void {
  if (!draft.proposedBy) return; // nothing was proposed (a limit was passed): the recruiter typed the fields
  const changed = FIELD_NAMES.filter((k) => (proposal[k] ?? null) !== (chosen[k] ?? null));
  const userId = typeof actor === "string" ? null : actor.userId;
  deps.db.transaction((tx) =>
    recordSuggestions(deps, tx, [
      {
        workspaceId,
        participantId: candidateId,
        feature: "cv_fields",
        subject: `draft:${draft.id}`,
        madeBy: draft.proposedBy === "model" ? deps.config.OPENAI_MODEL : "rules",
        promptVersion: draft.proposedBy === "model" ? PROMPT_VERSION : null,
        inputHash: draft.sha256.slice(0, 32),
        output: { fields: proposal },
        decision: { status: changed.length ? "changed" : "accepted", reason: changed.length ? `Changed: ${changed.join(", ")}` : null, userId },
      },
    ]),
  );
}
