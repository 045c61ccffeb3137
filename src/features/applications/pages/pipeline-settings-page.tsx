import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { Pipeline } from "../pipeline-settings";

/** Settings → Pipeline: rename, order, add and remove stages; the reasons for Rejected. Plain forms. */
export function PipelineSettingsPage({ shell, pipeline }: { shell: Shell; pipeline: Pipeline }) {
  const open = pipeline.stages.filter((s) => s.kind === "open");
  return (
    <AppShell shell={shell} title="Pipeline" wide={false}>
      <h1 className="text-2xl font-semibold">Pipeline</h1>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">The columns of every job's board, in order. Renaming a stage keeps its applications.</p>
      <ol className="mt-6 space-y-3" data-testid="pipeline-stages">
        {pipeline.stages.map((s) => (
          <li key={s.id} className="card card-body" data-stage={s.name}>
            <div className="flex flex-wrap items-end gap-2">
              <form method="post" action={`/settings/pipeline/stages/${s.id}`} className="flex flex-wrap items-end gap-2">
                <label className="text-sm">
                  Name
                  <input className="input" name="name" defaultValue={s.name} required maxLength={60} aria-label={`Name of ${s.name}`} />
                </label>
                {s.kind === "open" ? (
                  <label className="text-sm">
                    Position
                    <select className="input" name="position" defaultValue={String(s.position)} aria-label={`Position of ${s.name}`}>
                      {open.map((_, i) => (
                        <option key={i} value={i}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                <button className="btn-outline" type="submit">
                  Save
                </button>
              </form>
              <span className="text-sm text-slate-500">{`${s.applications} application${s.applications === 1 ? "" : "s"}`}</span>
              {s.kind === "open" ? (
                <form method="post" action={`/settings/pipeline/stages/${s.id}/remove`} className="ml-auto flex items-end gap-2">
                  {s.applications > 0 ? (
                    <label className="text-sm">
                      Move its applications to
                      <select className="input" name="moveTo" required aria-label={`Move the applications of ${s.name} to`}>
                        <option value="">Choose a stage</option>
                        {open
                          .filter((o) => o.id !== s.id)
                          .map((o) => (
                            <option key={o.id} value={o.id}>
                              {o.name}
                            </option>
                          ))}
                      </select>
                    </label>
                  ) : null}
                  <button className="btn-outline" type="submit" aria-label={`Remove ${s.name}`}>
                    Remove
                  </button>
                </form>
              ) : (
                <span className="ml-auto text-xs text-slate-500">The closing stage: moving a card here asks for a reason.</span>
              )}
            </div>
          </li>
        ))}
      </ol>
      <form method="post" action="/settings/pipeline/stages" className="card card-body mt-6 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          New stage
          <input className="input" name="name" required maxLength={60} placeholder="Client interview" />
        </label>
        <button className="btn-primary" type="submit">
          Add stage
        </button>
      </form>
      <form method="post" action="/settings/pipeline/reasons" className="card card-body mt-6 grid gap-2">
        <label className="label" htmlFor="reject-reasons">
          Reasons for Rejected (one per line)
        </label>
        <textarea className="input" id="reject-reasons" name="reasons" rows={6} defaultValue={pipeline.rejectReasons.join("\n")} />
        <div>
          <button className="btn-primary" type="submit">
            Save reasons
          </button>
        </div>
      </form>
    </AppShell>
  );
}
