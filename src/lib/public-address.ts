// Which addresses Frank may connect to on a workspace's behalf (webhook endpoints): the public
// internet only. A URL a workspace types must not reach the server itself, its network, or the
// cloud's metadata service (issue 37: SSRF). Pure: no lookups here (public-fetch.ts does them).
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

/** The text every refusal shows: a saved URL, and a delivery's log line (no network detail). */
export const PRIVATE_URL_MESSAGE = "Webhook URLs must point to a public address";
export const BLOCKED_MESSAGE = "Blocked: private address";

type V4Range = [base: number, bits: number];
const v4 = (a: string, bits: number): V4Range => [ipv4ToInt(a)!, bits];

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const V4_BLOCKED: V4Range[] = [
  v4("0.0.0.0", 8), // "this network", 0.0.0.0 included
  v4("10.0.0.0", 8),
  v4("100.64.0.0", 10), // carrier-grade NAT
  v4("127.0.0.0", 8),
  v4("169.254.0.0", 16), // link-local, the cloud metadata service
  v4("172.16.0.0", 12),
  v4("192.0.0.0", 24),
  v4("192.0.2.0", 24),
  v4("192.88.99.0", 24),
  v4("192.168.0.0", 16),
  v4("198.18.0.0", 15),
  v4("198.51.100.0", 24),
  v4("203.0.113.0", 24),
  v4("224.0.0.0", 4), // multicast
  v4("240.0.0.0", 4), // reserved and broadcast
];

/** a.b.c.d (dotted decimal only: lookups and the URL parser give this form) as a number, or null. */
function ipv4ToInt(a: string): number | null {
  const parts = a.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function v4Blocked(n: number): boolean {
  return V4_BLOCKED.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null. */
function ipv6Groups(a: string): number[] | null {
  let s = a.toLowerCase().replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const n = ipv4ToInt(tail[1]!);
    if (n === null) return null;
    s = s.slice(0, -tail[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function v6Blocked(g: number[]): boolean {
  const embedded = (hi: number, lo: number) => v4Blocked(hi * 65536 + lo);
  // ::/96 (unspecified, loopback, the old IPv4-compatible form) and ::ffff:0:0/96 (IPv4-mapped).
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0 || g[5] === 0xffff)) return g[5] === 0 ? true : embedded(g[6]!, g[7]!);
  // 64:ff9b::/96 (NAT64) reaches the IPv4 address it embeds.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(g[6]!, g[7]!);
  // 2002::/16 (6to4) embeds an IPv4 address in its next 32 bits.
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  // Only 2000::/3 is the public IPv6 internet; in it, Teredo (2001::/32), ORCHID and documentation are not.
  if ((g[0]! & 0xe000) !== 0x2000) return true; // fc00::/7, fe80::/10, fec0::/10, ff00::/8, 100::/64 ...
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8 || (g[1]! & 0xfff0) === 0x10 || (g[1]! & 0xfff0) === 0x20)) return true;
  return false;
}

/** A canonical text for comparing addresses (IPv6 as eight full groups). */
function canonical(address: string): string | null {
  if (isIP(address) === 4) return address;
  const g = ipv6Groups(address);
  if (!g) return null;
  // An IPv4-mapped address is the IPv4 address.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  return g.map((x) => x.toString(16)).join(":");
}

let ownAddresses: Set<string> | null = null;
/** Every address of this machine's interfaces (a public one included): the server must not call itself. */
function serverAddresses(): Set<string> {
  if (!ownAddresses) {
    ownAddresses = new Set();
    for (const list of Object.values(networkInterfaces())) {
      for (const i of list ?? []) {
        const c = canonical(i.address);
        if (c) ownAddresses.add(c);
      }
    }
  }
  return ownAddresses;
}

/**
 * True when an IP address is on the public internet and not this server: false for loopback,
 * private (RFC 1918, fc00::/7), link-local, unspecified, multicast, CGNAT, reserved and
 * documentation ranges, IPv4 hidden in IPv6 (mapped, NAT64, 6to4) and anything not an address.
 */
export function isPublicAddress(address: string, extraOwn: readonly string[] = []): boolean {
  const kind = isIP(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  if (kind === 0) return false;
  const c = canonical(address);
  if (!c) return false;
  if (isIP(c) === 4) {
    const n = ipv4ToInt(c);
    if (n === null || v4Blocked(n)) return false;
  } else {
    const g = ipv6Groups(c);
    if (!g || v6Blocked(g)) return false;
  }
  if (serverAddresses().has(c)) return false;
  return !extraOwn.some((o) => canonical(o) === c);
}

/** Names that are this machine whatever DNS says (RFC 6761). */
export function isLocalName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}
