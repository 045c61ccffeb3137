import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { ClientPageData } from "../page-data";

/** /clients/{id}: the client's details (editable), contacts, jobs and their funnel; forms post without JavaScript. */
export function ClientPage({ shell, data }: { shell: Shell; data: ClientPageData }) {
  const { client, jobs, funnel } = data;
  return (
    <AppShell shell={shell} title={client.name}>
      <p className="text-sm">
        <a className="underline" href="/clients">
          Clients
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-semibold" data-testid="client-name">
        {client.name}
      </h1>
      {client.website ? (
        <p className="text-sm">
          <a className="text-brand-700 underline dark:text-brand-100" href={client.website} rel="noopener noreferrer">
            {client.website.replace(/^https?:\/\//, "")}
          </a>
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className="card min-w-0" aria-labelledby="client-jobs">
          <h2 className="card-header card-title" id="client-jobs">
            Jobs ({jobs.length})
          </h2>
          {jobs.length ? (
            <ul className="card-body space-y-1 text-sm">
              {jobs.map((j) => (
                <li key={j.id}>
                  <a className="underline" href={`/jobs/${j.id}`}>
                    {j.title}
                  </a>
                  {j.location ? <span className="text-slate-500"> · {j.location}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="card-body text-sm text-slate-500">No jobs for this client yet. Choose the client when you create or edit a job.</p>
          )}
          <form method="post" action={`/clients/${client.id}/jobs`} className="card-body flex flex-wrap items-end gap-2 border-t border-slate-100 dark:border-slate-800">
            <label className="text-sm">
              New job for {client.name}
              <input className="input" name="title" required maxLength={200} placeholder="Job title" />
            </label>
            <label className="text-sm">
              Location
              <input className="input" name="location" maxLength={200} />
            </label>
            <button className="btn-primary btn-sm" type="submit">
              Add job
            </button>
          </form>
          {funnel ? <div className="card-body">{funnel}</div> : null}
        </section>
        <section className="card min-w-0" aria-labelledby="client-contacts">
          <h2 className="card-header card-title" id="client-contacts">
            Contacts
          </h2>
          {client.contacts.length ? (
            <ul className="card-body divide-y divide-slate-100 text-sm dark:divide-slate-800">
              {client.contacts.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-contact={c.id}>
                  <span>
                    <strong>
                      <a className="underline" href={`/clients/${client.id}/contacts/${c.id}`}>
                        {c.name}
                      </a>
                    </strong>
                    {c.role ? ` · ${c.role}` : ""}
                    {c.email ? (
                      <>
                        {" "}
                        ·{" "}
                        <a className="underline" href={`mailto:${c.email}`}>
                          {c.email}
                        </a>
                      </>
                    ) : null}
                    {c.phone ? ` · ${c.phone}` : ""}
                  </span>
                  <form method="post" action={`/clients/${client.id}/contacts/${c.id}/delete`}>
                    <button className="btn-outline btn-sm" type="submit" aria-label={`Remove ${c.name}`}>
                      Remove
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="card-body text-sm text-slate-500">No contacts yet.</p>
          )}
          <form method="post" action={`/clients/${client.id}/contacts`} className="card-body grid gap-2 sm:grid-cols-2">
            <h3 className="font-medium sm:col-span-2">Add a contact</h3>
            <label className="text-sm">
              Name
              <input className="input" name="name" required maxLength={200} />
            </label>
            <label className="text-sm">
              Role
              <input className="input" name="role" maxLength={200} placeholder="Hiring manager" />
            </label>
            <label className="text-sm">
              E-mail
              <input className="input" name="email" type="email" maxLength={254} />
            </label>
            <label className="text-sm">
              Phone
              <input className="input" name="phone" type="tel" maxLength={50} />
            </label>
            <div className="sm:col-span-2">
              <button className="btn-primary" type="submit">
                Add contact
              </button>
            </div>
          </form>
        </section>
      </div>
      <form method="post" action={`/clients/${client.id}`} className="card card-body mt-6 grid max-w-xl gap-3">
        <h2 className="card-title">Details</h2>
        <div>
          <label className="label" htmlFor="client-name">
            Name
          </label>
          <input className="input" id="client-name" name="name" required maxLength={200} defaultValue={client.name} />
        </div>
        <div>
          <label className="label" htmlFor="client-website">
            Website
          </label>
          <input className="input" id="client-website" name="website" maxLength={500} defaultValue={client.website ?? ""} />
        </div>
        <div>
          <label className="label" htmlFor="client-notes">
            Notes
          </label>
          <textarea className="input" id="client-notes" name="notes" rows={4} maxLength={5000} defaultValue={client.notes ?? ""} />
        </div>
        <div>
          <button className="btn-primary" type="submit">
            Save
          </button>
        </div>
      </form>
      <form method="post" action={`/clients/${client.id}/delete`} className="mt-6">
        <button className="btn-outline" type="submit">
          Delete client
        </button>
        {client.jobCount ? <span className="ml-2 text-sm text-slate-500">A client with jobs cannot be deleted ({client.jobCount}).</span> : null}
      </form>
    </AppShell>
  );
}
