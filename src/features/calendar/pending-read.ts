import type { ProviderEvent } from "./providers/provider";

/**
 * A read's changes as stored until they are applied (issue 59): the sync stores them with the
 * new sync token in one transaction and clears them when reconciling finished, so a crash in
 * between applies them on the next sync instead of reading past them. Applying is idempotent
 * (an interview already at its event's time is no change; a flag is raised once).
 */
export interface PendingRead {
  full: boolean;
  events: ProviderEvent[];
}

type Stored = { full: boolean; events: (Omit<ProviderEvent, "start" | "end"> & { start: number | null; end: number | null })[] };

function encodePending(p: PendingRead): string {
  const stored: Stored = { full: p.full, events: p.events.map((e) => ({ ...e, start: e.start?.getTime() ?? null, end: e.end?.getTime() ?? null })) };
  return JSON.stringify(stored);
}

export function decodePending(text: string): PendingRead {
  const s = JSON.parse(text) as Stored;
  return { full: s.full, events: s.events.map((e) => ({ ...e, start: e.start === null ? null : new Date(e.start), end: e.end === null ? null : new Date(e.end) })) };
}

/**
 * A new read stored while an earlier one is still pending (another process's sync): a full read
 * replaces it; an incremental one is applied on top (a later state of an event replaces the earlier).
 */
export function mergePending(previous: string | null, next: PendingRead): string {
  if (!previous || next.full) return encodePending(next);
  const before = decodePending(previous);
  const byId = new Map(before.events.map((e) => [e.id, e]));
  for (const e of next.events) byId.set(e.id, e);
  return encodePending({ full: before.full, events: [...byId.values()] });
}
