import { RECOMMENDATION_LABELS, type Feedback } from "../model";
import { Scorecard } from "./scorecard-page";

export interface InterviewFeedbackProps {
  publicId: string;
  job: { id: number; title: string; client: { id: number; name: string } | null } | null;
  summary: string;
  feedback: Feedback[];
  mine: Feedback;
  criteria: string[];
  /** Why no scorecard can be filed yet (not started, or canceled); null when one can. */
  closed: string | null;
}

/** On the interview page (members): the job and its client, the scorecards so far, and one's own. */
export function InterviewFeedbackCard(p: InterviewFeedbackProps) {
  return (
    <section className="card" aria-labelledby="interview-feedback" data-testid="interview-feedback">
      <div className="card-header">
        <h2 className="card-title" id="interview-feedback">
          Feedback
        </h2>
        {p.job ? (
          <p className="text-sm text-slate-600" data-testid="interview-job">
            <a className="underline" href={`/jobs/${p.job.id}`}>
              {p.job.title}
            </a>
            {p.job.client ? (
              <>
                {" "}
                ·{" "}
                <a className="underline" href={`/clients/${p.job.client.id}`}>
                  {p.job.client.name}
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="card-body grid gap-4">
        {p.feedback.filter((f) => f.recommendation).length ? (
          <div className="text-sm">
            <p className="font-medium">{p.summary}</p>
            <ul className="mt-1 space-y-1">
              {p.feedback
                .filter((f) => f.recommendation)
                .map((f) => (
                  <li key={f.id}>
                    {`${f.reviewer.name ?? f.reviewer.email}: ${RECOMMENDATION_LABELS[f.recommendation!]}${
                      Object.keys(f.ratings).length
                        ? ` (${Object.entries(f.ratings)
                            .map(([k, v]) => `${k} ${v}`)
                            .join(", ")})`
                        : ""
                    }${f.notes ? ` — ${f.notes}` : ""}`}
                  </li>
                ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-slate-500">No feedback yet.</p>
        )}
        <div>
          <h3 className="font-medium">Your scorecard</h3>
          {!p.closed ? (
            <Scorecard candidateName="" title="" when="" job={null} criteria={p.criteria} feedback={p.mine} action={`/interview-details/${p.publicId}/feedback`} />
          ) : (
            <p className="text-sm text-slate-500" data-testid="scorecard-not-yet">
              {p.closed}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
