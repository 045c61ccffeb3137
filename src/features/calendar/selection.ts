/**
 * The primary-calendar choice rules (part1 §4, §5), shared by the manager island, the
 * no-JavaScript form and the tests. Pure: no server imports.
 */
export interface CalendarOption {
  id: string;
  summary: string;
  primary: boolean;
}

/** Values the dropdown uses as placeholders; saving them is refused. */
const PLACEHOLDER_VALUES = ["", "none", "loading"] as const;

function isPlaceholder(value: string): boolean {
  return (PLACEHOLDER_VALUES as readonly string[]).includes(value.trim());
}

/** Default selection: the stored primary id, else the calendar flagged primary, else "primary". */
export function defaultSelection(storedPrimaryId: string | null | undefined, calendars: CalendarOption[] | null): string {
  if (storedPrimaryId) return storedPrimaryId;
  const flagged = calendars?.find((c) => c.primary);
  return flagged ? flagged.id : "primary";
}

/** The calendar events go to now: the stored choice, or Google's primary calendar. */
function effectivePrimary(storedPrimaryId: string | null | undefined, calendars: CalendarOption[] | null): string {
  return defaultSelection(storedPrimaryId, calendars);
}

/** Save is disabled when nothing real is chosen or the choice already is the primary. */
export function saveDisabled(selected: string, storedPrimaryId: string | null | undefined, calendars: CalendarOption[] | null): boolean {
  if (isPlaceholder(selected)) return true;
  const current = effectivePrimary(storedPrimaryId, calendars);
  if (selected === current) return true;
  // "primary" is Google's alias for the calendar flagged primary.
  const flagged = calendars?.find((c) => c.primary)?.id;
  if (!storedPrimaryId && flagged && (selected === "primary" || selected === flagged)) return true;
  return false;
}

/**
 * The option's text: the calendar Frank writes to carries the "Primary" tag (the stored
 * choice, or Google's own primary while nothing is chosen), not always Google's primary.
 */
export function optionLabel(c: CalendarOption, storedPrimaryId: string | null | undefined, calendars: CalendarOption[] | null): string {
  const used = effectivePrimary(storedPrimaryId, calendars);
  return used === c.id || (used === "primary" && c.primary) ? `${c.summary} · Primary` : c.summary;
}

export function calendarName(id: string, calendars: CalendarOption[] | null): string {
  return calendars?.find((c) => c.id === id)?.summary ?? (id === "primary" ? "Primary calendar" : id);
}

/** The sync's outcome in words (toast and page). */
export function syncReportText(r: { created: number; alreadyThere: number; failed: number }): string {
  return `${r.created} created, ${r.alreadyThere} already there, ${r.failed} failed`;
}
