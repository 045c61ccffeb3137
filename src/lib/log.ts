import { currentRequestId } from "./request-context";
import { redactUserInfo } from "./redact";

/**
 * One-line JSON logs at or above LOG_LEVEL; a line written while a request is served carries
 * its requestId. Paths are redacted before logging: public tokens (booking links, feeds,
 * reset links) must never reach a log file.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 50 };

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

export function redactPath(url: string): string {
  const u = url.startsWith("http") ? new URL(url) : new URL(url, "http://x");
  // Any path segment long enough to be a random token is replaced; query strings dropped.
  // (tokens are ≥ 128 random bits: 22+ URL-safe characters with capitals or digits).
  return u.pathname.replace(/\/(?=[A-Za-z0-9_-]*[A-Z0-9])[A-Za-z0-9_-]{20,}(?=\/|$|\.)/g, "/:token");
}

/** `quiet` (CLI verbs, tests) raises the level to errors only; `out` replaces the console (tests). */
export function createLogger(opts: { quiet?: boolean; level?: LogLevel; out?: (line: string, level: LogLevel) => void } = {}): Logger {
  const min = RANK[opts.quiet ? "error" : (opts.level ?? "info")];
  const write = (level: Exclude<LogLevel, "silent">, msg: string, data?: Record<string, unknown>) => {
    if (RANK[level] < min) return;
    const requestId = currentRequestId();
    // No line carries a URL's password (a connection string in an error message, a bad setting).
    const line = redactUserInfo(JSON.stringify({ t: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...data }));
    if (opts.out) opts.out(line, level);
    else if (level === "error" || level === "warn") console.error(line);
    else console.log(line);
  };
  return {
    debug: (m, d) => write("debug", m, d),
    info: (m, d) => write("info", m, d),
    warn: (m, d) => write("warn", m, d),
    error: (m, d) => write("error", m, d),
  };
}
