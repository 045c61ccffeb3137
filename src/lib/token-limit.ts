import { AppError } from "./errors";
import { clientIp, type TrustProxy } from "./client-ip";
import { RateLimiter, type LimitSpace } from "./rate-limit";

type Server = { requestIP(r: Request): { address: string } | null } | null;

/**
 * The limit of a public route whose address carries a token (/s/, /feedback/, /book/, /invite/).
 * A token that names a link is counted per link (a contact reading their page from a phone and a
 * laptop shares one budget); any other string is counted per address, so a flood of random tokens
 * costs the sender, not the map: only real links and real addresses get a window, and each
 * limiter keeps a bounded number of them.
 */
export function tokenLimiter(o: {
  perLink: number;
  perAddress: number;
  windowMs: number;
  now: () => number;
  trustProxy: TrustProxy;
  known: (token: string) => boolean;
  spaces?: { links: LimitSpace; addresses: LimitSpace };
}) {
  const links = new RateLimiter(o.perLink, o.windowMs, o.now, o.spaces?.links);
  const addresses = new RateLimiter(o.perAddress, o.windowMs, o.now, o.spaces?.addresses);
  return {
    links,
    addresses,
    /** Counts one request; answers how long to wait when over. */
    hit(token: string, request: Request, server: Server): { ok: boolean; retryAfter: number } {
      return o.known(token) ? links.hit(token) : addresses.hit(clientIp(request, server, o.trustProxy));
    },
    /** Throws the one 429 (HTML page or JSON envelope) when over. */
    enforce(token: string, request: Request, server: Server): void {
      const r = this.hit(token, request, server);
      if (!r.ok) throw new AppError("rate_limited", 429, "Too many requests for this link. Please wait and try again.", undefined, { "retry-after": String(Math.max(1, r.retryAfter)) });
    },
  };
}
