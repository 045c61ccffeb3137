import { useEffect, useState } from "react";
import { api, ApiError } from "../../../client/api";
import { toast } from "../../../client/toast";
import { calendarName, defaultSelection, optionLabel, saveDisabled, syncReportText as reportText, type CalendarOption } from "../selection";
import type { CalendarListAnswer, CalendarStatusAnswer, CalendarSyncAnswer } from "../../../client/answers";

export interface ManagerStatus {
  isConnected: boolean;
  userEmail: string | null;
  primaryCalendarId: string | null;
  notice: string | null;
  configured: boolean;
  /** google | microsoft while connected; whether Microsoft is set up here (decision 34). */
  provider?: "google" | "microsoft" | null;
  microsoftConfigured?: boolean;
}

export interface SyncResult {
  created: number;
  alreadyThere: number;
  failed: number;
}

export interface CalendarManagerProps {
  mode: "manager" | "sync";
  status: ManagerStatus;
  /** null: not loaded yet (the island loads it). */
  calendars: CalendarOption[] | null;
  redirectUri: string;
  report?: SyncResult | null;
}

const CONNECTED_TOAST = { title: "Calendar Connected", description: "Google Calendar successfully connected. You can now create scheduling sessions.", variant: "success" as const };
const MICROSOFT_CONNECTED_TOAST = { title: "Calendar Connected", description: "Microsoft Outlook successfully connected. You can now create scheduling sessions.", variant: "success" as const };
const FAILED_TOAST = { title: "Connection Failed", description: "Failed to connect Google Calendar. Please try again.", variant: "destructive" as const };

/** Repaints the account menu's calendar dots and Sync link after a change without reloading. */
function paintMenu(connected: boolean) {
  for (const dot of document.querySelectorAll<HTMLElement>("[data-testid=account-menu] .dot")) {
    dot.classList.toggle("bg-green-500", connected);
    dot.classList.toggle("bg-red-500", !connected);
    if (dot.dataset.connected !== undefined) dot.dataset.connected = String(connected);
  }
  for (const a of document.querySelectorAll<HTMLElement>('[data-testid=account-menu] a[href="/sync-ical"]')) a.hidden = !connected;
}

