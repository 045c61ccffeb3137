import { CRITERION_KINDS } from "../model";
import type { CriterionRow } from "../criteria-form";

const KIND_LABELS: Record<string, string> = {
  skill: "Skill",
  qualification: "Qualification",
  language: "Language",
  location: "Location or remote rule",
  experience: "Years of experience",
};
const SOURCE_NOTE: Record<string, string> = {
  rules: "Proposed from the description by rules, not saved yet: check them and save.",
  model: "Proposed from the description by the model, not saved yet: check them and save.",
  recruiter: "Saved by your team.",
  refused: "Not saved yet: correct what is marked and save again.",
};

export interface CriteriaEditorProps {
  jobId: number;
  source: string;
  rows: CriterionRow[];
  /** Messages by the form's field names (`label2`), from a refused save. */
  fields?: Record<string, string>;
  message?: string;
  canEdit: boolean;
}

const Msg = ({ id, text }: { id: string; text?: string }) =>
  text ? (
    <p id={id} className="mt-0.5 text-xs text-red-700 dark:text-red-300" data-field-error>
      {text}
    </p>
  ) : null;

/**
 * A job's criteria as one plain form (no script needed): a row of fields per criterion, a blank
 * row to add one, a "Remove" box on each; "Propose from the description" fills it again.
 */
export function CriteriaEditor({ jobId, source, rows, fields = {}, message, canEdit }: CriteriaEditorProps) {
  if (!canEdit) {
    return (
      <div data-criteria={jobId}>
        <p className="text-xs text-slate-500 dark:text-slate-400">{SOURCE_NOTE[source]}</p>
        <ul className="mt-1 grid gap-0.5 text-sm">
          {rows.map((r) => (
            <li key={r.id || r.label} data-criterion>{`${KIND_LABELS[r.kind] ?? r.kind}: ${r.label} · ${r.mustHave ? "must-have" : "nice-to-have"} · weight ${r.weight}`}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <form method="post" action={`/jobs/${jobId}/criteria`} className="grid gap-2" data-criteria={jobId} data-criteria-form noValidate>
      <p className="text-xs text-slate-500 dark:text-slate-400" data-criteria-source={source}>
        {SOURCE_NOTE[source]} Must-haves count double; weight 3 counts most.
      </p>
      {message ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-criteria-error>
          {`Not saved: ${message}`}
        </p>
      ) : null}
      {rows.map((r, i) => (
        <Row key={i} i={i} r={r} fields={fields} />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <button className="btn-primary btn-sm" type="submit">
          Save criteria
        </button>
        <a className="btn-outline btn-sm" href={`/jobs/${jobId}/criteria?propose=1`} data-propose>
          Propose from the description
        </a>
      </div>
    </form>
  );
}

function Row({ i, r, fields }: { i: number; r: CriterionRow; fields: Record<string, string> }) {
  const n = r.added ? "new criterion" : `criterion ${i + 1}`;
  const err = (f: string) => fields[`${f}${i}`];
  const described = (f: string) => (err(f) ? `crit-${f}${i}-error` : undefined);
  return (
    <fieldset
      className="grid grid-cols-[minmax(0,1fr)_5rem] gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[12rem_5rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start dark:border-slate-700"
      data-criterion-row={i}
    >
      <legend className="sr-only">{r.added ? "Add a criterion" : `Criterion ${i + 1}: ${r.label}`}</legend>
      {r.id ? <input type="hidden" name={`id${i}`} value={r.id} /> : null}
      {r.added ? <input type="hidden" name={`added${i}`} value="1" /> : null}
      <label className="text-xs">
        Kind
        <select className="input py-1 text-sm" name={`kind${i}`} defaultValue={r.kind} aria-label={`Kind of ${n}`} aria-invalid={err("kind") ? true : undefined} aria-describedby={described("kind")}>
          {CRITERION_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <Msg id={`crit-kind${i}-error`} text={err("kind")} />
      </label>
      <label className="text-xs">
        Weight
        <input
          className="input py-1 text-sm"
          name={`weight${i}`}
          defaultValue={r.weight}
          type="number"
          min={1}
          max={3}
          aria-label={`Weight of ${n} (1 to 3)`}
          aria-invalid={err("weight") ? true : undefined}
          aria-describedby={described("weight")}
        />
        <Msg id={`crit-weight${i}-error`} text={err("weight")} />
      </label>
      <label className="col-span-2 text-xs sm:col-span-1">
        {r.added ? "Add a criterion" : "Criterion"}
        <input
          className="input py-1 text-sm"
          name={`label${i}`}
          defaultValue={r.label}
          maxLength={200}
          placeholder={r.added ? "e.g. Forklift licence" : undefined}
          aria-label={r.added ? "New criterion" : `Label of criterion ${i + 1}`}
          aria-invalid={err("label") ? true : undefined}
          aria-describedby={described("label")}
        />
        <Msg id={`crit-label${i}-error`} text={err("label")} />
      </label>
      <label className="col-span-2 text-xs sm:col-span-1">
        Other words that count (commas)
        <input
          className="input py-1 text-sm"
          name={`terms${i}`}
          defaultValue={r.terms}
          aria-label={`Other words for ${n}`}
          aria-invalid={err("terms") ? true : undefined}
          aria-describedby={described("terms")}
        />
        <Msg id={`crit-terms${i}-error`} text={err("terms")} />
      </label>
      <div className="col-span-2 flex flex-wrap gap-x-3 gap-y-1 text-xs sm:col-span-1 sm:flex-col sm:pt-4">
        <label className="flex items-center gap-1">
          <input type="checkbox" name={`mustHave${i}`} defaultChecked={r.mustHave} aria-label={`Must-have: ${n}`} /> Must-have
        </label>
        {r.added ? null : (
          <label className="flex items-center gap-1">
            <input type="checkbox" name={`remove${i}`} defaultChecked={r.remove} aria-label={`Remove criterion ${i + 1}`} /> Remove
          </label>
        )}
      </div>
    </fieldset>
  );
}
