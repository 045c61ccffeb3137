import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import CandidateRecord from "../../../../islands/candidate-record";
import type { CandidatePageData } from "../page-data";

/** /candidates/{id}: the candidate's fields (editable), stage, notes, activity timeline, export and delete. */
export function CandidatePage({ shell, data }: { shell: Shell; data: CandidatePageData }) {
  return (
    <AppShell shell={shell} title="Candidate">
      <a href="/dashboard" className="text-sm text-brand-600 hover:underline">← Back to the dashboard</a>
      <div className="mt-4">
        <Island name="candidate-record" component={CandidateRecord} props={data} />
      </div>
    </AppShell>
  );
}
