import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { ASSISTANT_FEATURES, FEATURE_LABELS, MIN_RETENTION_MONTHS, type AssistantSettings } from "../model";

/** Settings → Assistant: a switch per automated feature and how long suggestions are kept (works without JavaScript). */
export function AssistantSettingsPage({ shell, settings }: { shell: Shell; settings: AssistantSettings }) {
  return (
    <AppShell shell={shell} title="Assistant" wide={false}>
      <h1 className="text-2xl font-semibold">Assistant</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
        Each automated feature only suggests: a person decides, and nothing is rejected, moved or e-mailed because of a score alone. Every suggestion about a candidate is kept on record, in their
        export, and erased with them. {settings.modelConfigured ? "A language model is configured on this server." : "No language model is configured: rules do the work."} Owners and admins can change
        these; each change is in the activity log.
      </p>
      <form method="post" action="/settings/assistant" className="card card-body mt-4 grid max-w-2xl gap-3">
        {ASSISTANT_FEATURES.map((f) => (
          <label key={f} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={f} defaultChecked={settings[f]} /> {FEATURE_LABELS[f]}
          </label>
        ))}
        <label className="grid gap-1 text-sm">
          {`Keep suggestions for (months, at least ${MIN_RETENTION_MONTHS})`}
          <input className="input w-32" type="number" name="retentionMonths" min={MIN_RETENTION_MONTHS} max={120} defaultValue={settings.retentionMonths} />
        </label>
        <div>
          <button className="btn-primary" type="submit">
            Save
          </button>
        </div>
      </form>
    </AppShell>
  );
}
