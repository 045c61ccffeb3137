import { AccountMenu } from "../../../ui/account-menu";
import { Logo } from "../../../ui/logo";
import { EmailSetupBanner } from "../../../ui/email-setup-banner";
import { menuUser, type Shell } from "../../../ui/shell";
import { ProfileDialogSlot } from "../../../ui/profile-dialog-slot";

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
            <a className="btn-outline btn-sm" href="/database-debug" data-testid="debug-button">
              Debug
            </a>
            <AccountMenu user={menuUser(shell)} links={shell.links} variant="compact" calendarAvailable={shell.calendarAvailable} />
          </div>
        </div>
      </header>
      <EmailSetupBanner show={shell.emailBanner} back={shell.path} />
      <main className="mx-auto grid max-w-7xl gap-4 px-4 py-8 md:grid-cols-3">
        {blocks.map((b) => (
          <section key={b.href} className="card" data-testid="welcome-block">
            <div className="card-body">
              <h2 className="text-lg font-semibold">{`Welcome ${who}`}</h2>
              <p className="mt-2 text-sm text-slate-600">{b.text}</p>
              <a className="btn-outline btn-sm mt-4" href={b.href}>
                {b.cta}
              </a>
            </div>
          </section>
        ))}
      </main>
      <ProfileDialogSlot shell={shell} />
    </div>
  );
}
