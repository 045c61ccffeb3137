// fetch for islands, with the spec's error rules: a non-OK answer raises an Error whose
// message is "status: text"; a 401 logs the user out (full navigation to /login) unless
// the caller opts out (login page, billing and profile calls).
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
    if (!opts.noLogoutOn401 && !onPublicPage()) logoutLocally();
    throw e;
  }
  if (!res.ok) {
    const text = await res.text();
    let body: ApiError["body"] = null;
    try {
      body = JSON.parse(text);
    } catch {}
    if (res.status === 401 && !opts.noLogoutOn401 && !onPublicPage()) logoutLocally();
    throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status, body);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The server's own message for a failed call, when it gave one. */
export function serverMessage(e: unknown): string | undefined {
  return e instanceof ApiError ? e.body?.message : undefined;
}

const PUBLIC = ["/login", "/forgot-password", "/reset-password", "/book/", "/booking-option-b/", "/prequalifier", "/assessment", "/scheduleacall"];
function onPublicPage() {
  return PUBLIC.some((p) => location.pathname.startsWith(p));
}

function logoutLocally() {
  location.assign("/login");
}
