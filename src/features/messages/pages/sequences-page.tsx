import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { SequenceView } from "../model";

export const STEP_ROWS = 3;

/** /sequences: the workspace's sequences (steps, enrolments, pause/resume) and a form to make one (no script). */
export function SequencesPage({ shell, sequences, templates }: { shell: Shell; sequences: SequenceView[]; templates: { id: number; name: string }[] }) {
  return (
    <AppShell shell={shell} title="Sequences" wide={false}>
      <h1 className="text-2xl font-semibold">Sequences</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Follow-ups sent from your mailbox at their time. A reply, a bounce or an unsubscribe stops the sequence for that candidate.</p>
      <ul className="mt-4 space-y-3" data-testid="sequences">
        {sequences.map((s) => (
          <li key={s.id} className="card card-body text-sm" data-sequence={s.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">
                {s.name} {s.paused ? <span className="badge-warning">Paused</span> : null}
              </h2>
              <form method="post" action={`/sequences/${s.id}/${s.paused ? "resume" : "pause"}`}>
                <button className="btn-outline btn-sm" type="submit">
                  {s.paused ? "Resume" : "Pause"}
                </button>
              </form>
            </div>
            <ol className="mt-1 list-decimal pl-5">
              {s.steps.map((x, i) => (
                <li
                  key={i}
                >{`${x.templateName ?? "(template deleted)"} · ${i === 0 ? "after" : "then after"} ${x.delayDays} ${x.businessDays ? "business " : ""}day${x.delayDays === 1 ? "" : "s"}`}</li>
              ))}
            </ol>
            <p className="mt-1 text-slate-500">{`${s.enrolments.active} active · ${s.enrolments.finished} finished · ${s.enrolments.stopped} stopped`}</p>
          </li>
        ))}
      </ul>
      {templates.length ? (
        <form method="post" action="/sequences" className="card card-body mt-6 grid gap-3 text-sm">
          <h2 className="font-semibold">New sequence</h2>
          <div>
            <label className="label" htmlFor="seq-name">
              Name
            </label>
            <input className="input" id="seq-name" name="name" required maxLength={200} />
          </div>
          {Array.from({ length: STEP_ROWS }, (_, i) => (
            <fieldset key={i} className="grid gap-2 sm:grid-cols-3">
              <legend className="font-medium">{`Step ${i + 1}${i ? " (optional)" : ""}`}</legend>
              <div>
                <label className="label" htmlFor={`seq-t${i}`}>
                  Template
                </label>
                <select className="input" id={`seq-t${i}`} name={`step${i}Template`} defaultValue={i ? "" : String(templates[0]!.id)}>
                  {i ? <option value="">None</option> : null}
                  {templates.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="label" htmlFor={`seq-d${i}`}>
                  {i ? "Days after the previous step" : "Days after enrolling"}
                </label>
                <input className="input" id={`seq-d${i}`} name={`step${i}Delay`} type="number" min={0} max={365} defaultValue={i ? 3 : 0} />
              </div>
              <label className="flex items-center gap-2 self-end pb-2">
                <input type="checkbox" name={`step${i}Business`} value="1" /> Business days
              </label>
            </fieldset>
          ))}
          <div>
            <button className="btn-primary" type="submit">
              Create sequence
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-6 text-sm text-slate-500">
          A sequence's steps are e-mail templates:{" "}
          <a className="underline" href="/settings/email-templates">
            add a template
          </a>{" "}
          first.
        </p>
      )}
    </AppShell>
  );
}
