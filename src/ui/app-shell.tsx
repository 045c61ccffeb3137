import type { ReactNode } from "react";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { EmailSetupBanner } from "./email-setup-banner";
import { menuUser, type Shell } from "./shell";
import { ProfileDialogSlot } from "./profile-dialog-slot";
import { Island, declareSection } from "../lib/render";
import { MobileNav, SideNav } from "./app-nav";
import { can } from "../features/auth/permissions";
import { visibleSections, sectionLabel } from "./sections";
import { SETTINGS_SECTIONS } from "./settings-sections";
import CommandPalette from "./islands/command-palette";

/**
 * The frame of every signed-in page: the top bar (logo, the phone's section menu, the account
 * menu), the navigation column, the profile dialog and the command palette (Ctrl/Cmd+K).
 * The page's <title> names the section it belongs to.
 */
export function AppShell({ shell, children, title, wide = true }: { shell: Shell; children: ReactNode; title?: string; wide?: boolean }) {
  const sections = visibleSections(shell.devPages);
  const current = shell.section;
  const label = sectionLabel(current);
  if (label) declareSection(label);
  return (
    // data-zone-unknown: the member has no time zone yet; the page's script sends the browser's (src/client/session.ts).
    <div className="app-frame min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100" data-zone-unknown={shell.user.timeZone ? undefined : ""}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <div className="flex items-center gap-3 sm:gap-6">
            <Logo href="/dashboard" />
            {title ? <span className="hidden text-sm text-slate-500 md:inline dark:text-slate-400">{title}</span> : null}
          </div>
          <div className="flex items-center gap-2">
            <Island name="command-palette" component={CommandPalette} props={{ sections: sections.map(({ label, href }) => ({ label, href })) }} />
            <AccountMenu user={menuUser(shell)} links={shell.links} calendarAvailable={shell.calendarAvailable} />
            {/* After the account menu: its menu stays the page's first <details> (part2 §2). */}
            <MobileNav sections={sections} current={current} />
          </div>
        </div>
      </header>
      <EmailSetupBanner show={shell.emailBanner} back={shell.path} />
      <div className="flex">
        <SideNav sections={sections} current={current} />
        <main id="main" className={`mx-auto w-full min-w-0 px-4 py-6 ${wide ? "max-w-7xl" : "max-w-4xl"}`}>
          {current === "settings" || SETTINGS_SECTIONS.some((s) => s.href === shell.path.split("?")[0]) ? <SettingsLinks user={shell.user} path={shell.path} /> : null}
          {children}
        </main>
      </div>
      <ProfileDialogSlot shell={shell} />
    </div>
  );
}

/**
 * The one navigation of the settings pages (the settings page's cards, as links): every section
 * the member's role may use, the current one marked.
 */
function SettingsLinks({ user, path: full }: { user: { role: string }; path: string | undefined }) {
  const path = full?.split("?")[0];
  const here = (href: string) => !!path && (path === href || path.startsWith(href + "/"));
  const links = [{ href: "/settings", title: "All settings" }, ...SETTINGS_SECTIONS.filter((s) => can(user, s.action) && !s.href.includes("#"))];
  return (
    <nav aria-label="Settings" className="mb-4 flex flex-wrap gap-2 text-sm" data-testid="settings-nav">
      {links.map((l) => {
        const current = l.href === "/settings" ? path === "/settings" : here(l.href);
        return (
          <a
            key={l.href}
            href={l.href}
            aria-current={current ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${current ? "border-brand-600 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white" : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"}`}
          >
            {l.title}
          </a>
        );
      })}
    </nav>
  );
}
