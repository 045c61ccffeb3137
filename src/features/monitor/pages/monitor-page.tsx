import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import MonitorParticipants, { type MonitorParticipantsProps } from "../islands/monitor-participants";

const MONITOR_REFRESH_MS = 30_000; // part2 §9: the sync monitor refreshes every 30 s

export function MonitorPage({ shell, initial }: { shell: Shell; initial: Omit<MonitorParticipantsProps, "refreshMs"> }) {
  return (
    <AppShell shell={shell} title="Participants monitor">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold">Participants Sync Monitor</h1>
        <p className="mt-1 text-sm text-slate-500">The participants table, its backup copy and the scheduled sync that keeps them in step.</p>
      </div>
      <Island name="monitor-participants" component={MonitorParticipants} props={{ ...initial, refreshMs: MONITOR_REFRESH_MS }} />
    </AppShell>
  );
}
