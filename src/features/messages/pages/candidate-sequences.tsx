import { formatDateTime } from "../../../lib/when";
import type { EnrolmentView } from "../model";

const STATUS = { active: "Active", finished: "Finished", stopped: "Stopped" } as const;

/** The candidate's sequences: each enrolment, its next step or why it stopped, and a form to enrol them (no script). */
export function CandidateSequences({
  candidateId,
  enrolments,
  sequences,
  timeZone,
}: {
  candidateId: number;
  enrolments: EnrolmentView[];
  sequences: { id: number; name: string }[];
  timeZone: string;
}) {
  return (
    <section className="card card-body mt-4 text-sm" aria-labelledby="candidate-sequences" data-testid="candidate-sequences">
      <h2 id="candidate-sequences" className="font-semibold">
        Sequences
      </h2>
      {enrolments.length ? (
        <ul className="mt-2 space-y-1">
          {enrolments.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-2" data-enrolment={e.id}>
              <strong>{e.sequenceName}</strong>
              <span className={e.status === "active" ? "badge-success" : "badge-secondary"}>{e.paused && e.status === "active" ? "Paused" : STATUS[e.status]}</span>
              <span className="text-slate-500">{e.status === "active" && e.nextAt ? `Step ${e.nextStep} due ${formatDateTime(e.nextAt, timeZone)}` : (e.stopReason ?? "")}</span>
              {e.status === "active" ? (
                <form method="post" action={`/sequences/${e.sequenceId}/enrolments/${candidateId}/stop`}>
                  <button className="btn-outline btn-sm" type="submit">
                    Stop
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-slate-500">Not in a sequence.</p>
      )}
      {sequences.length ? (
        <form method="post" action={`/candidates/${candidateId}/sequences`} className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label className="label" htmlFor="enrol-sequence">
              Sequence
            </label>
            <select className="input" id="enrol-sequence" name="sequenceId">
              {sequences.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <button className="btn-outline" type="submit">
            Enrol
          </button>
        </form>
      ) : (
        <p className="mt-1 text-slate-500">
          <a className="underline" href="/sequences">
            Make a sequence
          </a>{" "}
          to follow up with candidates automatically.
        </p>
      )}
    </section>
  );
}
