// A fetch for URLs a workspace chose (webhook endpoints) that reaches the public internet only.
// The name is resolved once, every address it gives is checked, and the connection goes to the
// checked address itself (the URL's host becomes the IP; the Host header and the TLS server name
// keep the name), so a second lookup cannot answer differently (DNS rebinding). Redirects are
// never followed: a 3xx is the answer.
import { lookup } from "node:dns/promises";
import { checkServerIdentity } from "node:tls";
import { BLOCKED_MESSAGE, isLocalName, isPublicAddress, PRIVATE_URL_MESSAGE } from "./public-address";

export interface PublicFetchOptions {
  /** WEBHOOK_ALLOW_PRIVATE=1: a self-hosted install posting to its own network (and the tests). */
  allowPrivate: boolean;
  /** The server's own listening address (HOST), refused like the interfaces' addresses. */
  ownAddresses?: readonly string[];
  /** The server's public name (APP_URL's host): it and whatever it resolves to are the server too. */
  ownHost?: string;
  /** Certificate authorities trusted besides the system's (PEM): a private CA's receivers, and the tests. */
  ca?: string;
}

/** The policy of this install (WEBHOOK_ALLOW_PRIVATE, HOST, APP_URL) for URLs a workspace chose. */
export function workspaceUrlPolicy(config: { WEBHOOK_ALLOW_PRIVATE: boolean; HOST: string; APP_URL: string }): PublicFetchOptions {
  return { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, ownAddresses: [config.HOST], ownHost: new URL(config.APP_URL).hostname };
}

/** The target resolved to a private address: the message says no more than that. */
export class BlockedAddressError extends Error {
  constructor() {
    super(BLOCKED_MESSAGE);
    this.name = "BlockedAddressError";
  }
}

/** What a lookup found: the address to connect to, or that there is none to tell (DNS error). */
async function resolve(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const found = await lookup(bare, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/**
 * The address to connect to for this URL, checked; throws BlockedAddressError when any address
 * the name has is not public (a name with one private address among public ones is refused).
 */
async function checkedAddress(url: URL, opts: PublicFetchOptions): Promise<string> {
  const own = opts.ownHost?.toLowerCase();
  if (!opts.allowPrivate && (isLocalName(url.hostname) || url.hostname.toLowerCase() === own)) throw new BlockedAddressError();
  const addresses = await resolve(url.hostname);
  if (addresses.length === 0) throw new Error("The name has no address");
  if (opts.allowPrivate) return addresses[0]!;
  // Behind NAT the server's public address is on no interface: its own name says what it is.
  const ownAddresses = [...(opts.ownAddresses ?? []), ...(own ? await resolve(own).catch(() => []) : [])];
  if (addresses.some((a) => !isPublicAddress(a, ownAddresses))) throw new BlockedAddressError();
  return addresses[0]!;
}

const SAVE_LOOKUP_MS = 3000;

/**
 * For saving a URL: refuses one whose host is (or resolves to) a private address, with the
 * message the API and the settings form show. A name that does not resolve now is accepted:
 * every delivery resolves and checks again.
 */
export async function publicUrlProblem(raw: string, opts: PublicFetchOptions): Promise<string | null> {
  if (opts.allowPrivate) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null; // the URL's own schema says what is wrong with it
  }
  try {
    // A slow resolver does not hold the request: after SAVE_LOOKUP_MS the URL is kept (delivery checks).
    await Promise.race([checkedAddress(url, opts), new Promise((r) => setTimeout(r, SAVE_LOOKUP_MS))]);
    return null;
  } catch (e) {
    return e instanceof BlockedAddressError ? PRIVATE_URL_MESSAGE : null;
  }
}

/** fetch(url) to the checked address, redirects not followed. Throws BlockedAddressError. */
export async function publicFetch(raw: string, init: RequestInit, opts: PublicFetchOptions): Promise<Response> {
  const url = new URL(raw);
  const address = await checkedAddress(url, opts);
  const target = new URL(url);
  target.hostname = address.includes(":") ? `[${address}]` : address;
  const headers = new Headers(init.headers);
  headers.set("host", url.host);
  const name = url.hostname.replace(/^\[|\]$/g, "");
  return fetch(target, {
    ...init,
    headers,
    redirect: "manual",
    // The certificate must be the name's, although the connection is made to its address.
    ...(url.protocol === "https:"
      ? { tls: { serverName: name, ...(opts.ca ? { ca: opts.ca } : {}), checkServerIdentity: (_host: string, cert: Parameters<typeof checkServerIdentity>[1]) => checkServerIdentity(name, cert) } }
      : {}),
  });
}
