// The job's Posting page's two forms (issue 56 items 1 and 4) read into the API's shapes, so the
// page and PATCH /api/jobs/{id} / PUT /api/jobs/{id}/application-form share one set of rules.
import type { z } from "zod";
import { UpdateJobInput, type UpdateJob } from "../jobs/model";
import { FormInput, STANDARD_FIELDS } from "./model";

const s = (d: Record<string, unknown>, k: string) => (typeof d[k] === "string" ? (d[k] as string).trim() : "");
const num = (v: string) => (v === "" ? null : Number(v));

function fieldsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const k = i.path.join(".");
    if (!out[k]) out[k] = i.message;
  }
  return out;
}

/** The posting form's fields as PATCH /api/jobs/{id} takes them. */
export function postingPatch(d: Record<string, unknown>): { ok: true; value: UpdateJob } | { ok: false; errors: Record<string, string> } {
  const salaryGiven = s(d, "salaryMin") || s(d, "salaryMax");
  const raw = {
    description: s(d, "description"),
    published: d.published === "on" || d.published === "yes",
    closed: d.closed === "on" || d.closed === "yes",
    validThrough: s(d, "validThrough") || null,
    employmentType: s(d, "employmentType") || null,
    remote: s(d, "remote") || "on_site",
    remoteCountries: s(d, "remoteCountries")
      .split(/[\s,]+/)
      .filter(Boolean),
    city: s(d, "city"),
    region: s(d, "region"),
    country: s(d, "country") || null,
    postalCode: s(d, "postalCode"),
    salary: salaryGiven ? { min: num(s(d, "salaryMin")), max: num(s(d, "salaryMax")), currency: s(d, "salaryCurrency"), period: s(d, "salaryPeriod") } : null,
    showClient: d.showClient === "on" || d.showClient === "yes",
  };
  const r = UpdateJobInput.safeParse(raw);
  if (!r.success) {
    const errors = fieldsOf(r.error);
    // The salary's parts are separate inputs on the page.
    for (const k of Object.keys(errors)) if (k.startsWith("salary.")) errors[`salary${k[7]!.toUpperCase()}${k.slice(8)}`] = errors[k]!;
    return { ok: false, errors };
  }
  return { ok: true, value: r.data };
}

/** The application form's fields: standard fields' modes, and the question rows (an empty label drops a row). */
export function formPatch(d: Record<string, unknown>): { ok: true; value: z.infer<typeof FormInput> } | { ok: false; errors: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const k of STANDARD_FIELDS) if (s(d, `field_${k}`)) fields[k] = s(d, `field_${k}`);
  const questions = [];
  const rows: number[] = [];
  for (let i = 0; i < 20; i++) {
    const label = s(d, `q${i}_label`);
    if (!label) continue;
    rows.push(i);
    const id = s(d, `q${i}_id`);
    questions.push({
      ...(id ? { id } : {}),
      label,
      kind: s(d, `q${i}_kind`) || "yes_no",
      options: s(d, `q${i}_options`)
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
      mode: s(d, `q${i}_mode`) || "required",
      knockout: s(d, `q${i}_knockout`) || null,
    });
  }
  const r = FormInput.safeParse({ fields, questions });
  if (!r.success) {
    const errors: Record<string, string> = {};
    for (const i of r.error.issues) {
      const [head, idx, key] = i.path;
      const name = head === "questions" ? `q${rows[Number(idx)]}_${String(key ?? "label")}` : head === "fields" ? `field_${String(idx)}` : String(head);
      if (!errors[name]) errors[name] = i.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, value: r.data };
}
