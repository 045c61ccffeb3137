import type { Deps } from "../deps";
import type { users } from "../db/schema";
import { siteLinks, type SiteLinks } from "./links";
import { subscriptionGate } from "../features/billing/service";
import { googleConfigured } from "../features/calendar/google";
import { currentPath } from "../lib/request-context";
import { sectionOf, type SectionId } from "./sections";

/**
 * What the frame of a signed-in page needs (account menu, profile dialog). Pages build it
 * with makeShell(deps, user) and pass it to <AppShell shell={…}>, so the frame can grow
 * (billing state, calendar state) without touching every page.
 */
export interface Shell {
  user: typeof users.$inferSelect;
  links: SiteLinks;
  billingEnabled: boolean;
  /** The subscription gate (part1 §4); always true when billing is not configured. */
  hasSubscription: boolean;
  /** Google Calendar is configured on this server; without it the calendar dot is grey, not red. */
  calendarAvailable: boolean;
  /** A mail transport (SMTP_URL) is set; without it candidates receive no e-mail and a banner says so. */
  emailConfigured: boolean;
  /** Set on the page the server's gate answers with (402): the profile dialog opens by itself. */
  gated?: boolean;
  /** Developer pages are enabled (DEV_PAGES): the navigation lists Developer tools. */
  devPages: boolean;
  /** The section of the address asked for, marked in the navigation (null: none of them). */
  section: SectionId | null;
}

export function makeShell(deps: Deps, user: typeof users.$inferSelect): Shell {
  return {
    user,
    links: siteLinks(deps.config),
    ...subscriptionGate(deps, user),
    calendarAvailable: googleConfigured(deps.config),
    emailConfigured: !!deps.config.SMTP_URL,
    devPages: !!deps.config.devPages,
    section: sectionOf(currentPath()),
  };
}
