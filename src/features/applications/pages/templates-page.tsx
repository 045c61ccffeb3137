import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { Stage } from "../stages";
import type { EmailTemplate } from "../templates";
import { TEMPLATE_VARIABLES } from "../template-text";

function Fields({ t, stages }: { t?: EmailTemplate; stages: Stage[] }) {
  return (
    <>
      <label className="text-sm">
        Name
        <input className="input" name="name" required maxLength={100} defaultValue={t?.name ?? ""} placeholder="Rejection – polite" />
      </label>
      <label className="text-sm">
        Sent when a card enters
        <select className="input" name="stageId" defaultValue={t?.stageId ? String(t.stageId) : ""}>
          <option value="">No stage (not offered on moves)</option>
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm sm:col-span-2">
        Subject
        <input className="input" name="subject" required maxLength={200} defaultValue={t?.subject ?? ""} placeholder="Your application for {{job.title}}" />
      </label>
      <label className="text-sm sm:col-span-2">
        Body
        <textarea className="input" name="body" required rows={6} maxLength={10000} defaultValue={t?.body ?? ""} placeholder={"Dear {{candidate.firstName}},\n\n…\n\n{{recruiter.name}}"} />
      </label>
    </>
  );
}

/** Settings → E-mail templates: plain forms; the variables are listed beside them. */
export function TemplatesPage({ shell, templates, stages }: { shell: Shell; templates: EmailTemplate[]; stages: Stage[] }) {
  return (
    <AppShell shell={shell} title="E-mail templates" wide={false}>
      <h1 className="text-2xl font-semibold">E-mail templates</h1>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {"A template tied to a stage is offered when a card moves into it. Variables: "}
        {TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(", ")}
      </p>
      <ul className="mt-6 space-y-4">
        {templates.map((t) => (
          <li key={t.id} className="card card-body" data-template={t.name}>
            <form method="post" action={`/settings/email-templates/${t.id}`} className="grid gap-2 sm:grid-cols-2">
              <Fields t={t} stages={stages} />
              <div>
                <button className="btn-primary btn-sm" type="submit">
                  Save
                </button>
              </div>
            </form>
            <form method="post" action={`/settings/email-templates/${t.id}/delete`} className="mt-2">
              <button className="btn-outline btn-sm" type="submit" aria-label={`Delete ${t.name}`}>
                Delete
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form method="post" action="/settings/email-templates" className="card card-body mt-6 grid gap-2 sm:grid-cols-2">
        <h2 className="card-title sm:col-span-2">Add a template</h2>
        <Fields stages={stages} />
        <div>
          <button className="btn-primary" type="submit">
            Add template
          </button>
        </div>
      </form>
    </AppShell>
  );
}
