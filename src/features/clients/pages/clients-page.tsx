import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { Client } from "../model";

/** /clients: the agency's clients, their jobs and contacts, and a form to add one. */
export function ClientsPage({ shell, clients }: { shell: Shell; clients: Client[] }) {
  return (
    <AppShell shell={shell} title="Clients">
      <h1 className="text-2xl font-semibold">Clients</h1>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">The companies you recruit for: their jobs, contacts and notes.</p>
      {clients.length ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2" data-testid="client-list">
          {clients.map((c) => (
            <li key={c.id} className="card card-body" data-client={c.id}>
              <a className="text-lg font-medium text-brand-700 underline dark:text-brand-100" href={`/clients/${c.id}`}>
                {c.name}
              </a>
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {`${c.jobCount} job${c.jobCount === 1 ? "" : "s"} · ${c.contacts.length} contact${c.contacts.length === 1 ? "" : "s"}${c.website ? ` · ${c.website.replace(/^https?:\/\//, "")}` : ""}`}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card card-body mt-6 text-sm text-slate-500">No clients yet. Add the first one below.</p>
      )}
      <form method="post" action="/clients" className="card card-body mt-6 grid max-w-xl gap-3">
        <h2 className="card-title">Add a client</h2>
        <div>
          <label className="label" htmlFor="client-name">
            Name
          </label>
          <input className="input" id="client-name" name="name" required maxLength={200} />
        </div>
        <div>
          <label className="label" htmlFor="client-website">
            Website
          </label>
          <input className="input" id="client-website" name="website" maxLength={500} placeholder="https://acme.example" />
        </div>
        <div>
          <label className="label" htmlFor="client-notes">
            Notes
          </label>
          <textarea className="input" id="client-notes" name="notes" rows={3} maxLength={5000} />
        </div>
        <div>
          <button className="btn-primary" type="submit">
            Add client
          </button>
        </div>
      </form>
    </AppShell>
  );
}
