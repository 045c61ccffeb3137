/**
 * Who may frame a page. Every answer says `frame-ancestors 'none'` and `X-Frame-Options: DENY`
 * (lib/http.ts); a page a workspace embeds in its own site answers with that workspace's origins
 * instead (docs/decisions/0024). With no origins nothing changes.
 */
export function allowFraming(headers: Record<string, unknown>, origins: readonly string[]): void {
  if (!origins.length) return;
  const csp = headers["content-security-policy"];
  if (typeof csp === "string") {
    const parts = csp.split(";").map((p) => p.trim()).filter((p) => p && !p.startsWith("frame-ancestors"));
    headers["content-security-policy"] = [...parts, `frame-ancestors ${origins.join(" ")}`].join("; ");
  }
  // X-Frame-Options cannot name origins; frame-ancestors replaces it.
  delete headers["x-frame-options"];
}

/** Whether a request is a page load inside a frame (the browser says so in Sec-Fetch-Dest). */
export const framedRequest = (request: Request) => request.headers.get("sec-fetch-dest") === "iframe";
