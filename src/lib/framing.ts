/** A Content-Security-Policy with one directive set to `value` (replacing any it had). */
export function withDirective(csp: string, directive: string, value: string): string {
  const parts = csp
    .split(";")
    .map((p) => p.trim())
    .filter((p) => p && p.split(/\s/)[0] !== directive);
  return [...parts, `${directive} ${value}`].join("; ");
}

/**
 * Who may frame a page. Every answer says `frame-ancestors 'none'` and `X-Frame-Options: DENY`
 * (lib/http.ts); a page a workspace embeds in its own site answers with that workspace's origins
 * instead (docs/decisions/0024). With no origins nothing changes.
 */
export function allowFraming(headers: Record<string, unknown>, origins: readonly string[]): void {
  if (!origins.length) return;
  const csp = headers["content-security-policy"];
  if (typeof csp === "string") headers["content-security-policy"] = withDirective(csp, "frame-ancestors", origins.join(" "));
  // X-Frame-Options cannot name origins; frame-ancestors replaces it.
  delete headers["x-frame-options"];
}

/** Whether a request is a page load inside a frame (the browser says so in Sec-Fetch-Dest). */
export const framedRequest = (request: Request) => request.headers.get("sec-fetch-dest") === "iframe";
