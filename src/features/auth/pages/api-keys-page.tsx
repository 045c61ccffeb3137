import { AppShell } from "../../../ui/app-shell";
import { formatDateTime } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import type { Shell } from "../../../ui/shell";
import type { ApiKeyView } from "../model";

export interface ApiKeysPageProps {
  shell: Shell;
  keys: ApiKeyView[];
  /** A key just made: shown this once. */
  created?: { name: string; key: string } | null;
  /** A refused create form: the values as typed and each field's message. */
  form?: { name: string; scope: string; errors?: Record<string, string> };
}

/** Settings → API keys: make, list and revoke the workspace's keys (works without JavaScript). */
export function ApiKeysPage({ shell, keys, created, form }: ApiKeysPageProps) {
  const zone = memberZone(shell.user);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, zone) : "Never");
  const errors = form?.errors ?? {};
  const scope = form?.scope === "read-write" ? "read-write" : "read";
  return (
    <AppShell shell={shell} title="API keys" wide={false}>
      <h1 className="text-2xl font-semibold">API keys</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Connect your ATS, website or automation to Frank. Send a key in the <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> header; a key acts as the member who made it, in this
        workspace. A <strong>read</strong> key can only read; a <strong>read-write</strong> key can also make changes.{" "}
        <a className="text-brand-700 underline" href="/api/docs">
          API reference
        </a>
      </p>

      {created ? (
        <section className="card mt-6 border-emerald-300 bg-emerald-50 p-4" role="status" data-testid="new-api-key">
          <h2 className="font-semibold text-emerald-900">Copy the key “{created.name}” now</h2>
          <p className="mt-1 text-sm text-emerald-900">It is shown only this once. Frank keeps a fingerprint of it, not the key.</p>
          <label className="sr-only" htmlFor="new-key">
            New API key
          </label>
          <input id="new-key" className="input mt-3 font-mono text-sm" readOnly value={created.key} />
        </section>
      ) : null}

      <section className="card mt-6 p-4">
        <h2 className="font-semibold">Create a key</h2>
        <form method="post" action="/settings/api-keys" className="mt-3 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end" noValidate>
          <div>
            <label className="label" htmlFor="key-name">
              Name
            </label>
            <input
              className="input"
              id="key-name"
              name="name"
              required
              maxLength={100}
              placeholder="e.g. Website, Zapier"
              defaultValue={form?.name ?? ""}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "key-name-error" : undefined}
            />
            {errors.name ? (
              <p id="key-name-error" className="mt-1 text-sm text-red-700">
                {errors.name}
              </p>
            ) : null}
          </div>
          <fieldset className="flex gap-4 text-sm">
            <legend className="label">Scope</legend>
            <label className="flex items-center gap-1">
              <input type="radio" name="scope" value="read" defaultChecked={scope === "read"} /> Read
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="scope" value="read-write" defaultChecked={scope === "read-write"} /> Read-write
            </label>
          </fieldset>
          <button className="btn-primary" type="submit">
            Create key
          </button>
        </form>
        {errors.scope ? <p className="mt-1 text-sm text-red-700">{errors.scope}</p> : null}
      </section>

      <section className="card mt-6">
        <h2 className="p-4 pb-0 font-semibold">Keys</h2>
        {keys.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">No keys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="api-keys">
            {keys.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center gap-3 p-4" data-api-key={k.name}>
                <span className="min-w-0 flex-1 basis-full sm:basis-0">
                  <span className="block font-medium">
                    {k.name} <span className="badge badge-secondary ml-1">{k.scope}</span>
                  </span>
                  <span className="block truncate text-sm text-slate-500">
                    <code className="font-mono">{k.prefix}…</code> · made by {k.createdBy} on {when(k.createdAt)} · last used {when(k.lastUsedAt)}
                  </span>
                </span>
                <form method="post" action={`/settings/api-keys/${k.id}/revoke`}>
                  <button className="btn-outline btn-sm text-red-700" type="submit" aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AppShell>
  );
}
