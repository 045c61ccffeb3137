import type { ReactNode } from "react";
import type { Deps } from "../deps";
import type { users } from "../db/schema";
import { siteLinks, type SiteLinks } from "./links";
import { currentPath, currentRequest } from "../lib/request-context";
import { cookieOf } from "../lib/request-cookie";
import { EMAIL_BANNER_COOKIE } from "./email-setup-banner";

function bannerDismissed(): boolean {
  const request = currentRequest();
  return !!request && cookieOf(request, EMAIL_BANNER_COOKIE) === "hidden";
}

function pagePath(): string {
  const request = currentRequest();
  if (!request) return currentPath() ?? "/dashboard";
  const u = new URL(request.url);
  return u.pathname + u.search;
}
import { sectionOf, type SectionId } from "./sections";
import type { MenuUser } from "./account-menu";

type User = typeof users.$inferSelect;

/**
 * What the features hand the frame of a signed-in page, as plain values and one slot: the
 * frame (src/ui) knows no feature. Auth's constructor builds them (features/auth/feature.tsx).
 */
export interface ShellParts {
  billingEnabled: boolean;
  /** The subscription gate (part1 §4); always true when billing is not configured. */
  hasSubscription: boolean;
  /** Google Calendar is configured on this server; without it the calendar dot is grey, not red. */
  calendarAvailable: boolean;
  /** The member's Google Calendar is connected (the account menu's dot). */
  calendarConnected: boolean;
  /** The member may change the workspace's candidate pages (the account menu's link). */
  canEditSite: boolean;
  /** The profile dialog, closed until opened; open from the first paint on the gate's page. */
  profileDialog: (gated: boolean) => ReactNode;
}

/**
 * What the frame of a signed-in page needs (account menu, profile dialog). Pages build it
 * with the shell maker their feature was built with (`web.shell(user)`) and pass it to
 * <AppShell shell={…}>, so the frame can grow
 * (billing state, calendar state) without touching every page.
 */
export interface Shell extends ShellParts {
  user: User;
  links: SiteLinks;
  /** A mail transport (SMTP_URL) is set; without it candidates receive no e-mail and a banner says so. */
  emailConfigured: boolean;
  /** The e-mail banner shows: no transport, an owner or admin, and not dismissed this session. */
  emailBanner: boolean;
  /** The path (and query) of the page, for forms that come back to it. */
  path: string;
  /** Set on the page the server's gate answers with (402): the profile dialog opens by itself. */
  gated?: boolean;
  /** Developer pages are enabled (DEV_PAGES): the navigation lists Developer tools. */
  devPages: boolean;
  /** The section of the address asked for, marked in the navigation (null: none of them). */
  section: SectionId | null;
}

/** The frame of a signed-in member's page, from the features' parts (built once, in app.ts). */
export function shellMaker(deps: Deps, parts: (user: User) => ShellParts): (user: User) => Shell {
  return (user) => ({
    user,
    links: siteLinks(deps.config),
    ...parts(user),
    emailConfigured: !!deps.config.SMTP_URL,
    emailBanner: !deps.config.SMTP_URL && (user.role === "owner" || user.role === "admin") && !bannerDismissed(),
    path: pagePath(),
    devPages: !!deps.config.devPages,
    section: sectionOf(currentPath()),
  });
}

/** The account menu's view of the signed-in member. */
export function menuUser(shell: Shell): MenuUser {
  return { name: shell.user.name, email: shell.user.email, calendarConnected: shell.calendarConnected, canEditSite: shell.canEditSite };
}
