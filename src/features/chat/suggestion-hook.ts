// Issue 57 item 3: the assistant's proposals about candidates on their record as suggestions
// (made by the configured model, or the built-in rules), and the recruiter's confirmation as the
// decision. Only records: the proposals themselves are proposals.ts's.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { participantIdsInWorkspace } from "../candidates/service";
import { decideSuggestion, inputHash, recordSuggestions } from "../suggestions/service";
import { modelConfigured } from "./llm";
import type * as actionsRepo from "./repo-actions";

/** The candidates a proposal is about (its arguments' candidateId or candidateIds). */
function candidatesOf(args: string): number[] {
  try {
    const a = JSON.parse(args) as { candidateId?: unknown; candidateIds?: unknown };
    const ids = Array.isArray(a.candidateIds) ? a.candidateIds : [a.candidateId];
    return ids.filter((n): n is number => typeof n === "number" && Number.isInteger(n) && n > 0).slice(0, 100);
  } catch {
    return [];
  }
}

export function proposalSuggestions(deps: Deps, workspaceId: number, rows: actionsRepo.ChatActionRow[]): void {
  const madeBy = modelConfigured(deps.config) ? deps.config.OPENAI_MODEL : "rules";
  for (const row of rows) {
    const ids = [...participantIdsInWorkspace(deps, workspaceId, candidatesOf(row.args))];
    if (!ids.length) continue;
    deps.db.transaction((tx) =>
      recordSuggestions(
        deps,
        tx,
        ids.map((participantId) => ({
          workspaceId,
          participantId,
          feature: "assistant_actions" as const,
          subject: `action:${row.publicId}`,
          madeBy,
          inputHash: inputHash(row.args),
          output: { kind: row.kind, summary: row.summary },
        })),
      ),
    );
  }
}

export function proposalDecided(deps: Deps, tx: Tx, workspaceId: number, row: actionsRepo.ChatActionRow, userId: number): void {
  for (const participantId of candidatesOf(row.args))
    decideSuggestion(deps, tx, { workspaceId, participantId, feature: "assistant_actions", subject: `action:${row.publicId}` }, "accepted", { userId });
}
