/**
 * A cookie's value read from the request's header, for code where Elysia's jar is not at hand:
 * Elysia parses `cookie` only for routes whose source it sees use it (not inside a macro in the
 * compiled binary, nor in answers made outside a handler).
 */
export function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? (new Bun.CookieMap(header).get(name) ?? undefined) : undefined;
}
