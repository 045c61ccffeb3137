import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { ImportResult } from "../../candidates/import";
import CandidateImport from "../islands/candidate-import";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "../../candidates/import-columns";

/** /candidates/import: preview, column mapping, dry run, progress; without JavaScript a plain upload form. */
export function ImportPage({ shell, result }: { shell: Shell; result: ImportResult | null }) {
  return (
    <AppShell shell={shell} title="Import candidates">
      <a href="/dashboard" className="text-sm text-brand-600 hover:underline">
        ← Back to the dashboard
      </a>
      <h1 className="mt-4 text-2xl font-semibold">Import candidates from a spreadsheet</h1>
      <p className="mt-1 text-sm text-slate-500">Save the sheet as CSV. Export the current list from All Candidates to get a file in the same shape.</p>
      <p className="mt-1 text-sm text-slate-500" data-testid="import-limits">
        {`One file holds at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows and ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`}
      </p>
      <div className="mt-6">
        <Island name="candidate-import" component={CandidateImport} props={{ result }} />
      </div>
    </AppShell>
  );
}
