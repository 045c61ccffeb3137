import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being served, visible to every function it calls (services log through the
 * shared logger, which adds the request id to each line without being handed it).
 */
export interface RequestContext {
  requestId: string;
  /** The path asked for: the application shell marks the section it belongs to. */
  path?: string;
  /** The request: the shell reads a cookie or two from it (the e-mail banner's dismissal). */
  request?: Request;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

// Ids a client or proxy may hand in (X-Request-Id); anything else is replaced by a new one.
const GOOD_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export function requestIdFor(incoming: string | null): string {
  return incoming && GOOD_ID.test(incoming) ? incoming : crypto.randomUUID();
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** The request being served, if any. */
export function currentRequest(): Request | undefined {
  return requestContext.getStore()?.request;
}

/** The path of the request being served (the shell's current section), if any. */
export function currentPath(): string | undefined {
  return requestContext.getStore()?.path;
}
