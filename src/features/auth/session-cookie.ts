import type { Cookie } from "elysia";
import type { Deps } from "../../deps";
import { SESSION_COOKIE, type NewSession } from "./service";

type Jar = Record<string, Cookie<unknown>>;

/** Remember me: a 30-day cookie; otherwise a browser-session cookie (the server expires it after 12 idle hours). */
export function setSessionCookie(deps: Deps, cookie: Jar, s: NewSession) {
  cookie[SESSION_COOKIE]!.set({
    value: s.token,
    httpOnly: true,
    sameSite: "lax",
    secure: deps.config.secureCookies,
    path: "/",
    ...(s.persistent ? { expires: s.expiresAt } : {}),
  });
}

export function clearSessionCookie(deps: Deps, cookie: Jar) {
  cookie[SESSION_COOKIE]!.set({ value: "", httpOnly: true, sameSite: "lax", secure: deps.config.secureCookies, path: "/", maxAge: 0 });
}
