// The variables of stage e-mail templates (item 5) and their rendering. Pure: the settings page,
// the preview and the send share one copy.

export const TEMPLATE_VARIABLES = ["candidate.firstName", "candidate.name", "job.title", "client.name", "recruiter.name", "company.name"] as const;
type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables a text names that Frank does not know, in order, once each. */
export function unknownVariables(text: string): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  const out: string[] = [];
  for (const m of text.matchAll(VARIABLE)) if (!known.has(m[1]!) && !out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (all, name: string) => (name in values ? values[name as TemplateVariable] : all));
}
