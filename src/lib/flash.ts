import type { Cookie } from "elysia";
import type { Toast } from "./render";

/**
 * A one-time toast carried across a redirect (form posts without JavaScript):
 * set before the 303, read and cleared by the next page.
 */
type CookieJar = Record<string, Cookie<unknown>>;

const NAME = "frank_flash";

export function setFlash(cookie: CookieJar, toast: Toast) {
  cookie[NAME]!.set({
    value: Buffer.from(JSON.stringify(toast)).toString("base64url"),
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
  });
}

/** The same one-time toast as a Set-Cookie header value, for answers built outside a route (errors). */
export function flashCookieHeader(toast: Toast): string {
  return `${NAME}=${Buffer.from(JSON.stringify(toast)).toString("base64url")}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`;
}

export function takeFlash(cookie: CookieJar): Toast | null {
  const raw = cookie[NAME]?.value;
  if (typeof raw !== "string" || !raw) return null;
  cookie[NAME]!.remove();
  try {
    const t = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof t?.title !== "string") return null;
    return { title: String(t.title).slice(0, 200), description: t.description ? String(t.description).slice(0, 500) : undefined, variant: t.variant };
  } catch {
    return null;
  }
}
