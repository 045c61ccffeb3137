import { Logo } from "../../../ui/logo";
import type { Shell } from "../../../ui/shell";
import { ProfileDialogSlot } from "../../billing/pages/profile-dialog";

/**
 * /dashboard2: dashboard variant 2 (part1 §2). A top-right account menu with Profile (showing
 * the e-mail), iCal Manager and Log out; a debug button; three welcome blocks; the profile
 * dialog. The menu is a <details>, so it opens without JavaScript.
 */
export function Dashboard2Page({ shell }: { shell: Shell }) {
  const { user } = shell;
  const who = user.name || user.email;
  const blocks = [
    { text: "Your candidates, shortlists and interviews are on the dashboard.", href: "/dashboard", cta: "Open dashboard" },
    { text: "Connect your calendar so booked interviews land in it.", href: "/ical-manager", cta: "iCal Manager" },
    { text: "Check the participants backup and the scheduled sync.", href: "/participants-monitor", cta: "Sync monitor" },
  ];
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between px-4">
          <Logo href="/dashboard" />
          <div className="flex items-center gap-2">
            <a className="btn-outline btn-sm" href="/database-debug" data-testid="debug-button">Debug</a>
            <AccountMenuV2 email={user.email} initial={who.trim().charAt(0).toUpperCase()} connected={user.calendarConnected} />
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-4 px-4 py-8 md:grid-cols-3">
        {blocks.map((b) => (
          <section key={b.href} className="card" data-testid="welcome-block">
            <div className="card-body">
              <h2 className="text-lg font-semibold">{`Welcome ${who}`}</h2>
              <p className="mt-2 text-sm text-slate-600">{b.text}</p>
              <a className="btn-outline btn-sm mt-4" href={b.href}>{b.cta}</a>
            </div>
          </section>
        ))}
      </main>
      <ProfileDialogSlot shell={shell} />
    </div>
  );
}

function AccountMenuV2({ email, initial, connected }: { email: string; initial: string; connected: boolean }) {
  return (
    <details className="account-menu relative" data-testid="account-menu">
      <summary className="flex cursor-pointer list-none items-center rounded-full border border-slate-200 bg-white p-1 shadow-sm hover:bg-slate-50" aria-label="Account menu">
        <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-600 text-xs font-semibold text-white">{initial}</span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg" role="menu">
        <button type="button" className="menu-item" data-open-profile="profile" role="menuitem">
          <span className="flex flex-col">
            <span className="font-medium">Profile</span>
            <span className="text-xs text-slate-500">{email}</span>
          </span>
        </button>
        <a className="menu-item" href="/ical-manager" role="menuitem">
          <span className={`dot ${connected ? "bg-green-500" : "bg-red-500"}`} />
          iCal Manager
        </a>
        <div className="my-1 border-t border-slate-100" />
        <form method="post" action="/logout">
          <button type="submit" className="menu-item text-red-600" role="menuitem">Log out</button>
        </form>
      </div>
    </details>
  );
}
