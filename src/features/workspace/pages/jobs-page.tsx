import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { JobsData } from "../jobs-service";

/** /jobs: jobs and their campaign links, with clicks and applicants per campaign. */
export function JobsPage({ shell, jobs }: { shell: Shell; jobs: JobsData }) {
  return (
    <AppShell shell={shell} title="Jobs">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Jobs</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Each job's campaign links, how many people opened them and how many applied.</p>
        </div>
        <div className="flex gap-2">
          <a className="btn-outline" href="/clients">
            Clients
          </a>
          <a className="btn-primary" href="/dashboard">
            Create a job or campaign
          </a>
        </div>
      </div>
      {jobs.length ? (
        <ul className="mt-6 space-y-6">
          {jobs.map((j) => (
            <li key={j.id} className="card" data-job={j.id}>
              <div className="card-header flex flex-wrap items-baseline justify-between gap-2">
                <div>
                  <h2 className="card-title">
                    <a className="underline" href={`/jobs/${j.id}`}>
                      {j.title}
                    </a>
                  </h2>
                  <p className="text-sm text-slate-500 dark:text-slate-400" data-job-client>
                    {j.client ? (
                      <a className="underline" href={`/clients/${j.client.id}`}>
                        {j.client.name}
                      </a>
                    ) : null}
                    {j.client && j.location ? " · " : null}
                    {j.location}
                  </p>
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  <span className="badge-secondary mr-2" data-job-status>
                    {j.status === "open" ? "Published" : j.status === "closed" ? "Closed" : "Draft"}
                  </span>
                  <a className="underline" href={`/jobs/${j.id}/posting`}>
                    Posting
                  </a>
                  {" · "}
                  <a className="underline" href={`/candidates?jobId=${j.id}`}>
                    Candidates for this job
                  </a>
                  {" · "}
                  {j.clicks} clicks · {j.applicants} applicants
                </p>
              </div>
              {j.sources.length ? (
                <p className="px-5 pt-3 text-sm text-slate-600 dark:text-slate-300" data-job-sources>
                  Applications by source:{" "}
                  {j.sources.map((s, i) => (
                    <span key={s.source}>
                      {i ? " · " : ""}
                      {!s.own ? (
                        s.source
                      ) : (
                        <a className="underline" href={`/candidates?source=${encodeURIComponent(s.source)}`}>
                          {s.source}
                        </a>
                      )}
                      {` ${s.count}`}
                      {s.stages.length > 1
                        ? ` (${s.stages
                            .slice(1)
                            .map((st) => `${st.reached} ${st.name}`)
                            .join(", ")})`
                        : ""}
                    </span>
                  ))}
                </p>
              ) : null}
              {j.campaigns.length ? (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Campaigns of {j.title}</caption>
                    <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
                      <tr>
                        <th scope="col" className="px-5 py-2">
                          Campaign
                        </th>
                        <th scope="col" className="px-5 py-2 text-right">
                          Clicks
                        </th>
                        <th scope="col" className="px-5 py-2 text-right">
                          Applicants
                        </th>
                        <th scope="col" className="px-5 py-2">
                          Link
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {j.campaigns.map((c) => (
                        <tr key={c.id} data-campaign={c.id} className="border-t border-slate-100 dark:border-slate-800">
                          <th scope="row" className="px-5 py-2 font-medium">
                            {c.name}
                            {c.label ? <span className="ml-2 text-xs text-slate-500">{c.label}</span> : null}
                          </th>
                          <td className="px-5 py-2 text-right tabular-nums" data-clicks>
                            {c.clicks}
                          </td>
                          <td className="px-5 py-2 text-right tabular-nums" data-applicants>
                            {c.applicants}
                          </td>
                          <td className="max-w-64 truncate px-5 py-2">
                            <a className="text-brand-700 underline dark:text-brand-100" href={c.url}>
                              {c.url.replace(/^https?:\/\//, "")}
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="card-body text-sm text-slate-500 dark:text-slate-400">No campaign links yet.</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="card card-body mt-6 text-sm text-slate-500">
          No jobs yet.{" "}
          <a className="underline" href="/dashboard">
            Create your first job on the dashboard.
          </a>
        </p>
      )}
    </AppShell>
  );
}
