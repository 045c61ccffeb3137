import type { ReactNode } from "react";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { EmailSetupBanner } from "./email-setup-banner";
import type { Shell } from "./shell";
import { ProfileDialogSlot } from "../features/billing/pages/profile-dialog";

/** The frame of every signed-in page: top bar with the logo and the account menu, and the profile dialog. */
export function AppShell({ shell, children, title, wide = true }: { shell: Shell; children: ReactNode; title?: string; wide?: boolean }) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className={`mx-auto flex h-14 items-center justify-between px-4 ${wide ? "max-w-7xl" : "max-w-4xl"}`}>
          <div className="flex items-center gap-6">
            <Logo href="/dashboard" />
            {title ? <span className="hidden text-sm text-slate-500 sm:inline">{title}</span> : null}
          </div>
          <AccountMenu user={shell.user} links={shell.links} calendarAvailable={shell.calendarAvailable} />
        </div>
      </header>
      <EmailSetupBanner configured={shell.emailConfigured} />
      <main className={`mx-auto px-4 py-6 ${wide ? "max-w-7xl" : "max-w-4xl"}`}>{children}</main>
      <ProfileDialogSlot shell={shell} />
    </div>
  );
}
