import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import DatabaseTest, { type DatabaseTestProps } from "../islands/debug-database-test";

export function DatabaseTestPage({ shell, initial }: { shell: Shell; initial: DatabaseTestProps }) {
  return (
    <AppShell shell={shell} title="Database test">
      <h1 className="text-2xl font-semibold">Candidate Database Test</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Add sample candidates to your workspace and check what the candidate API returns.</p>
      <Island name="debug-database-test" component={DatabaseTest} props={initial} />
    </AppShell>
  );
}
