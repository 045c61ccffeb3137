// The criteria editor's plain form (issue 57): one row of fields per criterion (kind, label,
// must-have, weight, other words), a blank row to add one and a "remove" box on each. The rows
// become the same list PUT /api/jobs/{id}/criteria takes, checked by the same schema, and a
// refusal names the row and field it belongs to. Pure: no server imports.
import type { z } from "zod";
import { CriteriaInput, type Criterion, type CriterionInput } from "./model";

/** A row as typed (strings), kept as posted so a refused form shows it again unchanged. */
export interface CriterionRow {
  id: string;
  kind: string;
  label: string;
  mustHave: boolean;
  weight: string;
  terms: string;
  remove: boolean;
  /** The blank row: left empty, it adds nothing. */
  added: boolean;
}

/** At most this many rows are read from a post (the schema allows 30 criteria, plus the blank row). */
const MAX_ROWS = 31;

const str = (v: unknown, max = 500) => (typeof v === "string" ? v.slice(0, max) : "");
const ticked = (v: unknown) => v === "on" || v === "true" || v === "1";

/** The rows of a posted form, by their number (`kind0`, `label0`, …), in order. */
export function rowsFromForm(body: Record<string, unknown>): CriterionRow[] {
  const rows: CriterionRow[] = [];
  for (let i = 0; i < MAX_ROWS; i++) {
    if (!(`kind${i}` in body) && !(`label${i}` in body)) continue;
    rows.push({
      id: str(body[`id${i}`], 40),
      kind: str(body[`kind${i}`], 40),
      label: str(body[`label${i}`]),
      mustHave: ticked(body[`mustHave${i}`]),
      weight: str(body[`weight${i}`], 10),
      terms: str(body[`terms${i}`], 1200),
      remove: ticked(body[`remove${i}`]),
      added: body[`added${i}`] === "1",
    });
  }
  return rows;
}

/** The saved or proposed criteria as rows of the form. */
export function rowsOf(criteria: Criterion[]): CriterionRow[] {
  return criteria.map((c) => ({
    id: c.id,
    kind: c.kind,
    label: c.label,
    mustHave: c.mustHave,
    weight: String(c.weight),
    terms: c.terms.filter((t) => t !== c.label).join(", "),
    remove: false,
    added: false,
  }));
}

export const blankRow = (): CriterionRow => ({ id: "", kind: "skill", label: "", mustHave: false, weight: "2", terms: "", remove: false, added: true });

export type CriteriaFormResult = { ok: true; criteria: z.input<typeof CriterionInput>[] } | { ok: false; message: string; fields: Record<string, string> };

/**
 * The rows as the API's list: removed rows and an untouched blank row left out. A refusal's fields
 * are keyed by the form's names (`label2`, `weight0`), the messages the API's own.
 */
export function criteriaFromRows(rows: CriterionRow[]): CriteriaFormResult {
  const kept = rows.map((r, i) => ({ r, i })).filter(({ r }) => !r.remove && !(r.added && !r.label.trim() && !r.terms.trim()));
  const input = {
    criteria: kept.map(({ r }) => ({
      ...(r.id ? { id: r.id } : {}),
      kind: r.kind,
      label: r.label,
      mustHave: r.mustHave,
      weight: r.weight.trim() === "" ? undefined : r.weight,
      terms: r.terms
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    })),
  };
  const parsed = CriteriaInput.safeParse(input);
  if (parsed.success) return { ok: true, criteria: input.criteria as z.input<typeof CriterionInput>[] };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    const key = typeof index === "number" && typeof field === "string" ? `${field === "id" ? "label" : field}${kept[index]!.i}` : "criteria";
    if (!fields[key]) fields[key] = issue.message;
  }
  return { ok: false, message: Object.values(fields)[0] ?? "Invalid criteria", fields };
}
