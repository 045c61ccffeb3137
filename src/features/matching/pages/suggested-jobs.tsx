import type { SuggestedJob } from "../service";
import { Verdicts } from "./suggested-candidates";

/** Suggested jobs on a candidate's page. */
export function SuggestedJobs({ list }: { list: SuggestedJob[] }) {
  return (
    <section className="card mt-4 p-4" aria-labelledby="suggested-jobs-title" data-suggested-jobs>
      <h2 id="suggested-jobs-title" className="text-lg font-semibold">
        Suggested jobs
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">Suggestions to help you look: nothing happens to the candidate because of a score.</p>
      {list.length ? null : <p className="mt-2 text-sm">No open job names what this record says.</p>}
      <ol className="mt-2 grid gap-2">
        {list.map((s) => (
          <li key={s.job.id} className="text-sm" data-suggested-job={s.job.id}>
            <a className="font-medium underline" href={`/jobs/${s.job.id}`}>
              {s.job.title}
            </a>{" "}
            <span className="badge-secondary" title={s.howScored}>{`${s.score} / 100`}</span>
            <p className="text-xs text-slate-500 dark:text-slate-400">{s.howScored}</p>
            <Verdicts criteria={s.criteria} />
          </li>
        ))}
      </ol>
    </section>
  );
}
