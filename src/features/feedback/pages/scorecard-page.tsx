import { formatDateTime } from "../../../lib/when";
import { RECOMMENDATIONS, RECOMMENDATION_LABELS, type Feedback } from "../model";

export interface ScorecardProps {
  candidateName: string;
  title: string;
  when: string;
  /** The zone the reader sees the interview's time in. */
  timeZone?: string;
  job: string | null;
  criteria: string[];
  feedback: Feedback;
  action: string;
  saved?: boolean;
  error?: string | null;
}

/**
 * The interviewer's scorecard (/feedback/{token}, and the interview page for members): a plain
 * form, no script, no sign-in. The candidate never sees it.
 */
export function Scorecard(p: ScorecardProps) {
  const f = p.feedback;
  return (
    <form method="post" action={p.action} className="grid gap-4" data-testid="scorecard">
      {p.error ? (
        <p className="rounded bg-red-50 p-2 text-sm text-red-800" role="alert">
          {p.error}
        </p>
      ) : null}
      {p.saved ? (
        <p className="rounded bg-green-50 p-2 text-sm text-green-800" role="status">
          Thank you: your feedback is saved. You can change it until the link expires.
        </p>
      ) : null}
      <fieldset>
        <legend className="font-medium">Recommendation</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {RECOMMENDATIONS.map((r) => (
            <label key={r} className="flex items-center gap-1 text-sm">
              <input type="radio" name="recommendation" value={r} required defaultChecked={f.recommendation === r} /> {RECOMMENDATION_LABELS[r]}
            </label>
          ))}
        </div>
      </fieldset>
      {p.criteria.map((c) => (
        <fieldset key={c}>
          <legend className="font-medium">{`${c} (1 poor – 5 excellent)`}</legend>
          <div className="mt-1 flex gap-3">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex items-center gap-1 text-sm">
                <input type="radio" name={`rating.${c}`} value={n} defaultChecked={f.ratings[c] === n} aria-label={`${c}: ${n}`} /> {n}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Notes</span>
        <textarea className="input" name="notes" rows={5} maxLength={10000} defaultValue={f.notes ?? ""} />
      </label>
      <div>
        <button className="btn-primary" type="submit">
          Save feedback
        </button>
      </div>
    </form>
  );
}

export function ScorecardPage(p: ScorecardProps) {
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{`Feedback on ${p.candidateName}`}</h1>
      <p className="mt-1 text-sm text-slate-600">{`${p.title}${p.job ? ` · ${p.job}` : ""} · ${formatDateTime(p.when, p.timeZone)}`}</p>
      <div className="mt-6">
        <Scorecard {...p} />
      </div>
    </main>
  );
}
