import { isIP } from "node:net";

/** The port the server listens on when PORT is not set. */
export const DEFAULT_PORT = 3000;

const loopback = (host: string) => {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || (isIP(h) === 4 && h.startsWith("127."));
};

/**
 * The port of APP_URL when it names this machine with a port of its own
 * ("http://localhost:4000"): without PORT the server listens there, and healthcheck probes
 * there, so the one setting serves both. A public address (behind a proxy) says nothing
 * about the local port.
 */
export function portOfLocalUrl(appUrl: string | undefined): number | undefined {
  if (!appUrl) return undefined;
  try {
    const u = new URL(appUrl);
    return u.port && loopback(u.hostname) ? Number(u.port) : undefined;
  } catch {
    return undefined;
  }
}
