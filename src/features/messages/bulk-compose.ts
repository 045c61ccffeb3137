// Writing to several candidates at once (selected rows of /candidates, a shortlist): one message
// each, never one message to many, each with its own sending task and its own variables.
import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import { participantsByIds } from "../candidates/service";
import { getShortlist } from "../shortlists/service";
import { getTemplate } from "../applications/templates";
import { candidateRecipient, composeContext, writeMessage, type Author } from "./compose";
import type { ComposeMessage, MessageView } from "./model";

const MAX_BULK = 200;

/** The candidates named by ids or a shortlist, in order, once each. */
function recipientsOf(deps: Deps, workspaceId: number, q: { candidates?: string; shortlist?: string }): { id: number; name: string; email: string | null }[] {
  const ids = q.shortlist
    ? getShortlist(deps, workspaceId, Number(q.shortlist) || 0).candidateIds
    : (q.candidates ?? "")
        .split(",")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
  const unique = [...new Set(ids)].slice(0, MAX_BULK);
  const byId = new Map(participantsByIds(deps, workspaceId, unique).map((p) => [p.id, p]));
  return unique.flatMap((id) => {
    const p = byId.get(id);
    return p ? [{ id, name: p.name ?? "", email: p.emailAddress ?? null }] : [];
  });
}

/** The compose page for several candidates. */
export function bulkComposeData(deps: Deps, me: Author, q: { candidates?: string; shortlist?: string }) {
  const recipients = recipientsOf(deps, me.workspaceId, q);
  if (!recipients.length) throw badRequest(q.shortlist ? "This shortlist has no candidates" : "No candidates selected");
  const shortlist = q.shortlist ? getShortlist(deps, me.workspaceId, Number(q.shortlist) || 0) : null;
  return {
    recipients,
    back: shortlist ? { href: `/shortlists/${shortlist.id}`, label: shortlist.name } : { href: "/candidates", label: "Candidates" },
    compose: {
      action: "/messages/compose",
      // Those with an address: the others are listed, not written to.
      to: ((n) => ({ name: `${n} candidate${n === 1 ? "" : "s"}, one e-mail each`, address: "" }))(recipients.filter((r) => r.email).length),
      ...composeContext(deps, me),
      hidden: (shortlist ? { shortlist: String(shortlist.id) } : {}) as Record<string, string>,
    },
  };
}

/** One message to each candidate (their own variables); those without an address are refused, saying so. */
export function writeToEach(deps: Deps, me: Author, candidateIds: number[], input: ComposeMessage): { messages: MessageView[]; refused: { candidateId: number; reason: string }[] } {
  requirePermission(me, "candidates.write");
  if (candidateIds.length > MAX_BULK) throw badRequest(`At most ${MAX_BULK} candidates at once`, { candidateIds: `At most ${MAX_BULK}` });
  if (input.templateId) getTemplate(deps, me.workspaceId, input.templateId); // a wrong template refuses the whole
  const messages: MessageView[] = [];
  const refused: { candidateId: number; reason: string }[] = [];
  for (const id of new Set(candidateIds)) {
    try {
      messages.push(writeMessage(deps, me, candidateRecipient(deps, me, id), input));
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500 || e.fields?.subject || e.fields?.body) throw e;
      refused.push({ candidateId: id, reason: e.message });
    }
  }
  return { messages, refused };
}
