import { formatDate } from "../../../lib/when";
import type { ReactNode } from "react";
import type { Job } from "../../jobs/service";
import type { Application } from "../../applications/model";
import type { ApplyValues } from "../apply-input";
import { FIELD_LABELS, type ApplicationForm, type FieldMode, type Question } from "../model";
import type { PublicSite } from "../service";
import { CareersFrame } from "./careers-frame";
import { Facts } from "./careers-pages";

export interface ApplyPageProps {
  site: PublicSite;
  job: Job;
  form: ApplicationForm;
  values: ApplyValues;
  errors: Record<string, string>;
  /** The sealed time the form was shown (the minimum time between showing and sending). */
  started: string;
  /** A refusal of the whole form (too fast, too many): what to do. */
  notice: string | null;
  /** The one sentence on the automated assistant (and whether a model reads applications), with its page. */
  assistant: { sentence: string; href: string };
}

const INPUT = "input mt-1 w-full aria-invalid:border-red-600";

function Field({ id, label, mode, error, children, hint, drop }: { id: string; label: string; mode: FieldMode; error?: string; children: ReactNode; hint?: string; drop?: boolean }) {
  return (
    <div {...(drop ? { "data-cv-drop": "", className: "rounded-md data-dragging:bg-brand-50 data-dragging:outline-2 data-dragging:outline-brand-500" } : {})}>
      <label htmlFor={id} className="label">
        {label}
        {mode === "optional" ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string, hint?: boolean) => {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
};

function QuestionField({ q, value, error }: { q: Question; value: string; error?: string }) {
  const id = `q_${q.id}`;
  const required = q.mode === "required";
  if (q.kind === "text")
    return (
      <Field id={id} label={q.label} mode={q.mode} error={error}>
        <input id={id} name={id} className={INPUT} defaultValue={value} maxLength={1000} required={required} {...described(id, error)} />
      </Field>
    );
  const options = q.kind === "yes_no" ? [["yes", "Yes"] as const, ["no", "No"] as const] : q.options.map((o) => [o, o] as const);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="label">
        {q.label}
        {q.mode === "optional" ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map(([v, l]) => (
          <label key={v} className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name={id} value={v} defaultChecked={value === v} required={required} aria-invalid={error ? true : undefined} />
            {l}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** /careers/{slug}/jobs/{id}/apply: one plain form (multipart), complete without JavaScript. */
export function ApplyPage(p: ApplyPageProps) {
  const { site, job, form, values: v, errors: e } = p;
  const f = form.fields;
  const count = Object.keys(e).length;
  return (
    <CareersFrame site={site}>
      <p className="text-sm">
        <a className="underline" href={`/careers/${site.slug}/jobs/${job.id}`}>
          Back to the job
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">Apply for {job.title}</h1>
      <div className="mt-3">
        <Facts job={job} site={site} />
      </div>
      {p.notice ? (
        <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {p.notice}
        </p>
      ) : count ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {count === 1 ? "One field needs your attention." : `${count} fields need your attention.`} Nothing you typed was lost{f.cv !== "off" ? "; please attach your CV again" : ""}.
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-700" data-testid="assistant-notice">
        {p.assistant.sentence}{" "}
        <a className="underline" href={p.assistant.href}>
          What it does, and how to ask a person instead
        </a>
      </p>
      <form method="post" encType="multipart/form-data" action={`/careers/${site.slug}/jobs/${job.id}/apply`} className="card card-body mt-4 grid gap-4" data-apply-form="">
        <input type="hidden" name="started" value={p.started} />
        <input type="hidden" name="source" value={v.source} />
        {/* Left empty by people (it is hidden from them and from screen readers); filled by form robots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">Leave this field empty</label>
          <input id="website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <Field id="name" label="Full name" mode="required" error={e.name}>
          <input id="name" name="name" className={INPUT} defaultValue={v.name} autoComplete="name" required maxLength={200} {...described("name", e.name)} />
        </Field>
        <Field id="email" label="E-mail" mode="required" error={e.email}>
          <input id="email" name="email" type="email" className={INPUT} defaultValue={v.email} autoComplete="email" required maxLength={200} {...described("email", e.email)} />
        </Field>
        {f.phone !== "off" ? (
          <Field id="phone" label={FIELD_LABELS.phone} mode={f.phone} error={e.phone}>
            <input id="phone" name="phone" type="tel" className={INPUT} defaultValue={v.phone} autoComplete="tel" required={f.phone === "required"} maxLength={40} {...described("phone", e.phone)} />
          </Field>
        ) : null}
        {f.linkedin !== "off" ? (
          <Field id="linkedin" label={FIELD_LABELS.linkedin} mode={f.linkedin} error={e.linkedin}>
            <input
              id="linkedin"
              name="linkedin"
              type="url"
              className={INPUT}
              defaultValue={v.linkedin}
              placeholder="https://www.linkedin.com/in/…"
              required={f.linkedin === "required"}
              maxLength={300}
              {...described("linkedin", e.linkedin)}
            />
          </Field>
        ) : null}
        {f.cv !== "off" ? (
          <Field id="cv" label={FIELD_LABELS.cv} mode={f.cv} error={e.cv} hint="PDF, DOCX or text, at most 10 MB" drop>
            <input
              id="cv"
              name="cv"
              type="file"
              accept=".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain"
              className={INPUT}
              required={f.cv === "required"}
              {...described("cv", e.cv, true)}
            />
          </Field>
        ) : null}
        {form.questions
          .filter((q) => q.mode !== "off")
          .map((q) => (
            <QuestionField key={q.id} q={q} value={v.answers[q.id] ?? ""} error={e[`q_${q.id}`]} />
          ))}
        {f.note !== "off" ? (
          <Field id="note" label={FIELD_LABELS.note} mode={f.note} error={e.note}>
            <textarea id="note" name="note" rows={4} className={INPUT} defaultValue={v.note} required={f.note === "required"} maxLength={4000} {...described("note", e.note)} />
          </Field>
        ) : null}
        <div>
          <label className="inline-flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="privacy"
              value="yes"
              defaultChecked={v.privacy}
              required
              aria-invalid={e.privacy ? true : undefined}
              aria-describedby={e.privacy ? "privacy-error" : undefined}
              className="mt-1"
            />
            <span>
              I have read and agree to the{" "}
              {site.privacyNotice ? (
                <a className="underline" href={`/careers/${site.slug}/privacy`} target="_blank" rel="noopener">
                  privacy notice
                </a>
              ) : (
                "privacy notice"
              )}{" "}
              of {site.agency}.
            </span>
          </label>
          {e.privacy ? (
            <p id="privacy-error" className="field-error">
              {e.privacy}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          Send application
        </button>
      </form>
    </CareersFrame>
  );
}

/** /careers/applications/{token}: the applicant's own view of what they sent, and Withdraw. */
export function OwnApplicationPage({ site, job, application, withdrawn, sent, action }: { site: PublicSite; job: Job; application: Application; withdrawn: boolean; sent: boolean; action: string }) {
  return (
    <CareersFrame site={site}>
      {sent ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          Thank you: your application was sent. A confirmation e-mail with the link to this page is on its way.
        </p>
      ) : null}
      <h1 className="text-2xl font-semibold">Your application for {job.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Sent {formatDate(application.createdAt, site.timeZone)}. {withdrawn ? "You withdrew it." : "It is being considered."}
      </p>
      {application.answers.length ? (
        <dl className="card card-body mt-4 grid gap-2 text-sm">
          {application.answers.map((a, i) => (
            <div key={i}>
              <dt className="text-slate-500">{a.question}</dt>
              <dd className="whitespace-pre-line">{a.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {!withdrawn ? (
        <form method="post" action={action} className="mt-6">
          <button type="submit" className="btn-outline">
            Withdraw my application
          </button>
        </form>
      ) : null}
      <p className="mt-6 text-sm">
        <a className="underline" href={`/careers/${site.slug}`}>
          See the open jobs
        </a>
      </p>
    </CareersFrame>
  );
}
