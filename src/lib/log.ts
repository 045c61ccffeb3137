/**
 * One-line JSON logs. Paths are redacted before logging: public tokens (booking links,
 * feeds, reset links) must never reach a log file.
 */
export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

export function redactPath(url: string): string {
  const u = url.startsWith("http") ? new URL(url) : new URL(url, "http://x");
  // Any path segment long enough to be a random token is replaced; query strings dropped.
  // (tokens are ≥ 128 random bits: 22+ URL-safe characters with capitals or digits).
  return u.pathname.replace(/\/(?=[A-Za-z0-9_-]*[A-Z0-9])[A-Za-z0-9_-]{20,}(?=\/|$|\.)/g, "/:token");
}

export function createLogger(opts: { quiet?: boolean } = {}): Logger {
  const write = (level: string, msg: string, data?: Record<string, unknown>) => {
    if (opts.quiet && level === "info") return;
    const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...data });
    if (level === "error") console.error(line);
    else console.log(line);
  };
  return { info: (m, d) => write("info", m, d), error: (m, d) => write("error", m, d) };
}
