import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import CandidateRecord from "../islands/candidate-record";
import type { CandidatePageData } from "../page-data";
import { CandidateMessages } from "../../messages/pages/candidate-messages";

/** /candidates/{id}: the candidate's fields (editable), stage, notes, activity timeline, export and delete. */
export function CandidatePage({ shell, data }: { shell: Shell; data: CandidatePageData }) {
  const { pipeline, files, messages, ...record } = data;
  return (
    <AppShell shell={shell} title="Candidate">
      <a href="/dashboard" className="text-sm text-brand-600 hover:underline">
        ← Back to the dashboard
      </a>
      {pipeline.applications.length || pipeline.feedback ? (
        <section className="card card-body mt-4 text-sm" aria-label="Applications and feedback" data-testid="candidate-pipeline">
          {pipeline.applications.map((a) => (
            <p key={a.id}>
              <a className="underline" href={`/jobs/${a.jobId}`}>
                {a.job?.title ?? "Job"}
              </a>
              {`: ${a.stage}${a.rejectedReason ? ` (${a.rejectedReason})` : ""}`}
            </p>
          ))}
          {pipeline.feedback ? <p className="mt-1" data-feedback>{`Interview feedback: ${pipeline.feedback}`}</p> : null}
        </section>
      ) : null}
      <div className="mt-4">
        <Island name="candidate-record" component={CandidateRecord} props={record} />
      </div>
      <CandidateMessages {...messages} />
      <section className="card card-body mt-4 text-sm" aria-labelledby="cv-files" data-testid="candidate-files">
        <h2 id="cv-files" className="font-semibold">
          CVs and documents
        </h2>
        {files.length ? (
          <ul className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
            {files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-file={f.id}>
                <span>
                  <a className="underline" href={f.url}>
                    {f.name}
                  </a>
                  <span className="text-slate-500">{` · ${f.type.toUpperCase()} · ${Math.max(1, Math.round(f.size / 1024))} kB${f.textNote ? ` · ${f.textNote}` : ""}`}</span>
                </span>
                <form method="post" action={`/candidates/${record.participant.id}/files/${f.id}/delete`}>
                  <button className="btn-outline btn-sm" type="submit" aria-label={`Delete ${f.name}`}>
                    Delete
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-500">No CV yet.</p>
        )}
        <form method="post" action={`/candidates/${record.participant.id}/files`} encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-2">
          <label>
            Add a CV (PDF, DOCX or plain text, at most 10 MB)
            <input className="input" type="file" name="file" required accept=".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain" />
          </label>
          <button className="btn-primary btn-sm" type="submit">
            Upload
          </button>
        </form>
      </section>
    </AppShell>
  );
}
