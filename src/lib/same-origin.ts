// The same-origin rule for requests that change state (CSRF): which methods it covers, and
// whether a browser says a request came from one of our own pages.

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Sec-Fetch-Site decides when the browser sends it (it is reliable even where pages set
 * Referrer-Policy: no-referrer, which makes Chromium send `Origin: null` on form posts).
 * Otherwise Origin must be ours. With neither header the client is not a browser.
 */
export function sameOriginRequest(request: Request, appOrigin: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const o = request.headers.get("origin");
  if (o === null) return true;
  if (o === "null") return false;
  if (o === appOrigin) return true;
  try {
    return new URL(o).host === request.headers.get("host");
  } catch {
    return false;
  }
}
