import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { Job } from "../../jobs/service";
import { EMPLOYMENT_LABELS, EMPLOYMENT_TYPES, PERIOD_LABELS, REMOTE_KINDS, REMOTE_LABELS, SALARY_PERIODS } from "../../jobs/posting-model";
import { ChoiceSelect, choicesOf } from "./choice-select";
import { FIELD_LABELS, FIELD_MODES, STANDARD_FIELDS, type ApplicationForm } from "../model";

export interface PostingPageProps {
  shell: Shell;
  job: Job;
  form: ApplicationForm;
  /** The public page when the workspace has a careers site. */
  publicUrl: string | null;
  /** What was posted, when a form is shown again. */
  posted: Record<string, string> | null;
  errors: Record<string, string>;
  /** Per source: applications, and how many reached each open stage (the first is every one that started). */
  sources: { source: string; count: number; stages: { name: string; reached: number }[] }[];
}

const IN = "input mt-1 w-full";

/** /jobs/{id}/posting: the job's publishing facts, description and application form, as two plain forms. */
export function PostingPage(p: PostingPageProps) {
  const { job, form, errors: e } = p;
  const v = (name: string, fallback: string | number | null | undefined) => (p.posted ? (p.posted[name] ?? "") : String(fallback ?? ""));
  const checked = (name: string, fallback: boolean) => (p.posted ? p.posted[name] === "on" : fallback);
  const err = (k: string) =>
    e[k] ? (
      <p id={`${k}-error`} className="field-error">
        {e[k]}
      </p>
    ) : null;
  const text = (name: string, label: string, value: string | number | null | undefined, extra: Record<string, unknown> = {}) => (
    <label className="text-sm">
      {label}
      <input name={name} className={IN} defaultValue={v(name, value)} aria-invalid={e[name] ? true : undefined} {...extra} />
      {err(name)}
    </label>
  );
  const rows = [...form.questions, null, null];
  return (
    <AppShell shell={p.shell} title={`Posting · ${job.title}`} wide={false}>
      <a className="text-sm text-brand-600 hover:underline" href={`/jobs/${job.id}`}>
        ← {job.title}
      </a>
      <h1 className="mt-2 text-2xl font-semibold">Posting</h1>
      <p className="mt-1 text-sm text-slate-600">
        Status: <strong>{job.status}</strong>.{" "}
        {p.publicUrl && job.status === "open" ? (
          <a className="underline" href={p.publicUrl}>
            Its page on the careers site
          </a>
        ) : p.publicUrl ? (
          "Published jobs that are not closed show on the careers site."
        ) : (
          <>
            Set up the careers site in{" "}
            <a className="underline" href="/settings/careers">
              Settings → Careers site
            </a>{" "}
            to publish it.
          </>
        )}
      </p>
      {p.sources.length ? (
        <section className="card card-body mt-4 text-sm">
          <h2 className="font-semibold">Applications by source</h2>
          <p className="text-slate-600 dark:text-slate-300">How many reached each stage (or a later one), by where they came from.</p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left" data-testid="sources-by-stage">
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Source
                  </th>
                  <th scope="col" className="pr-3 text-right">
                    Applications
                  </th>
                  {p.sources[0]!.stages.slice(1).map((st) => (
                    <th scope="col" key={st.name} className="pr-3 text-right">
                      {st.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.sources.map((s) => (
                  <tr key={s.source}>
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {s.source}
                    </th>
                    <td className="pr-3 text-right">{s.count}</td>
                    {s.stages.slice(1).map((st) => (
                      <td key={st.name} className="pr-3 text-right">
                        {st.reached}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <form method="post" action={`/jobs/${job.id}/posting`} className="card card-body mt-4 grid gap-3 sm:grid-cols-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="published" defaultChecked={checked("published", job.published)} /> Published
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="closed" defaultChecked={checked("closed", !!job.closedAt)} /> Closed
        </label>
        {text("validThrough", "Closing date", job.validThrough?.slice(0, 10), { type: "date" })}
        <ChoiceSelect
          label="Employment type"
          name="employmentType"
          className={IN}
          value={v("employmentType", job.employmentType)}
          blank="Not said"
          choices={choicesOf(EMPLOYMENT_TYPES, EMPLOYMENT_LABELS)}
        />
        <ChoiceSelect label="Remote" name="remote" className={IN} value={v("remote", job.remote)} choices={choicesOf(REMOTE_KINDS, REMOTE_LABELS)} />
        {text("remoteCountries", "Countries a remote job accepts (AU, NZ)", job.remoteCountries.join(", "))}
        {text("city", "City", job.city)}
        {text("region", "Region or state", job.region)}
        {text("country", "Country (two letters)", job.country, { maxLength: 2 })}
        {text("postalCode", "Postal code", job.postalCode)}
        {text("salaryMin", "Salary from", job.salary?.min, { type: "number", min: 0, step: "any" })}
        {text("salaryMax", "Salary to", job.salary?.max, { type: "number", min: 0, step: "any" })}
        {text("salaryCurrency", "Currency (AUD, EUR…)", job.salary?.currency, { maxLength: 3 })}
        <ChoiceSelect label="Per" name="salaryPeriod" className={IN} value={v("salaryPeriod", job.salary?.period ?? "year")} choices={choicesOf(SALARY_PERIODS, PERIOD_LABELS)} />
        <label className="inline-flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="showClient" defaultChecked={checked("showClient", job.showClient)} /> Show the client's name (otherwise “Confidential client”)
        </label>
        <label className="text-sm sm:col-span-2">
          Description (Markdown)
          <textarea name="description" rows={10} className={IN} defaultValue={v("description", job.description)} />
          {err("description")}
        </label>
        <div>
          <button className="btn-primary btn-sm" type="submit">
            Save posting
          </button>
        </div>
      </form>
      <form method="post" action={`/jobs/${job.id}/application-form`} className="card card-body mt-6 grid gap-3 text-sm">
        <h2 className="font-semibold">Application form</h2>
        <p className="text-slate-600">Name and e-mail are always asked. A knock-out answer flags the application for you; it never rejects anyone by itself.</p>
        <div className="grid gap-3 sm:grid-cols-4">
          {STANDARD_FIELDS.map((k) => (
            <label key={k}>
              {FIELD_LABELS[k]}
              <select name={`field_${k}`} className={IN} defaultValue={v(`field_${k}`, form.fields[k])}>
                {FIELD_MODES.map((m) => (
                  <option key={m} value={m}>
                    {m[0]!.toUpperCase() + m.slice(1)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        {rows.map((q, i) => (
          <fieldset key={i} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-5">
            <legend className="px-1 text-xs text-slate-500">Question {i + 1}</legend>
            {q ? <input type="hidden" name={`q${i}_id`} value={q.id} /> : null}
            <label className="sm:col-span-5">
              Question
              <input name={`q${i}_label`} className={IN} defaultValue={v(`q${i}_label`, q?.label)} maxLength={300} />
              {err(`q${i}_label`)}
            </label>
            <label>
              Kind
              <select name={`q${i}_kind`} className={IN} defaultValue={v(`q${i}_kind`, q?.kind ?? "yes_no")}>
                <option value="yes_no">Yes / no</option>
                <option value="choice">One choice</option>
                <option value="text">Short text</option>
              </select>
            </label>
            <label className="sm:col-span-2">
              Options (for one choice, with commas)
              <input name={`q${i}_options`} className={IN} defaultValue={v(`q${i}_options`, q?.options.join(", "))} />
              {err(`q${i}_options`)}
            </label>
            <label>
              Asked
              <select name={`q${i}_mode`} className={IN} defaultValue={v(`q${i}_mode`, q?.mode ?? "required")}>
                {FIELD_MODES.map((m) => (
                  <option key={m} value={m}>
                    {m[0]!.toUpperCase() + m.slice(1)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Knock-out answer
              <input name={`q${i}_knockout`} className={IN} defaultValue={v(`q${i}_knockout`, q?.knockout)} placeholder="e.g. no" />
              {err(`q${i}_knockout`)}
            </label>
          </fieldset>
        ))}
        <div>
          <button className="btn-primary btn-sm" type="submit">
            Save application form
          </button>
        </div>
      </form>
    </AppShell>
  );
}
