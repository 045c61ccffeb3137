import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { tableState, formatUtc, type SyncStatus } from "../view";

const TOOLS = [
  { href: "/participants-monitor", title: "Participants monitor", text: "Sync status, the participants table and its backup, manual sync." },
  { href: "/database-test", title: "Database test", text: "Add sample candidates and check the candidate API." },
  { href: "/database-debug", title: "Database debug", text: "What the assistant extracts from each participant." },
  { href: "/database-integration", title: "Database integration", text: "How the assistant uses participant data." },
  { href: "/dashboard2", title: "Dashboard variant 2", text: "Account menu, welcome blocks and the profile dialog." },
  { href: "/dashboardX", title: "Chat integration test", text: "The assistant against your candidate data." },
];

/** /dashboard4: the developer pages of the workspace, with its sync state at a glance. */
export function Dashboard4Page({ shell, status }: { shell: Shell; status: SyncStatus }) {
  return (
    <AppShell shell={shell} title="Developer tools">
      <h1 className="text-2xl font-semibold">Developer tools</h1>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="workspace-summary">
        <div className="card card-body">
          <dt className="text-sm text-slate-500">Participants</dt>
          <dd className="mt-1 text-xl font-semibold">{tableState(status.originalExists, status.originalCount)}</dd>
        </div>
        <div className="card card-body">
          <dt className="text-sm text-slate-500">Backup rows</dt>
          <dd className="mt-1 text-xl font-semibold">{tableState(status.backupExists, status.backupCount)}</dd>
        </div>
        <div className="card card-body">
          <dt className="text-sm text-slate-500">Last sync</dt>
          <dd className="mt-1 text-xl font-semibold">{status.lastSync ? formatUtc(status.lastSync) : "Never"}</dd>
        </div>
      </dl>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TOOLS.map((t) => (
          <a key={t.href} href={t.href} className="card block transition-shadow hover:shadow-md">
            <div className="card-body">
              <h2 className="card-title text-brand-700">{t.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{t.text}</p>
            </div>
          </a>
        ))}
      </div>
    </AppShell>
  );
}
