import type { Deps } from "../../deps";
import { candidateMessagesPart, type Author } from "./compose";
import { enrolmentsOfCandidate, listSequences } from "./sequences";

/** What the candidate's page shows of this feature: their e-mails, the compose form, their sequences. */
export function candidateMailPart(deps: Deps, me: Author, participantId: number) {
  return {
    ...candidateMessagesPart(deps, me, participantId),
    sequences: {
      candidateId: participantId,
      enrolments: enrolmentsOfCandidate(deps, me.workspaceId, participantId),
      sequences: listSequences(deps, me.workspaceId).map((s) => ({ id: s.id, name: s.name })),
    },
  };
}
