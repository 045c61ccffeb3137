import type { SchedulingDeps } from "./needs";
import { tokenLimiter } from "../../lib/token-limit";
import { limitSpace } from "../../lib/rate-limit";
import { sessionWorkspaceOf } from "./booking";
import { manageWorkspaceOf } from "./candidate-changes";

/**
 * The one limit of the candidate's links (/book/, /booking-option-b/, /book/manage/ and
 * /api/book/): 300 requests per link in 10 minutes (a candidate reading, choosing, then moving
 * their interview uses a few; a link embedded on a busy careers page, or bookings raced at one
 * slot, use more); a string that names no booking or confirmation link is counted per address,
 * 60 in 10 minutes, as on the other token routes (lib/token-limit.ts).
 */
export function bookingLinkLimiter(deps: SchedulingDeps) {
  return tokenLimiter({
    spaces: { links: limitSpace(deps, "booking-link"), addresses: limitSpace(deps, "booking-link.address") },
    perLink: 300,
    perAddress: 60,
    windowMs: 10 * 60_000,
    now: () => deps.clock.now().getTime(),
    trustProxy: deps.config.TRUST_PROXY,
    known: (token) => sessionWorkspaceOf(deps, token) !== null || manageWorkspaceOf(deps, token) !== null,
  });
}

export type BookingLinkLimiter = ReturnType<typeof bookingLinkLimiter>;
