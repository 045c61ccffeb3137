// The connection to the server, as the signed-in pages see it. A request that fails at the
// network level (server restarting, Wi-Fi gone, an aborted poll) never reloads the page or
// navigates: it shows a "Connection lost, retrying…" banner, which stays while a probe asks
// the server every few seconds, and goes when the server answers again. Polls skip their
// ticks meanwhile and run once at once when it is back; actions that failed can be retried.

export const CONNECTION_LOST_TEXT = "Connection lost, retrying…";
export const CONNECTION_BACK = "frank:connection-back";
const PROBE_MS = 2000;
// /healthz answers without a session and without touching anything.
const PROBE_PATH = "/healthz";

let lost = false;
let probe: ReturnType<typeof setTimeout> | undefined;

export function isConnectionLost(): boolean {
  return lost;
}

function banner(show: boolean) {
  let el = document.getElementById("connection-banner");
  if (!show) return el?.remove();
  if (el) return;
  el = document.createElement("div");
  el.id = "connection-banner";
  el.className = "connection-banner";
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.dataset.testid = "connection-banner";
  el.textContent = CONNECTION_LOST_TEXT;
  document.body.appendChild(el);
}

async function probeOnce() {
  try {
    const res = await fetch(PROBE_PATH, { cache: "no-store", credentials: "omit" });
    // Any HTTP answer means the server is reachable again (503 while its database is busy still counts).
    if (res.status > 0) return connectionBack();
  } catch {
    // still down
  }
  probe = setTimeout(probeOnce, PROBE_MS);
}

/** Called by api() when fetch itself failed (not for HTTP errors, not for our own aborts). */
export function connectionLost() {
  if (lost) return;
  lost = true;
  banner(true);
  clearTimeout(probe);
  probe = setTimeout(probeOnce, PROBE_MS);
}

/** Called by the probe, and by api() whenever any answer arrives. */
export function connectionBack() {
  if (!lost) return;
  lost = false;
  clearTimeout(probe);
  banner(false);
  window.dispatchEvent(new CustomEvent(CONNECTION_BACK));
}

/** Runs fn when the connection comes back (returns the unsubscribe). */
export function onConnectionBack(fn: () => void): () => void {
  window.addEventListener(CONNECTION_BACK, fn);
  return () => window.removeEventListener(CONNECTION_BACK, fn);
}

/**
 * Calls fn every `ms` while the connection is up: ticks are skipped while it is lost, and
 * fn runs once as soon as it is back. Returns the stop function.
 */
export function startPoll(fn: () => void, ms: number): () => void {
  const id = setInterval(() => {
    if (!lost) fn();
  }, ms);
  const off = onConnectionBack(fn);
  return () => (clearInterval(id), off());
}

/** A fetch failure that is the network's (TypeError "Failed to fetch" and friends), not an abort. */
export function isNetworkFailure(e: unknown): boolean {
  if (e instanceof DOMException && e.name === "AbortError") return false;
  if (e instanceof Error && e.name === "AbortError") return false;
  return e instanceof TypeError || (e instanceof Error && /Failed to fetch|NetworkError|ERR_NETWORK|Load failed/i.test(e.message));
}
