import { useEffect, useRef, useState } from "react";
import type { BackupListAnswer, ParticipantPageAnswer, SyncStatusAnswer, SyncTriggerAnswer } from "../../../client/answers";
import { startPoll } from "../../../client/connection";
import { api } from "../../../client/api";
import { toast } from "../../../client/toast";
import { formatUtc, tableState, toMonitorParticipant, type MonitorBackupRow, type MonitorParticipant, type SyncStatus } from "../view";

export interface MonitorParticipantsProps {
  status: SyncStatus;
  participants: MonitorParticipant[];
  backup: MonitorBackupRow[];
  /** Auto-refresh period (part2 §9: 30 s). */
  refreshMs: number;
}

const fail = (description: string) => toast({ title: "Error", description, variant: "destructive" });

/**
 * /participants-monitor: status cards, the latest 10 rows of both tables, Refresh and
 * Manual Sync. The server renders the same markup, and the buttons are forms, so the page
 * works without JavaScript; here they call the API and the status refreshes every 30 s.
 */
export default function MonitorParticipants(props: MonitorParticipantsProps) {
  const [status, setStatus] = useState(props.status);
  const [participants, setParticipants] = useState(props.participants);
  const [backup, setBackup] = useState(props.backup);
  const [refreshing, setRefreshing] = useState(false);
  const [syncing, setSyncing] = useState(false);
  // Server and first client render show UTC; after hydration, the reader's local time.
  const [local, setLocal] = useState(false);
  const busy = useRef(false);

  async function refresh() {
    if (busy.current) return;
    busy.current = true;
    setRefreshing(true);
    const [s, p, b] = await Promise.allSettled([
      api<SyncStatusAnswer>("/api/participants/sync/status"),
      api<ParticipantPageAnswer>("/api/participants?limit=10"),
      api<BackupListAnswer>("/api/participants/backup?limit=10"),
    ]);
    if (s.status === "fulfilled") setStatus(s.value);
    else fail("Failed to fetch sync status");
    if (p.status === "fulfilled") setParticipants(p.value.participants.map(toMonitorParticipant));
    else fail("Failed to fetch participants data");
    if (b.status === "fulfilled") setBackup(b.value.backupData);
    else fail("Failed to fetch backup data");
    busy.current = false;
    setRefreshing(false);
  }

  useEffect(() => {
    setLocal(true);
    return startPoll(refresh, props.refreshMs);
  }, []);

  async function manualSync() {
    setSyncing(true);
    try {
      const r = await api<SyncTriggerAnswer>("/api/participants/sync/trigger", { method: "POST" });
      if (r.success) toast({ title: "Success", description: `Synchronized ${r.recordCount} records in ${r.duration}ms`, variant: "success" });
      else fail("Sync failed");
    } catch {
      fail("Failed to trigger manual sync");
    } finally {
      setSyncing(false);
    }
    await refresh();
  }

  const time = (iso: string) => (local ? new Date(iso).toLocaleString() : formatUtc(iso));
  const cards = [
    { title: "System Status", value: status.isInitialized ? "Active" : "Inactive", ok: status.isInitialized, testId: "system-status" },
    { title: "Original Table", value: tableState(status.originalExists, status.originalCount), ok: status.originalExists, testId: "original-table" },
    { title: "Backup Table", value: tableState(status.backupExists, status.backupCount), ok: status.backupExists, testId: "backup-table" },
    { title: "Cron Job", value: status.cronActive ? "Running" : "Stopped", ok: status.cronActive, testId: "cron-job", sub: status.cronSchedule },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Last sync:{" "}
          <span className="font-medium text-slate-900" data-testid="last-sync">
            {status.lastSync ? time(status.lastSync) : "Never"}
          </span>
          {status.running ? <span className="badge-warning ml-2">Sync running</span> : null}
        </p>
        <div className="flex gap-2">
          <form method="get" action="/participants-monitor" onSubmit={(e) => (e.preventDefault(), refresh())}>
            <button type="submit" className="btn-outline" disabled={refreshing}>
              {refreshing ? "Refreshing..." : "Refresh"}
            </button>
          </form>
          <form method="post" action="/participants-monitor/sync" onSubmit={(e) => (e.preventDefault(), manualSync())}>
            <button type="submit" className="btn-primary" disabled={syncing}>
              {syncing ? "Syncing..." : "Manual Sync"}
            </button>
          </form>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <div key={c.title} className="card" data-testid={c.testId}>
            <div className="card-body">
              <p className="text-sm font-medium text-slate-500">{c.title}</p>
              <p className="mt-2 flex items-center gap-2 text-xl font-semibold">
                <span className={`dot ${c.ok ? "bg-green-500" : "bg-red-500"}`} />
                {c.value}
              </p>
              {c.sub ? <p className="mt-1 text-xs text-slate-500">{`Schedule: ${c.sub}`}</p> : null}
            </div>
          </div>
        ))}
      </div>

      {status.lastRun?.status === "failed" ? (
        <p className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="last-run-failed">
          The last sync run failed{status.lastRun.error ? `: ${status.lastRun.error}` : ""}.
        </p>
      ) : null}

      <RowsTable title="Original Table" caption="Latest 10 participants" testId="original-rows" rows={participants} empty="No participants yet" />
      <RowsTable title="Backup Table" caption="Latest 10 backup rows" testId="backup-rows" rows={backup} empty="No backup rows yet: run a sync" time={time} />
    </div>
  );
}

function RowsTable({
  title,
  caption,
  rows,
  empty,
  testId,
  time,
}: {
  title: string;
  caption: string;
  rows: (MonitorParticipant | MonitorBackupRow)[];
  empty: string;
  testId: string;
  time?: (iso: string) => string;
}) {
  const isBackup = !!time;
  return (
    <section className="card" data-testid={testId}>
      <div className="card-header flex items-baseline justify-between">
        <h2 className="card-title">{title}</h2>
        <span className="text-xs text-slate-500">{caption}</span>
      </div>
      {rows.length === 0 ? (
        <p className="card-body text-sm text-slate-500">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">ID</th>
                <th className="px-4 py-2">Name</th>
                <th className="px-4 py-2">Email</th>
                <th className="px-4 py-2">Position</th>
                <th className="px-4 py-2">Department</th>
                <th className="px-4 py-2">Status</th>
                {isBackup ? <th className="px-4 py-2">Synced at</th> : null}
                {isBackup ? <th className="px-4 py-2">Sync status</th> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-2 text-slate-500">{r.id}</td>
                  <td className="px-4 py-2 font-medium">{r.name ?? "—"}</td>
                  <td className="px-4 py-2">{r.email ?? "—"}</td>
                  <td className="px-4 py-2">{r.position ?? "—"}</td>
                  <td className="px-4 py-2">{r.department ?? "—"}</td>
                  <td className="px-4 py-2">{r.status}</td>
                  {isBackup && "sync_timestamp" in r ? <td className="px-4 py-2 whitespace-nowrap text-slate-600">{time!(r.sync_timestamp)}</td> : null}
                  {isBackup && "sync_status" in r ? (
                    <td className="px-4 py-2">
                      <span className={r.sync_status === "synced" ? "badge-success" : "badge-secondary"}>{r.sync_status}</span>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
