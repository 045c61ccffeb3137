import type { SuggestedJob } from "../service";
import { Verdicts } from "./suggested-candidates";
import { NotAFitForm } from "./not-a-fit-form";

/** Suggested jobs on a candidate's page: "Add to job" and "Not a fit" are plain forms (no script needed). */
export function SuggestedJobs({ candidateId, name, list }: { candidateId: number; name: string | null; list: SuggestedJob[] }) {
  return (
    <section className="card mt-4 p-4" aria-labelledby="suggested-jobs-title" data-suggested-jobs>
      <h2 id="suggested-jobs-title" className="text-lg font-semibold">
        Suggested jobs
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">Suggestions to help you look: nothing happens to the candidate because of a score.</p>
      {list.length ? null : <p className="mt-2 text-sm">No open job names what this record says.</p>}
      <ol className="mt-2 grid gap-2">
        {list.map((s) => (
          <li key={s.job.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700" data-suggested-job={s.job.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <a className="font-medium underline" href={`/jobs/${s.job.id}`}>
                {s.job.title}
              </a>
              <span className="badge-secondary" title={s.howScored} data-score>{`${s.score} / 100`}</span>
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">{[s.job.location, s.onJob ? "Already on this job" : null].filter(Boolean).join(" · ")}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{s.howScored}</p>
            <Verdicts criteria={s.criteria} />
            {s.onJob ? null : (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <form method="post" action={`/candidates/${candidateId}/suggested-jobs/${s.job.id}/add`}>
                  <button className="btn-outline btn-sm" type="submit">
                    Add to job
                  </button>
                </form>
                <NotAFitForm action={`/candidates/${candidateId}/suggested-jobs/${s.job.id}/not-a-fit`} label={`Why ${name ?? "this candidate"} is not a fit for ${s.job.title}`} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
