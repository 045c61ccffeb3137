// Requests that supersede each other (a search as the user types, a filter, a page): each
// new one aborts the one before, and an answer that still arrives late is dropped by its
// sequence number, so an older list never overwrites a newer one.
export interface LatestRequest {
  signal: AbortSignal;
  /** True while no newer request has started. */
  current(): boolean;
}

export function latestRequests(): () => LatestRequest {
  let seq = 0;
  let ctrl: AbortController | null = null;
  return () => {
    ctrl?.abort();
    const mine = ++seq;
    const c = (ctrl = new AbortController());
    return { signal: c.signal, current: () => mine === seq };
  };
}
