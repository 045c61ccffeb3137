/**
 * The sections of the signed-in product, in the order the navigation lists them, and which
 * addresses belong to each (the current one is marked with aria-current). Pure: the shell,
 * the command palette and tests share one copy.
 */
export type SectionId = "dashboard" | "candidates" | "jobs" | "clients" | "interviews" | "reports" | "assistant" | "settings" | "developer";

export interface Section {
  id: SectionId;
  label: string;
  href: string;
  /** Path prefixes (a prefix matches itself and anything under it after a "/"). */
  paths: string[];
  /** Shown only when developer pages are enabled (DEV_PAGES, on in demo mode). */
  devOnly?: boolean;
}

const SECTIONS: Section[] = [
  { id: "dashboard", label: "Dashboard", href: "/dashboard", paths: ["/dashboard", "/dashboard3"] },
  { id: "candidates", label: "Candidates", href: "/candidates", paths: ["/candidates", "/shortlists", "/sequences"] },
  { id: "jobs", label: "Jobs", href: "/jobs", paths: ["/jobs"] },
  { id: "clients", label: "Clients", href: "/clients", paths: ["/clients"] },
  { id: "interviews", label: "Interviews", href: "/interviews", paths: ["/interviews", "/interview-details", "/scheduling-sessions"] },
  { id: "reports", label: "Reports", href: "/reports", paths: ["/reports", "/placements"] },
  { id: "assistant", label: "Assistant", href: "/chat", paths: ["/chat", "/meeting-detection"] },
  { id: "settings", label: "Settings", href: "/settings", paths: ["/settings", "/ical-manager", "/sync-ical", "/profile", "/pricing"] },
  {
    id: "developer",
    label: "Developer tools",
    href: "/dashboard4",
    paths: ["/dashboard4", "/dashboard2", "/database-test", "/database-debug", "/database-integration", "/participants-monitor", "/shortlist-test", "/dev", "/sync"],
    devOnly: true,
  },
];

export function visibleSections(devPages: boolean): Section[] {
  return SECTIONS.filter((s) => devPages || !s.devOnly);
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + "/");

/** The section an address belongs to, or null (the longest matching prefix wins). */
export function sectionOf(path: string | undefined): SectionId | null {
  if (!path) return null;
  if (path === "/") return "dashboard";
  let best: { id: SectionId; len: number } | null = null;
  for (const s of SECTIONS) {
    for (const p of s.paths) if (under(path, p) && (!best || p.length > best.len)) best = { id: s.id, len: p.length };
  }
  return best?.id ?? null;
}

export const sectionLabel = (id: SectionId | null) => SECTIONS.find((s) => s.id === id)?.label ?? null;
