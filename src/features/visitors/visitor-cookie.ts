import type { Deps } from "../../deps";
import { framedRequest, withDirective } from "../../lib/framing";
import { cookieOf } from "../../lib/request-cookie";
import { CODE_PATTERN } from "./chat-service";
import { campaignOfCode } from "./partners";
import { embedOrigins } from "../auth/workspace-site";
import { resolveVisitor, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE, VISITOR_KEY_COOKIE, type Visitor } from "./visitor-id";

type Jar = Record<string, { value: unknown; set(o: object): unknown }>;

/**
 * A page loaded in a frame of another site gets its cookies only when they say SameSite=None
 * (Lax cookies are not sent to a third-party frame), which browsers accept only with Secure, from a
 * secure context: an https APP_URL, or localhost. Partitioned keeps them to that one embedding site.
 */
function cookieOptions(deps: Deps, request: Request | null) {
  const base = { httpOnly: true, path: "/", maxAge: VISITOR_COOKIE_MAX_AGE };
  if (request && framedRequest(request) && secureContext(deps)) return { ...base, sameSite: "none" as const, secure: true, partitioned: true };
  return { ...base, sameSite: "lax" as const, secure: deps.config.secureCookies };
}

const secureContext = (deps: Deps) => {
  const u = new URL(deps.config.APP_URL);
  return u.protocol === "https:" || u.hostname === "localhost" || u.hostname === "127.0.0.1";
};

/** The visitor of a request; a first visit (or an id that is not theirs) gets both cookies, for one year. */
export function visitorOf(deps: Deps, cookie: Jar, request: Request | null = null): Visitor {
  const v = resolveVisitor(deps, cookie[VISITOR_COOKIE]?.value, cookie[VISITOR_KEY_COOKIE]?.value);
  if (v.issued) {
    const opts = cookieOptions(deps, request);
    cookie[VISITOR_COOKIE]!.set({ ...opts, value: v.id });
    cookie[VISITOR_KEY_COOKIE]!.set({ ...opts, value: v.key });
  }
  return v;
}

/** The visitor of a request whose cookies were not parsed (a form's failure page): nothing is set. */
export function visitorOfRequest(deps: Deps, request: Request): Visitor {
  return resolveVisitor(deps, cookieOf(request, VISITOR_COOKIE), cookieOf(request, VISITOR_KEY_COOKIE));
}

/** The origins that may frame a campaign's pages: its workspace's allowed embed origins (none without a campaign). */
export function embedOriginsOfCode(deps: Deps, code: unknown): readonly string[] {
  if (typeof code !== "string" || !CODE_PATTERN.test(code)) return [];
  const campaign = campaignOfCode(deps, code);
  return campaign ? embedOrigins(deps, campaign.workspaceId) : [];
}

/**
 * The page's Content-Security-Policy with the outside URL's origin allowed in frames
 * (the default policy allows none).
 */
export function cspWithFrame(current: unknown, url: string): Record<string, string> {
  const base = typeof current === "string" && current ? current : "default-src 'self'";
  return { "content-security-policy": withDirective(base, "frame-src", new URL(url).origin) };
}
