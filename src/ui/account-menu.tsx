import type { SiteLinks } from "./links";

export interface MenuUser {
  name: string | null;
  email: string;
  calendarConnected: boolean;
  /** The member's role may change the candidate pages (issue 18): the link shows only then. Default true. */
  canEditSite?: boolean;
}

/**
 * The account menu of signed-in pages. A <details> element, so it opens without JavaScript;
 * Log out is a form post. `full` is dashboard variant 3's menu (part1 §2); `compact` is
 * variant 2's: Profile, iCal Manager and Log out behind the avatar alone.
 */
/** The calendar dot: green connected, red disconnected, grey when the server has no Google set up. */
export type CalendarDotState = "connected" | "disconnected" | "unavailable";

function calendarDot(connected: boolean, available: boolean): { state: CalendarDotState; color: string; title: string } {
  if (connected) return { state: "connected", color: "bg-green-500", title: "Calendar connected" };
  if (!available) return { state: "unavailable", color: "bg-slate-300", title: "Calendar not available: Google Calendar is not configured on this server" };
  return { state: "disconnected", color: "bg-red-500", title: "Calendar not connected" };
}

export function AccountMenu({ user, links, variant = "full", calendarAvailable = true }: { user: MenuUser; links: SiteLinks; variant?: "full" | "compact"; calendarAvailable?: boolean }) {
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  // The marketing site opens in a new tab; Frank's own /pricing, /terms and /help do not.
  const ext = links.external ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const full = variant === "full";
  const cal = calendarDot(user.calendarConnected, calendarAvailable);
  const dot = <span className={`dot ${cal.color}`} title={cal.title} data-testid="calendar-dot" data-connected={String(user.calendarConnected)} data-state={cal.state} />;
  return (
    <details className="account-menu relative" data-testid="account-menu">
      <summary
        className={`flex cursor-pointer list-none items-center gap-2 rounded-full border border-slate-200 bg-white shadow-sm hover:bg-slate-50 ${full ? "py-1 pr-3 pl-1 text-sm" : "p-1"}`}
        aria-label={full ? undefined : "Account menu"}
      >
        <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-600 text-xs font-semibold text-white" data-account-initial="">
          {initial}
        </span>
        {full ? (
          <>
            <span className="hidden max-w-40 truncate text-slate-700 sm:inline" data-account-name="" data-testid="account-name">
              {user.name || user.email}
            </span>
            <span className={`dot ${cal.color}`} title={cal.title} />
          </>
        ) : null}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg" role="menu">
        <button type="button" className="menu-item" data-open-profile="profile" role="menuitem">
          <span className="flex flex-col">
            <span className="font-medium">Profile</span>
            <span className="text-xs text-slate-500">{user.email}</span>
          </span>
        </button>
        <a className="menu-item" href="/settings" role="menuitem">
          Settings
        </a>
        {full ? (
          <>
            <a className="menu-item" href="/dashboard" role="menuitem">
              Dashboard
            </a>
            {user.canEditSite !== false ? (
              <a className="menu-item" href="/settings/candidate-pages" role="menuitem">
                Candidate pages
              </a>
            ) : null}
            <a className="menu-item" href="/participants-monitor" role="menuitem">
              Sync monitor
            </a>
            <a className="menu-item" href={links.pricing} {...ext} role="menuitem">
              Plans &amp; Pricing
            </a>
            <a className="menu-item" href={links.media} {...ext} role="menuitem">
              Buy LinkedIn Media
            </a>
            <a className="menu-item" href={links.terms} {...ext} role="menuitem">
              Hiring Terms of Use
            </a>
            <a className="menu-item" href={links.help} {...ext} role="menuitem">
              Help &amp; Support
            </a>
          </>
        ) : null}
        <div className="flex items-center">
          <a className="menu-item flex-1" href="/ical-manager" role="menuitem">
            {dot}
            iCal Manager
            {cal.state === "unavailable" ? <span className="ml-auto text-xs text-slate-500">Not available</span> : null}
          </a>
          {full && user.calendarConnected ? (
            <a className="btn-ghost btn-sm" href="/sync-ical" title="Sync interviews to the calendar">
              Sync
            </a>
          ) : null}
        </div>
        <div className="my-1 border-t border-slate-100" />
        <form method="post" action="/logout">
          <button type="submit" className="menu-item text-red-600" role="menuitem">
            Log out
          </button>
        </form>
      </div>
    </details>
  );
}
