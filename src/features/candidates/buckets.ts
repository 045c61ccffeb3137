// The analytics and filter buckets of a workspace (part2 §9 by default). Pure: the dashboard
// islands use it too.
import { classifyLocation, classifyRole, LOCATIONS, ROLES } from "./classify";

export interface Buckets {
  locations: string[];
  roles: string[];
}

export const DEFAULT_BUCKETS: Buckets = { locations: [...LOCATIONS], roles: [...ROLES] };

const lower = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The location bucket of a city: the first bucket its text names, else Other. */
export function locationIn(b: Buckets, text: string | null | undefined): string {
  if (sameList(b.locations, LOCATIONS)) return classifyLocation(text);
  const t = lower(text);
  if (!t) return "Other";
  return b.locations.find((l) => t.includes(l.toLowerCase())) ?? "Other";
}

/**
 * The role bucket of a free-text role. The spec's five keep its rules (UX before Designer,
 * Product Owner before Manager); other lists match the longest bucket name the role contains.
 */
export function roleIn(b: Buckets, text: string | null | undefined): string {
  if (sameList(b.roles, ROLES)) return classifyRole(text);
  const t = lower(text);
  if (!t) return "Other";
  return [...b.roles].sort((x, y) => y.length - x.length).find((r) => t.includes(r.toLowerCase())) ?? "Other";
}
