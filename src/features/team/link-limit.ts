import type { Deps } from "../../deps";
import { tokenLimiter } from "../../lib/token-limit";
import { limitSpace } from "../../lib/rate-limit";
import { sha256 } from "../../lib/crypto";
import * as repo from "./repo";

/** Whether a string names an invitation in any state (its requests are then counted per link). */
function isInvitationToken(deps: Deps, token: string): boolean {
  return !!token && token.length <= 200 && !!repo.findInvitationByHash(deps.db, sha256(token));
}

/**
 * The invitation links' limit (/invite/{token} and /api/invitations/{token}/accept): 30 requests
 * per link in 10 minutes (an invitee reads, then joins); a string that names no invitation is
 * counted per address, 60 in 10 minutes (lib/token-limit.ts).
 */
export function invitationLinkLimiter(deps: Deps) {
  return tokenLimiter({
    spaces: { links: limitSpace(deps, "invitation-link"), addresses: limitSpace(deps, "invitation-link.address") },
    perLink: 30,
    perAddress: 60,
    windowMs: 10 * 60_000,
    now: () => deps.clock.now().getTime(),
    trustProxy: deps.config.TRUST_PROXY,
    known: (token) => isInvitationToken(deps, token),
  });
}
export type InvitationLinkLimiter = ReturnType<typeof invitationLinkLimiter>;
