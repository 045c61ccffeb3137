import type { Job } from "../../jobs/service";
import { formatDay } from "../../../lib/when";
import { EMPLOYMENT_LABELS, EMPLOYMENT_TYPES, REMOTE_KINDS, REMOTE_LABELS } from "../../jobs/posting-model";
import { salaryText } from "../machine";
import { companyOf, placeOf, type JobFilters, type PublicSite } from "../service";
import { CareersFrame } from "./careers-frame";
import { ChoiceSelect, choicesOf } from "./choice-select";

/** The facts of a job in one line each (type, place, remote, salary, closing date). */
export function Facts({ job, site }: { job: Job; site: PublicSite }) {
  const place = placeOf(job);
  const remote = job.remote === "on_site" ? null : job.remote === "remote" && job.remoteCountries.length ? `Remote (${job.remoteCountries.join(", ")})` : REMOTE_LABELS[job.remote];
  const items: [string, string][] = [["Company", companyOf(job, site)]];
  if (job.employmentType) items.push(["Type", EMPLOYMENT_LABELS[job.employmentType]]);
  if (place) items.push(["Location", place]);
  if (remote) items.push(["Remote", remote]);
  if (job.salary) items.push(["Salary", salaryText(job.salary)]);
  if (job.validThrough) items.push(["Apply by", formatDay(job.validThrough.slice(0, 10))]); // the day the recruiter entered
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const select = "input mt-1 w-full";

/** /careers/{slug}: the open jobs, a search and filters; all in the address (a GET form). */
export function CareersListPage({ site, jobs, total, places, filters, source }: { site: PublicSite; jobs: Job[]; total: number; places: string[]; filters: JobFilters; source: string | null }) {
  const suffix = source ? `?source=${encodeURIComponent(source)}` : "";
  return (
    <CareersFrame site={site}>
      <h1 className="text-2xl font-semibold">Jobs at {site.agency}</h1>
      {site.intro ? <p className="mt-2 whitespace-pre-line text-slate-700">{site.intro}</p> : null}
      <form method="get" action={`/careers/${site.slug}`} role="search" className="mt-6 grid gap-3 sm:grid-cols-4">
        <label className="text-sm sm:col-span-4">
          Search
          <input className={select} type="search" name="q" defaultValue={filters.q ?? ""} placeholder="Title, skill or city" />
        </label>
        <label className="text-sm">
          Location
          <select className={select} name="location" defaultValue={filters.location ?? ""}>
            <option value="">Anywhere</option>
            {places.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <ChoiceSelect label="Remote" name="remote" className={select} value={filters.remote ?? ""} blank="Any" choices={choicesOf(REMOTE_KINDS, REMOTE_LABELS)} />
        <ChoiceSelect label="Type" name="type" className={select} value={filters.type ?? ""} blank="Any" choices={choicesOf(EMPLOYMENT_TYPES, EMPLOYMENT_LABELS)} />
        {source ? <input type="hidden" name="source" value={source} /> : null}
        <div className="flex items-end">
          <button className="btn-primary w-full" type="submit">
            Show jobs
          </button>
        </div>
      </form>
      <p className="mt-6 text-sm text-slate-600" role="status">
        {jobs.length === total ? `${total} open ${total === 1 ? "job" : "jobs"}` : `${jobs.length} of ${total} open jobs`}
      </p>
      <ul className="mt-2 grid gap-3">
        {jobs.map((j) => (
          <li key={j.id} className="card card-body">
            <h2 className="font-semibold">
              <a className="text-brand-700 underline" href={`/careers/${site.slug}/jobs/${j.id}${suffix}`}>
                {j.title}
              </a>
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {[companyOf(j, site), placeOf(j), j.remote !== "on_site" ? REMOTE_LABELS[j.remote] : null, j.employmentType ? EMPLOYMENT_LABELS[j.employmentType] : null].filter(Boolean).join(" · ")}
            </p>
          </li>
        ))}
      </ul>
      {!jobs.length ? <p className="mt-4 text-slate-700">{total ? "No job matches these filters." : "There are no open jobs right now."}</p> : null}
    </CareersFrame>
  );
}

/** /careers/{slug}/jobs/{id}: the description (sanitised HTML), the facts, and Apply. */
export function CareersJobPage({ site, job, source }: { site: PublicSite; job: Job; source: string | null }) {
  const apply = `/careers/${site.slug}/jobs/${job.id}/apply${source ? `?source=${encodeURIComponent(source)}` : ""}`;
  return (
    <CareersFrame site={site}>
      <p className="text-sm">
        <a className="underline" href={`/careers/${site.slug}`}>
          All jobs
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{job.title}</h1>
      <div className="mt-4">
        <Facts job={job} site={site} />
      </div>
      <a className="btn-primary mt-6" href={apply}>
        Apply
      </a>
      <div
        className="mt-6 space-y-3 text-slate-800 [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: job.descriptionHtml }}
      />
      <a className="btn-primary mt-6" href={apply}>
        Apply for this job
      </a>
    </CareersFrame>
  );
}

/** A closed job (410) or an unknown one (404): a link to the open jobs. */
export function CareersGonePage({ site, gone }: { site: PublicSite; gone: boolean }) {
  return (
    <CareersFrame site={site}>
      <div className="card card-body text-center">
        <h1 className="text-xl font-semibold">{gone ? "This job is closed" : "Job not found"}</h1>
        <p className="mt-2 text-slate-600">{gone ? "It no longer takes applications." : "There is no open job at this address."}</p>
        <a className="btn-primary mt-6" href={`/careers/${site.slug}`}>
          See the open jobs
        </a>
      </div>
    </CareersFrame>
  );
}

/** /careers/{slug}/privacy: the agency's privacy notice as written. */
export function PrivacyPage({ site }: { site: PublicSite }) {
  return (
    <CareersFrame site={site}>
      <h1 className="text-2xl font-semibold">Privacy notice</h1>
      <div className="mt-4 whitespace-pre-line text-slate-700">{site.privacyNotice}</div>
    </CareersFrame>
  );
}

/** An address with no careers site. */
export function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">Careers site not found</h1>
      <p className="mt-2 text-slate-600">There is no careers site at this address.</p>
    </main>
  );
}

/** A private link that is not (or no longer) valid. */
export function NotFoundApplication() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">Application not found</h1>
      <p className="mt-2 text-slate-600">This link is not valid. Please use the link in your confirmation e-mail.</p>
    </main>
  );
}
