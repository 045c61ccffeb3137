// fetch for islands, with the spec's error rules (part1 §4, §8): a non-OK answer raises an
// Error whose message is "status: text"; a 401 means the session expired (toast, then
// /login) unless the caller opts out (login page, billing and profile calls). A failure at
// the network level is a lost connection: the banner shows, nothing navigates, and the
// error (status 0) goes to the caller, which keeps what the user typed.
import { connectionBack, connectionLost, isNetworkFailure } from "./connection";
import { sessionExpired } from "./session-expired";

export const SUBSCRIPTION_REQUIRED_EVENT = "frank:subscription-required";

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public body: { message?: string; code?: string; fields?: Record<string, string> } | null,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  /** Do not log out on 401 (login page, billing and profile calls). */
  noLogoutOn401?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      credentials: "include",
      headers: opts.body === undefined ? undefined : { "content-type": "application/json" },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if (isNetworkFailure(e) && !opts.signal?.aborted) {
      if (!onPublicPage()) connectionLost();
      throw new ApiError("Failed to fetch", 0, { message: "Connection lost. Your changes are kept: try again when the connection is back." });
    }
    throw e;
  }
  connectionBack();
  if (!res.ok) {
    const text = await res.text();
    let body: ApiError["body"] = null;
    try {
      body = JSON.parse(text);
    } catch {}
    if (res.status === 401 && !opts.noLogoutOn401 && !onPublicPage()) sessionExpired();
    // The subscription ended while the page was open: the profile dialog opens (it cannot be
    // closed without one), and the page stays as it is.
    if (res.status === 402 && body?.code === "subscription_required") window.dispatchEvent(new CustomEvent(SUBSCRIPTION_REQUIRED_EVENT));
    throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status, body);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The server's own message for a failed call, when it gave one. */
export function serverMessage(e: unknown): string | undefined {
  return e instanceof ApiError ? e.body?.message : undefined;
}

/** True when the call failed because the server could not be reached (the action may be retried). */
export function isConnectionError(e: unknown): boolean {
  return e instanceof ApiError && e.status === 0;
}

const PUBLIC = ["/login", "/forgot-password", "/reset-password", "/book/", "/booking-option-b/", "/prequalifier", "/assessment", "/scheduleacall"];
function onPublicPage() {
  return PUBLIC.some((p) => location.pathname.startsWith(p));
}
