import { configMessage } from "../config/env-messages";
import { DEFAULT_PORT, portOfLocalUrl } from "../config/port";

/**
 * `frank healthcheck`: for a container's HEALTHCHECK. Needs only PORT, or a local APP_URL
 * with a port, as the server reads them (and HOST when the server listens on one address), so
 * it works whatever else the environment holds.
 */
export async function healthcheck(env: Record<string, string | undefined>, timeoutMs = 4000): Promise<number> {
  const raw = env.PORT;
  const port = raw === undefined || raw === "" ? (portOfLocalUrl(env.APP_URL) ?? DEFAULT_PORT) : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(configMessage("PORT", raw));
    return 1;
  }
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/healthz`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status === 200) {
      console.log(`healthy: ${url} answered 200`);
      return 0;
    }
    console.error(`unhealthy: ${url} answered ${res.status}`);
    return 1;
  } catch (e) {
    const why = e instanceof Error && e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : "no server answers";
    console.error(`unhealthy: ${url}: ${why}`);
    return 1;
  }
}
