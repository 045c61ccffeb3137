import type { Deps } from "../../deps";
import type { SchedulingDeps } from "./needs";
import { AppError } from "../../lib/errors";
import { workspaceSite } from "../auth/workspace-site";
import { siteLinks } from "../../ui/links";
import { bookingWorkspaceId, getBookingView } from "./booking";
import { getManageView, manageWorkspaceId, type ManageView } from "./candidate-changes";
import { interviewForStaff } from "./interview-access";
import type { BookingView, InterviewView } from "./views";
import { isValidTimeZone } from "./slots";

/**
 * The loaders of scheduling's pages: everything a page shows, read before it renders (pages
 * call no service while rendering). A missing token or id is null, for the page's not-found state.
 */

// Home and Back to Site go to the workspace's own site when it has one, else nowhere
// (candidates have nothing to do on the recruiters' sign-in page).
/**
 * The workspace's own site, else the product's marketing site (MARKETING_URL), else null: the
 * pages then lead to the public Help page, never to Frank's own "/" (the recruiters' sign-in).
 */
function candidateHome(deps: SchedulingDeps, workspaceId: () => number): string | null {
  const product = siteLinks(deps.config);
  const fallback = product.external ? product.home : null;
  try {
    return workspaceSite(deps, workspaceId()).siteUrl ?? fallback;
  } catch {
    return fallback;
  }
}
const siteOf = candidateHome;

const orNull = <T>(load: () => T): T | null => {
  try {
    return load();
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
};

export interface BookingPageProps {
  view: BookingView;
  home: string | null;
  /** The zone times are shown in: the visitor's choice (?tz=) when valid, else the session's. */
  tz: string;
}

export function loadBookingPage(deps: SchedulingDeps, token: string, tzQuery: string | undefined): BookingPageProps | null {
  return orNull(() => {
    const view = getBookingView(deps, token);
    return { view, home: siteOf(deps, () => bookingWorkspaceId(deps, token)), tz: tzQuery && isValidTimeZone(tzQuery) ? tzQuery : view.session.timeZone };
  });
}

export function loadManagePage(deps: SchedulingDeps, token: string): { view: ManageView; home: string | null } | null {
  return orNull(() => ({ view: getManageView(deps, token), home: siteOf(deps, () => manageWorkspaceId(deps, token)) }));
}

/** The interview for its workspace's staff; null for anyone else (the same "Interview Not Found"). */
export function loadInterviewDetails(deps: Deps, workspaceId: number | undefined, publicId: string): InterviewView | null {
  return orNull(() => interviewForStaff(deps, workspaceId, publicId));
}
