import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import { Logo } from "../../../ui/logo";
import type { Shell } from "../../../ui/shell";
import { memberZone } from "../../../lib/time-zone";
import CalendarManager, { LoggedOut, type ManagerStatus, type SyncResult } from "../islands/calendar-manager";
import IcalFeed from "../islands/ical-feed";
import type { CalendarOption } from "../selection";
import { CalendarsThatCount, EventChangeCard, VideoLinkCard, type CalendarTruthProps } from "./calendar-truth-cards";

export interface CalendarPageProps {
  mode: "manager" | "sync";
  status: ManagerStatus;
  calendars: CalendarOption[] | null;
  feedUrl: string;
  redirectUri: string;
  report?: SyncResult | null;
  truth?: CalendarTruthProps;
}

const TITLES = { manager: "iCal Manager", sync: "Sync iCal" };

function PageLinks() {
  const links = [
    ["/dashboard", "Dashboard"],
    ["/ical-manager", "iCal Manager"],
    ["/sync-ical", "Sync iCal"],
    ["/login", "Login"],
  ];
  return (
    <nav className="flex flex-wrap gap-4 text-sm" aria-label="Calendar pages">
      {links.map(([href, label]) => (
        <a key={href} href={href} className="text-brand-600 hover:underline">
          {label}
        </a>
      ))}
    </nav>
  );
}

/** /ical-manager and /sync-ical for a signed-in user: the Google connection and the private feed. */
export function CalendarPage({ shell, ...p }: CalendarPageProps & { shell: Shell }) {
  return (
    <AppShell shell={shell} title={TITLES[p.mode]} wide={false}>
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">{TITLES[p.mode]}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {p.mode === "sync"
              ? p.status.provider === "microsoft"
                ? "Push your scheduled interviews to your Outlook calendar."
                : "Push your scheduled interviews to your Google calendar."
              : p.status.microsoftConfigured && !p.status.isConnected
                ? "Connect Google Calendar or Microsoft Outlook and subscribe to your interviews from any calendar app."
                : "Connect Google Calendar and subscribe to your interviews from any calendar app."}
          </p>
        </div>
        <section className="card">
          <div className="card-header">
            <h2 className="card-title">{p.status.provider === "microsoft" ? "Microsoft Outlook" : p.status.isConnected || !p.status.microsoftConfigured ? "Google Calendar" : "Your calendar"}</h2>
          </div>
          <div className="card-body">
            <Island name="calendar-manager" component={CalendarManager} props={{ mode: p.mode, status: p.status, calendars: p.calendars, redirectUri: p.redirectUri, report: p.report ?? null }} />
          </div>
        </section>
        {p.mode === "manager" && p.truth ? (
          <>
            {p.truth.connection ? <CalendarsThatCount connection={p.truth.connection} timeZone={memberZone(shell.user)} /> : null}
            <VideoLinkCard videoLink={p.truth.videoLink} teams={p.truth.teams} />
            <EventChangeCard onEventChange={p.truth.onEventChange} canEdit={p.truth.canEditWorkspace} />
          </>
        ) : null}
        <section className="card">
          <div className="card-header">
            <h2 className="card-title">iCal feed</h2>
            <p className="mt-1 text-sm text-slate-500">Subscribe to this address in Apple Calendar, Outlook, Thunderbird or Google Calendar to see your interviews. It updates by itself.</p>
          </div>
          <div className="card-body">
            <Island name="ical-feed" component={IcalFeed} props={{ url: p.feedUrl }} />
          </div>
        </section>
        <PageLinks />
      </div>
    </AppShell>
  );
}

/** The same pages without a session: a prompt to sign in (no script). */
export function CalendarLoggedOutPage({ mode }: { mode: "manager" | "sync" }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="mb-8 flex justify-center">
        <Logo href="/login" />
      </div>
      <section className="card">
        <div className="card-header">
          <h1 className="card-title">{TITLES[mode]}</h1>
        </div>
        <div className="card-body">
          <LoggedOut back={mode === "sync" ? "/sync-ical" : "/ical-manager"} />
        </div>
      </section>
      <div className="mt-6 flex justify-center">
        <PageLinks />
      </div>
    </div>
  );
}
