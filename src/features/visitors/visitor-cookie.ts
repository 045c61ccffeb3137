import type { Deps } from "../../deps";
import { resolveVisitor, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE, VISITOR_KEY_COOKIE, type Visitor } from "./visitor-id";

type Jar = Record<string, { value: unknown; set(o: object): unknown }>;

/** The visitor of a request; a first visit (or an id that is not theirs) gets both cookies, for one year. */
export function visitorOf(deps: Deps, cookie: Jar): Visitor {
  const v = resolveVisitor(deps, cookie[VISITOR_COOKIE]?.value, cookie[VISITOR_KEY_COOKIE]?.value);
  if (v.issued) {
    const opts = { httpOnly: true, sameSite: "lax", secure: deps.config.secureCookies, path: "/", maxAge: VISITOR_COOKIE_MAX_AGE };
    cookie[VISITOR_COOKIE]!.set({ ...opts, value: v.id });
    cookie[VISITOR_KEY_COOKIE]!.set({ ...opts, value: v.key });
  }
  return v;
}

/**
 * The page's Content-Security-Policy with the outside URL's origin allowed in frames
 * (the default policy allows none).
 */
export function cspWithFrame(current: unknown, url: string): Record<string, string> {
  const base = typeof current === "string" && current ? current : "default-src 'self'";
  const origin = new URL(url).origin;
  const parts = base.split(";").map((p) => p.trim()).filter((p) => p && !p.startsWith("frame-src"));
  return { "content-security-policy": [...parts, `frame-src ${origin}`].join("; ") };
}
