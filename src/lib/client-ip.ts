import { originalRequest } from "./http";

/** Which X-Forwarded-For hops to believe: a hop count, or the proxies' own addresses. */
export type TrustProxy = { hops: number } | { addresses: string[] };

const plainIp = (a: string) =>
  a
    .trim()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1")
    .toLowerCase();

/**
 * The client's address. X-Forwarded-For is read only when the server is told to trust a
 * proxy, and from the right: every proxy appends the address it saw, while the left-most
 * entries are whatever the client wrote. With a hop count N the client is the N-th address
 * from the right of [...forwarded, peer]; with a list it is the right-most one that is not a
 * listed proxy.
 */
export function clientIp(request: Request, server: { requestIP(r: Request): { address: string } | null } | null, trust: TrustProxy): string {
  const peer = server?.requestIP(originalRequest(request))?.address ?? "local";
  if ("hops" in trust && trust.hops <= 0) return peer;
  const fwd = request.headers.get("x-forwarded-for") ?? "";
  const chain = [
    ...fwd
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    peer,
  ];
  if ("hops" in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  const proxies = new Set(trust.addresses.map(plainIp));
  for (let i = chain.length - 1; i >= 0; i--) if (!proxies.has(plainIp(chain[i]!))) return chain[i]!;
  return chain[0]!;
}
