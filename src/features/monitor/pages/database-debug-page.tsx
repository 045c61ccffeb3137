import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import DatabaseDebug, { type DatabaseDebugProps } from "../islands/debug-database-debug";

export function DatabaseDebugPage({ shell, initial }: { shell: Shell; initial: DatabaseDebugProps }) {
  return (
    <AppShell shell={shell} title="Database debug">
      <h1 className="text-2xl font-semibold">Participant Database Debug</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">What the assistant can read about each participant of your workspace: the extracted name, role and location, and the data sources present.</p>
      <Island name="debug-database-debug" component={DatabaseDebug} props={initial} />
    </AppShell>
  );
}
