import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Window } from "happy-dom";

// The client's connection and session rules, in a DOM: a network failure shows the banner
// and never navigates; the banner goes when the server answers; a 401 shows "Session
// expired" before going to /login; superseded requests are dropped.
// The browser globals these modules use, from a happy-dom window (restored afterwards).
const NAMES = ["window", "document", "location", "history", "CustomEvent"] as const;
const g = globalThis as unknown as Record<string, unknown>;
let saved: Record<string, unknown> = {};
let realFetch: typeof fetch;
beforeAll(() => {
  realFetch = globalThis.fetch;
  const win = new Window({ url: "http://localhost/dashboard" }) as unknown as Record<string, unknown>;
  saved = Object.fromEntries(NAMES.map((n) => [n, g[n]]));
  for (const n of NAMES) g[n] = n === "window" ? win : win[n];
});
afterAll(async () => {
  // The toast's hide timer must not outlive the window it writes to.
  (await import("./toast")).dismissToast();
  for (const n of NAMES) g[n] = saved[n];
  globalThis.fetch = realFetch;
});

const banner = () => document.getElementById("connection-banner");

describe("client resilience", () => {
  test("a network failure shows the banner, keeps the page, and an answer clears it", async () => {
    const { api, isConnectionError } = await import("./api");
    const { CONNECTION_LOST_TEXT, isConnectionLost, onConnectionBack } = await import("./connection");
    const assigned: string[] = [];
    const origAssign = location.assign.bind(location);
    location.assign = (u: string | URL) => void assigned.push(String(u));
    globalThis.fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    const err = await api("/api/jobs").catch((e) => e);
    expect(isConnectionError(err)).toBe(true);
    expect(isConnectionLost()).toBe(true);
    expect(banner()?.textContent).toBe(CONNECTION_LOST_TEXT);
    expect(assigned).toEqual([]);

    let back = 0;
    onConnectionBack(() => back++);
    globalThis.fetch = (async () => Response.json({ jobs: [] })) as unknown as typeof fetch;
    await api("/api/jobs");
    expect(isConnectionLost()).toBe(false);
    expect(banner()).toBeNull();
    expect(back).toBe(1);
    location.assign = origAssign;
  });

  test("an aborted request is not a lost connection", async () => {
    const { api } = await import("./api");
    const { isConnectionLost } = await import("./connection");
    const ctrl = new AbortController();
    globalThis.fetch = (async () => {
      throw new DOMException("aborted", "AbortError");
    }) as unknown as typeof fetch;
    ctrl.abort();
    await api("/api/jobs", { signal: ctrl.signal }).catch(() => {});
    expect(isConnectionLost()).toBe(false);
    expect(banner()).toBeNull();
  });

  test("a 401 shows Session expired and goes to /login after the toast", async () => {
    const { api } = await import("./api");
    const { SESSION_EXPIRED_REDIRECT_MS } = await import("./session-expired");
    const assigned: string[] = [];
    location.assign = (u: string | URL) => void assigned.push(String(u));
    globalThis.fetch = (async () => Response.json({ message: "Session expired" }, { status: 401 })) as unknown as typeof fetch;
    await api("/api/jobs").catch(() => {});
    expect(document.getElementById("toaster")?.textContent).toContain("Session expired");
    expect(assigned).toEqual([]);
    await Bun.sleep(SESSION_EXPIRED_REDIRECT_MS + 100);
    expect(assigned).toEqual(["/login"]);
  });

  test("a superseded request is aborted and its answer dropped", async () => {
    const { latestRequests } = await import("./latest");
    const next = latestRequests();
    const first = next();
    const second = next();
    expect(first.signal.aborted).toBe(true);
    expect(first.current()).toBe(false);
    expect(second.current()).toBe(true);
  });
});
