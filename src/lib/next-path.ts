/**
 * Where to go after signing in: a page of this site only. `next` comes from the URL, so it is
 * checked like any input: a path that starts with one "/" (not "//" or "/\", which browsers
 * read as another host), no control characters, and it still resolves to the same origin.
 * Pure (no server imports): the sign-in island uses it too.
 */
export function safeNext(next: unknown, fallback = "/dashboard"): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2000) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  try {
    const base = "http://frank.invalid";
    const u = new URL(next, base);
    if (u.origin !== base) return fallback;
    // The sign-in pages themselves are no place to come back to.
    if (u.pathname === "/login" || u.pathname.startsWith("/api/")) return fallback;
    return u.pathname + u.search + u.hash;
  } catch {
    return fallback;
  }
}

/** /login with the page to come back to (its path and query). */
export function loginWithNext(url: string | URL): string {
  const u = typeof url === "string" ? new URL(url) : url;
  const back = safeNext(u.pathname + u.search, "");
  return back && back !== "/dashboard" ? `/login?next=${encodeURIComponent(back)}` : "/login";
}