/** The Calendar manager of /ical-manager and /sync-ical (part1 §2): loading, logged out, not connected, connected. */
export default function CalendarManager(props: CalendarManagerProps) {
  const [status, setStatus] = useState<ManagerStatus | null>(props.status);
  const [loggedOut, setLoggedOut] = useState(false);
  const [calendars, setCalendars] = useState<CalendarOption[] | null>(props.calendars);
  const [selected, setSelected] = useState(defaultSelection(props.status.primaryCalendarId, props.calendars));
  const [busy, setBusy] = useState<"" | "save" | "disconnect" | "sync">("");
  const [report, setReport] = useState<SyncResult | null>(props.report ?? null);
  // Without JavaScript the button cannot follow the dropdown, so it starts enabled (the server checks).
  const [ready, setReady] = useState(false);

  async function loadStatus() {
    try {
      const s = await api<CalendarStatusAnswer>(`/api/calendar/status?t=${Date.now()}`, { noLogoutOn401: true });
      setStatus(s);
      paintMenu(s.isConnected);
      return s;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) setLoggedOut(true);
      setStatus({ isConnected: false, userEmail: null, primaryCalendarId: null, notice: null, configured: props.status.configured, microsoftConfigured: props.status.microsoftConfigured });
      return null;
    }
  }

  async function loadCalendars(primaryId: string | null) {
    setCalendars(null);
    const list = await api<CalendarListAnswer>("/api/calendar/list", { noLogoutOn401: true }).catch((): CalendarListAnswer => []);
    setCalendars(list);
    setSelected(defaultSelection(primaryId, list));
  }

  async function runSync() {
    setBusy("sync");
    try {
      const r = await api<CalendarSyncAnswer>("/api/calendar/sync", { body: {} });
      setReport(r);
      toast({ title: "Calendar Synced", description: reportText(r), variant: r.failed ? "warning" : "success" });
    } catch {
      toast({ title: "Sync Failed", description: "Failed to sync interviews to Google Calendar. Please try again.", variant: "destructive" });
    } finally {
      setBusy("");
    }
  }

  useEffect(() => {
    setReady(true);
    const url = new URL(location.href);
    const connected = url.searchParams.get("connected");
    const error = url.searchParams.get("error");
    let initial: Promise<ManagerStatus | null> = Promise.resolve(props.status);
    if (connected !== null || error !== null) {
      if (connected === "true") toast(props.status.provider === "microsoft" ? MICROSOFT_CONNECTED_TOAST : CONNECTED_TOAST);
      else if (error !== null) toast(FAILED_TOAST);
      url.searchParams.delete("connected");
      url.searchParams.delete("error");
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
      // Back from Google: read the status again, showing the loading state meanwhile.
      setStatus(null);
      initial = loadStatus();
    }
    initial.then((s) => {
      if (!s?.isConnected) return;
      if (calendars === null || s !== props.status) void loadCalendars(s.primaryCalendarId);
      if (props.mode === "sync" && !props.report) void runSync();
    });
  }, []);

  async function save(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!status || saveDisabled(selected, status.primaryCalendarId, calendars)) return;
    setBusy("save");
    try {
      await api("/api/calendar/set-primary", { body: { calendarId: selected } });
      toast({ title: "Primary Calendar Saved", description: `${calendarName(selected, calendars)} is now your primary calendar.`, variant: "success" });
      const s = await loadStatus();
      if (s?.isConnected) await loadCalendars(s.primaryCalendarId);
    } catch {
      toast({ title: "Save Failed", description: "Failed to save primary calendar. Please try again.", variant: "destructive" });
    } finally {
      setBusy("");
    }
  }

  async function disconnect(e: { preventDefault(): void }) {
    e.preventDefault();
    setBusy("disconnect");
    try {
      await api("/api/calendar/disconnect", { body: {} });
      toast({ title: "Calendar Disconnected", description: "Google Calendar has been disconnected.", variant: "success" });
      setStatus({ isConnected: false, userEmail: null, primaryCalendarId: null, notice: null, configured: status?.configured ?? true, microsoftConfigured: status?.microsoftConfigured ?? false });
      setCalendars(null);
      setReport(null);
      paintMenu(false);
    } catch {
      toast({ title: "Disconnect Failed", description: "Failed to disconnect calendar. Please try again.", variant: "destructive" });
    } finally {
      setBusy("");
    }
  }

  if (loggedOut) return <LoggedOut back={typeof location === "undefined" ? undefined : location.pathname} />;
  if (!status)
    return (
      <p className="py-6 text-sm text-slate-500" role="status">
        Loading calendar status...
      </p>
    );
  if (!status.isConnected) return <NotConnected status={status} mode={props.mode} redirectUri={props.redirectUri} />;

  const disabled = (ready && saveDisabled(selected, status.primaryCalendarId, calendars)) || busy !== "";
  return (
    <div className="space-y-5" data-state="connected">
      <p className="text-sm text-slate-600">
        Connected as{" "}
        <strong className="text-slate-900" data-testid="calendar-email">
          {status.userEmail}
        </strong>
      </p>
      <form method="post" action="/ical-manager/set-primary" onSubmit={save} className="space-y-3">
        <label className="label" htmlFor="calendarId">
          Calendar for interview events
        </label>
        <select
          id="calendarId"
          name="calendarId"
          className="input"
          value={calendars === null ? "loading" : calendars.length === 0 ? "none" : selected}
          onChange={(e) => setSelected(e.currentTarget.value)}
          disabled={!calendars?.length}
        >
          {calendars === null ? <option value="loading">Loading calendars...</option> : null}
          {calendars?.length === 0 ? <option value="none">No calendars available</option> : null}
          {calendars?.length ? <option value="">Choose a calendar...</option> : null}
          {calendars?.map((c) => (
            <option key={c.id} value={c.id}>
              {optionLabel(c, status.primaryCalendarId, calendars)}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={disabled}>
            {busy === "save" ? "Saving..." : "Save as Primary Calendar"}
          </button>
          <a href="/ical-manager" className="btn-outline">
            Go to iCal Manager
          </a>
        </div>
      </form>
      {props.mode === "sync" ? <SyncPanel report={report} busy={busy === "sync"} onSync={runSync} /> : null}
      <form method="post" action="/ical-manager/disconnect" onSubmit={disconnect} className="border-t border-slate-100 pt-4">
        <button type="submit" className="btn-destructive" disabled={busy !== ""}>
          {busy === "disconnect" ? "Disconnecting..." : status.provider === "microsoft" ? "Disconnect Microsoft Outlook" : "Disconnect Google Calendar"}
        </button>
      </form>
    </div>
  );
}

function SyncPanel({ report, busy, onSync }: { report: SyncResult | null; busy: boolean; onSync: () => void }) {
  return (
    <form method="post" action="/sync-ical" className="rounded-lg border border-slate-200 bg-slate-50 p-4" onSubmit={(e) => (e.preventDefault(), onSync())}>
      <p className="text-sm font-medium">Sync interviews to Google Calendar</p>
      <p className="mt-1 text-sm text-slate-600" data-testid="sync-report" role="status">
        {busy ? "Syncing interviews..." : report ? `Sync complete: ${reportText(report)}.` : "Every scheduled interview without an event is added to your primary calendar."}
      </p>
      <button type="submit" className="btn-outline btn-sm mt-3" disabled={busy}>
        {busy ? "Syncing..." : "Sync now"}
      </button>
    </form>
  );
}

function NotConnected({ status, mode, redirectUri }: { status: ManagerStatus; mode: string; redirectUri: string }) {
  return (
    <div className="space-y-4" data-state="not-connected">
      {status.notice ? (
        <p className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900" role="alert">
          {status.notice}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {status.microsoftConfigured
          ? "Connect a Google or Microsoft 365 / Outlook.com calendar so that booked interviews appear in it, with a video link, and busy times are left out of the slots you offer."
          : "Connect a Google calendar so that booked interviews appear in it, with a video link, and busy times are left out of the slots you offer."}
      </p>
      {/* The two connect buttons side by side with a gap, wrapping on a phone. */}
      <div className="flex flex-wrap items-start gap-3">
        {status.microsoftConfigured ? (
          <a className="btn-primary" href={`/auth/microsoft/calendar?returnTo=${mode === "sync" ? "/sync-ical" : "/ical-manager"}`} data-testid="connect-microsoft">
            Connect Microsoft Outlook
          </a>
        ) : null}
        {status.configured ? (
          <a className="btn-primary" href={`/auth/google/calendar?returnTo=${mode === "sync" ? "/sync-ical" : "/ical-manager"}`}>
            Connect Google Calendar
          </a>
        ) : (
          <div className="w-full space-y-2">
            <button type="button" className="btn-primary" disabled aria-describedby="google-setup">
              Connect Google Calendar
            </button>
            <div id="google-setup" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
              Google Calendar is not configured on this server. Create an OAuth client (type Web application) in the Google Cloud console, add <code className="break-all">{redirectUri}</code> as an
              authorised redirect URI, then set <code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code> and restart Frank.
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Signed out: a prompt to sign in, and back to `back` (this page) afterwards (issue 41). */
export function LoggedOut({ back }: { back?: string }) {
  return (
    <div className="space-y-4 text-center" data-state="logged-out">
      <p className="text-sm text-slate-600">Please log in to manage calendar connections</p>
      <a className="btn-primary" href={back ? `/login?next=${encodeURIComponent(back)}` : "/login"}>
        Go to Login
      </a>
    </div>
  );
}
