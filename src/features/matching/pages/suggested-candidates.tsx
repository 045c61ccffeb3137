import type { ReactNode } from "react";
import type { Match } from "../model";
import { NotAFitForm } from "./not-a-fit-form";

const STATUS: Record<string, string> = { met: "Met", not_met: "Not met", unknown: "Unknown" };

/** The criteria of one suggestion, each with its evidence and where it comes from. */
export function Verdicts({ criteria }: { criteria: Match["criteria"] }) {
  return (
    <ul className="mt-1 grid gap-0.5 text-xs">
      {criteria.map((v) => (
        <li key={v.criterionId} data-verdict={v.status}>
          <span className={v.status === "met" ? "text-green-700 dark:text-green-300" : v.status === "not_met" ? "text-red-700 dark:text-red-300" : "text-slate-500"}>{STATUS[v.status]}</span>
          {` · ${v.label}`}
          {v.evidence ? <q className="ml-1 text-slate-600 dark:text-slate-300">{v.evidence.quote}</q> : null}
          {v.evidence ? <span className="text-slate-500">{` (${v.evidence.source})`}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Suggested candidates on a job's page: forms that work without JavaScript. */
export function SuggestedCandidates({ jobId, list, criteria }: { jobId: number; list: { notice: string; matches: Match[]; pending: number }; criteria: { labels: string[]; editor: ReactNode } }) {
  return (
    <section className="card mt-4 p-4" aria-labelledby="suggested-title" data-suggested-candidates>
      <h2 id="suggested-title" className="text-lg font-semibold">
        Suggested candidates
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {list.notice}
        {list.pending ? ` · The model is still judging ${list.pending}.` : ""}
      </p>
      <details className="mt-2 rounded-md border border-slate-200 p-2 dark:border-slate-700" data-criteria-details>
        <summary className="cursor-pointer text-sm font-medium">
          {`This job's criteria (${criteria.labels.length})`}
          {criteria.labels.length ? (
            <span className="font-normal text-slate-500 dark:text-slate-400">{`: ${criteria.labels.slice(0, 6).join(", ")}${criteria.labels.length > 6 ? ", …" : ""}`}</span>
          ) : null}
        </summary>
        <div className="mt-2">{criteria.editor}</div>
      </details>
      {list.matches.length ? null : <p className="mt-2 text-sm">No suggestions: no candidate's record or CV names this job's criteria.</p>}
      <ol className="mt-2 grid gap-2">
        {list.matches.map((m) => (
          <li key={m.candidate.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700" data-match={m.candidate.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <a className="font-medium underline" href={`/candidates/${m.candidate.id}`}>
                {m.candidate.name ?? `Candidate #${m.candidate.id}`}
              </a>
              <span className="badge-secondary" title={m.howScored} data-score>{`${m.score} / 100`}</span>
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">{[m.candidate.jobTitle, m.candidate.city, m.onJob ? "Already on this job" : null].filter(Boolean).join(" · ")}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{m.howScored}</p>
            <Verdicts criteria={m.criteria} />
            {m.onJob ? null : (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <form method="post" action={`/jobs/${jobId}/matches/${m.candidate.id}/add`}>
                  <button className="btn-outline btn-sm" type="submit">
                    Add to job
                  </button>
                </form>
                <NotAFitForm action={`/jobs/${jobId}/matches/${m.candidate.id}/not-a-fit`} label={`Why ${m.candidate.name ?? "this candidate"} is not a fit`} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
