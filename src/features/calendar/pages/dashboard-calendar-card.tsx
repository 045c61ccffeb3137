import type { Deps } from "../../../deps";
import { connectionOf } from "../connections";
import { googleConfigured } from "../providers/google";
import { microsoftConfigured } from "../providers/microsoft-sign-in";
import type { Connection } from "../model-connections";
import { SyncStateBadge } from "./calendar-truth-cards";
import { formatDateTime } from "../../../lib/when";

/** What the dashboard's calendar card shows: the member's connection and its sync state (decision 32). */
export function loadCalendarCard(deps: Deps, userId: number): { available: boolean; microsoft?: boolean; connection: Connection | null } {
  return { available: googleConfigured(deps.config), microsoft: microsoftConfigured(deps.config), connection: connectionOf(deps, userId) };
}

/** The dashboard's calendar card (no script): ok, stale or error, when it last synced, and the calendars that count. */
export function CalendarCard({ card, timeZone }: { card: ReturnType<typeof loadCalendarCard>; timeZone: string }) {
  const c = card.connection;
  const checked = c?.calendars.filter((x) => x.checkConflicts).map((x) => x.name) ?? [];
  return (
    <section className="card h-full" aria-labelledby="calendar-card-title">
      <div className="card-header flex items-center justify-between gap-2">
        <h2 id="calendar-card-title" className="card-title">
          Calendar
        </h2>
        {c ? <SyncStateBadge state={c.state} /> : null}
      </div>
      <div className="card-body space-y-2 text-sm">
        {c ? (
          <>
            <p>{c.accountEmail}</p>
            <p className="text-slate-600 dark:text-slate-300">Checked for conflicts: {checked.length ? checked.join(", ") : "none"}</p>
            <p className="text-slate-600 dark:text-slate-300">Last synced: {c.lastSyncedAt ? formatDateTime(c.lastSyncedAt, timeZone) : "never"}</p>
            {c.error ? <p className="text-red-700 dark:text-red-300">{c.error}</p> : null}
          </>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">
            {card.available && card.microsoft
              ? "Connect Google Calendar or Microsoft Outlook so offered slots leave out your busy times."
              : card.microsoft
                ? "Connect Microsoft Outlook so offered slots leave out your busy times."
                : card.available
                  ? "Connect Google Calendar so offered slots leave out your busy times."
                  : "No calendar can be connected on this server (Google Calendar is not set up). Your interviews are in your own iCal feed."}
          </p>
        )}
        <a href="/ical-manager" className="btn-outline btn-sm">
          {/* Connect only where a calendar can be connected; otherwise the feed is what the page offers. */}
          {c ? "Manage calendars" : card.available || card.microsoft ? "Connect" : "Your iCal feed"}
        </a>
      </div>
    </section>
  );
}
