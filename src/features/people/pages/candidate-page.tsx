import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { BackLink } from "../../../ui/back-link";
import CandidateRecord from "../islands/candidate-record";
import type { CandidatePageData } from "../page-data";
import { SuggestedJobs } from "../../matching/pages/suggested-jobs";
import { PIPELINE_STAGE } from "../../candidates/classify";
import { CandidateMessages } from "../../messages/pages/candidate-messages";

/** /candidates/{id}: the candidate's fields (editable), stage, notes, activity timeline, export and delete. */
export function CandidatePage({ shell, data, back = { href: "/candidates", label: "← Back to Candidates" } }: { shell: Shell; data: CandidatePageData; back?: BackLink }) {
  const { pipeline, files, suggestedJobs, messages, ...record } = data;
  return (
    <AppShell shell={shell} title="Candidate">
      <a href={back.href} className="text-sm text-brand-600 hover:underline" data-testid="back-link">
        {back.label}
      </a>
      {pipeline.applications.length || pipeline.scorecards.length ? (
        <section className="card card-body mt-4 text-sm" aria-labelledby="candidate-applications" data-testid="candidate-pipeline">
          <h2 id="candidate-applications" className="font-semibold">
            {pipeline.applications.length ? "Job applications" : "Interview feedback"}
          </h2>
          {pipeline.applications.map((a) => (
            <p key={a.id} data-application={a.id}>
              <a className="underline" href={`/jobs/${a.jobId}`}>
                {a.job?.title ?? "Job"}
              </a>
              {` · ${PIPELINE_STAGE.toLowerCase()}: ${a.stage}${a.rejectedReason ? ` (${a.rejectedReason})` : ""}`}
            </p>
          ))}
          {pipeline.feedback ? <p className="mt-1" data-feedback>{`Interview feedback: ${pipeline.feedback}`}</p> : null}
          {pipeline.scorecards.length ? <Scorecards list={pipeline.scorecards} /> : null}
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
      <SuggestedJobs candidateId={record.participant.id} name={record.participant.name} list={suggestedJobs} />
    </AppShell>
  );
}

/** The interviewers' scorecards, given or still awaited, each with a link to its interview. */
function Scorecards({ list }: { list: CandidatePageData["pipeline"]["scorecards"] }) {
  return (
    <div className="mt-3" data-testid="candidate-scorecards">
      <h2 className="font-semibold">Scorecards</h2>
      <ul className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
        {list.map((s) => (
          <li key={s.id} className="py-1.5" data-scorecard={s.id}>
            <p>
              <span className="font-medium">{s.reviewer}</span>
              {s.recommendation ? `: ${s.recommendation}` : ": not given yet"}
              {s.interviewId ? (
                <>
                  {" · "}
                  <a className="underline" href={`/interview-details/${s.interviewId}`}>
                    Interview
                  </a>
                </>
              ) : null}
            </p>
            {s.ratings.length ? <p className="text-slate-600 dark:text-slate-300">{s.ratings.join(" · ")}</p> : null}
            {s.notes ? <p className="whitespace-pre-wrap text-slate-600 dark:text-slate-300">{s.notes}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
