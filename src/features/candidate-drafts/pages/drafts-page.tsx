import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import CvDrop from "../islands/cv-drop";
import type { Draft } from "../model";

/** A refused confirmation: which draft, what was typed, each field's message. */
export interface DraftErrors {
  id: number;
  posted: Record<string, unknown>;
  fields: Record<string, string>;
  message: string;
}

const FIELDS: { key: keyof Draft["fields"]; label: string; type: string; autoComplete: string }[] = [
  { key: "name", label: "Name", type: "text", autoComplete: "off" },
  { key: "email", label: "E-mail", type: "email", autoComplete: "off" },
  { key: "phone", label: "Phone", type: "tel", autoComplete: "off" },
  { key: "city", label: "City", type: "text", autoComplete: "off" },
  { key: "role", label: "Role", type: "text", autoComplete: "off" },
  { key: "linkedin", label: "LinkedIn URL", type: "url", autoComplete: "off" },
  { key: "skills", label: "Skills (comma-separated)", type: "text", autoComplete: "off" },
];

const size = (n: number) => `${Math.max(1, Math.round(n / 1024))} kB`;
const BY: Record<string, string> = { model: "proposed by the assistant", rules: "proposed from the text" };

function DraftCard({ d, errors }: { d: Draft; errors: DraftErrors | null }) {
  const mine = errors?.id === d.id ? errors : null;
  const value = (k: string, proposed: string | null) => (mine && typeof mine.posted[k] === "string" ? (mine.posted[k] as string) : (proposed ?? ""));
  const title = d.fields.name || d.file.name;
  const head = (
    <header className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 className="text-base font-semibold break-all">{title}</h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {`${d.file.name} · ${d.file.type.toUpperCase()} · ${size(d.file.size)}`}
        {d.proposedBy ? ` · ${BY[d.proposedBy]}` : ""}
      </p>
    </header>
  );
  if (d.status === "reading") {
    return (
      <li className="card card-body space-y-2" data-draft={d.id} data-status={d.status}>
        {head}
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Reading… its fields are proposed in a moment.{" "}
          <a className="underline" href="/candidates/drafts">
            Reload
          </a>
        </p>
        <form method="post" action={`/candidates/drafts/${d.id}/discard`}>
          <button className="btn-outline btn-sm" type="submit" aria-label={`Discard ${d.file.name}`}>
            Discard
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="card card-body space-y-3" data-draft={d.id} data-status={d.status}>
      {head}
      {d.note ? <p className="text-sm text-amber-700 dark:text-amber-400">{`${d.note}: type the fields yourself, or discard it.`}</p> : null}
      {d.mergesInto ? (
        <p className="rounded-md bg-sky-50 p-2 text-sm text-sky-900 dark:bg-slate-800 dark:text-sky-200" data-testid="merges-into">
          {"This e-mail belongs to "}
          <a className="font-medium underline" href={`/candidates/${d.mergesInto.id}`}>{`${d.mergesInto.name || "a candidate"} (#${d.mergesInto.id})`}</a>
          {": confirming adds the CV to that candidate and fills only the fields they have empty."}
        </p>
      ) : null}
      {mine ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {mine.message}
        </p>
      ) : null}
      <form method="post" action={`/candidates/drafts/${d.id}/confirm`} className="space-y-3" aria-label={`Draft from ${d.file.name}`}>
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((f) => {
            const id = `d${d.id}-${f.key}`;
            const err = mine?.fields[f.key];
            return (
              <div key={f.key}>
                <label className="label" htmlFor={id}>
                  {f.label}
                </label>
                <input
                  id={id}
                  name={f.key}
                  type={f.type}
                  className="input"
                  defaultValue={value(f.key, d.fields[f.key])}
                  autoComplete={f.autoComplete}
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${id}-e` : undefined}
                />
                {err ? (
                  <p id={`${id}-e`} className="mt-1 text-xs text-red-600">
                    {err}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div>
          <label className="label" htmlFor={`d${d.id}-summary`}>
            Summary
          </label>
          <textarea id={`d${d.id}-summary`} name="summary" rows={3} className="input" defaultValue={value("summary", d.fields.summary)} />
          {mine?.fields.summary ? <p className="mt-1 text-xs text-red-600">{mine.fields.summary}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button className="btn-primary btn-sm" type="submit">
            {d.mergesInto ? `Confirm: add to ${d.mergesInto.name || `#${d.mergesInto.id}`}` : "Confirm"}
          </button>
          <button className="btn-outline btn-sm" type="submit" formAction={`/candidates/drafts/${d.id}/discard`} formNoValidate>
            Discard
          </button>
        </div>
      </form>
    </li>
  );
}

/** /candidates/drafts: each CV's draft with its proposed fields, to confirm (or correct) or discard. */
export function DraftsPage({ shell, drafts, errors }: { shell: Shell; drafts: Draft[]; errors: DraftErrors | null }) {
  const reading = drafts.filter((d) => d.status === "reading").length;
  return (
    <AppShell shell={shell} title="Candidates">
      <a href="/candidates" className="text-sm text-brand-600 hover:underline">
        ← Candidates
      </a>
      <h1 className="mt-2 text-2xl font-semibold">Drafts from CVs</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {drafts.length
          ? `${drafts.length} draft${drafts.length === 1 ? "" : "s"} to check${reading ? `, ${reading} still being read` : ""}. Correct what the CV reading got wrong, then confirm: each becomes a candidate, or joins the candidate who already has its e-mail.`
          : "No drafts to check. Add CVs below: each becomes a draft you confirm."}
      </p>
      <ol className="mt-4 space-y-4">
        {drafts.map((d) => (
          <DraftCard key={d.id} d={d} errors={errors} />
        ))}
      </ol>
      <div className="mt-6">
        <Island name="cv-drop" component={CvDrop} props={{ back: "/candidates/drafts" }} />
      </div>
    </AppShell>
  );
}
