import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import CandidateRecord from "../../../../islands/candidate-record";
import type { CandidatePageData } from "../page-data";

/** /candidates/{id}: the candidate's fields (editable), stage, notes, activity timeline, export and delete. */
export function CandidatePage({ shell, data }: { shell: Shell; data: CandidatePageData }) {
  const { pipeline, ...record } = data;
  return (
    <AppShell shell={shell} title="Candidate">
      <a href="/dashboard" className="text-sm text-brand-600 hover:underline">← Back to the dashboard</a>
      {pipeline.applications.length || pipeline.feedback ? (
        <section className="card card-body mt-4 text-sm" aria-label="Applications and feedback" data-testid="candidate-pipeline">
          {pipeline.applications.map((a) => (
            <p key={a.id}>
              <a className="underline" href={`/jobs/${a.jobId}`}>{a.job?.title ?? "Job"}</a>
              {`: ${a.stage}${a.rejectedReason ? ` (${a.rejectedReason})` : ""}`}
            </p>
          ))}
          {pipeline.feedback ? <p className="mt-1" data-feedback>{`Interview feedback: ${pipeline.feedback}`}</p> : null}
        </section>
      ) : null}
      <div className="mt-4">
        <Island name="candidate-record" component={CandidateRecord} props={record} />
      </div>
    </AppShell>
  );
}
