import { AppShell } from "../../../ui/app-shell";
import { formatDate } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import { Island } from "../../../lib/render";
import CvDrop from "../../candidate-drafts/islands/cv-drop";
import type { Shell } from "../../../ui/shell";
import { LOCATIONS, ROLES, SCREENING_PROGRESS, stageLabel } from "../../candidates/classify";
import type { CandidatesData, Sort } from "../candidates-service";

function hrefFor(d: CandidatesData, page: number, sort: { sort: string | null; dir: string | null } = d.query) {
  const p = new URLSearchParams();
  if (d.query.search) p.set("search", d.query.search);
  if (d.query.role) p.set("role", d.query.role);
  if (d.query.location) p.set("location", d.query.location);
  if (d.query.jobId) p.set("jobId", String(d.query.jobId));
  if (d.query.source) p.set("source", d.query.source);
  if (sort.sort) p.set("sort", sort.sort);
  if (sort.sort && sort.dir) p.set("dir", sort.dir);
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return s ? `/candidates?${s}` : "/candidates";
}

function Filters({ d }: { d: CandidatesData }) {
  return (
    <form
      method="get"
      action="/candidates"
      role="search"
      autoComplete="off"
      aria-label="Search candidates"
      data-auto-apply
      className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      {d.query.sort ? <input type="hidden" name="sort" value={d.query.sort} /> : null}
      {d.query.sort && d.query.dir ? <input type="hidden" name="dir" value={d.query.dir} /> : null}
      <label className="label mb-0">
        Search <span className="font-normal text-slate-500">(press /)</span>
        <input type="search" name="search" defaultValue={d.query.search} data-page-search placeholder="Name, e-mail, role, city…" className="input mt-1" />
      </label>
      <label className="label mb-0">
        Role
        <select name="role" defaultValue={d.query.role} className="input mt-1">
          <option value="">All roles</option>
          {[...ROLES, "Other"].map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label className="label mb-0">
        Location
        <select name="location" defaultValue={d.query.location} className="input mt-1">
          <option value="">All locations</option>
          {[...LOCATIONS, "Other"].map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </label>
      <label className="label mb-0">
        Job
        <select name="jobId" defaultValue={d.query.jobId ? String(d.query.jobId) : ""} className="input mt-1">
          <option value="">All jobs</option>
          {d.jobs.map((j) => (
            <option key={j.id} value={j.id}>
              {j.title}
            </option>
          ))}
        </select>
      </label>
      {d.sources.length || d.query.source ? (
        <label className="label mb-0">
          Source
          <select name="source" defaultValue={d.query.source} className="input mt-1">
            <option value="">All sources</option>
            {[...new Set([...d.sources, ...(d.query.source ? [d.query.source] : [])])].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          Search
        </button>
        <a href="/candidates" className="btn-ghost">
          Clear
        </a>
      </div>
    </form>
  );
}

function BulkBar({ d, back }: { d: CandidatesData; back: string }) {
  return (
    <form id="bulk" method="post" action="/candidates/bulk" className="card-header flex flex-wrap items-end gap-3 text-sm" aria-label="Selected candidates">
      <input type="hidden" name="back" value={back} />
      <p className="w-full text-slate-600 sm:w-auto dark:text-slate-300">With the selected candidates:</p>
      <label className="label mb-0">
        Shortlist
        <select name="shortlistId" className="input mt-1" defaultValue="">
          <option value="">New shortlist…</option>
          {d.shortlists.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="label mb-0">
        New shortlist name
        <input name="newShortlist" className="input mt-1" maxLength={100} />
      </label>
      <button type="submit" name="action" value="shortlist" className="btn-outline">
        Add to shortlist
      </button>
      <button type="submit" name="action" value="schedule" className="btn-primary">
        Schedule
      </button>
      <button type="submit" name="action" value="email" className="btn-outline">
        Write an e-mail
      </button>
      <label className="label mb-0">
        {SCREENING_PROGRESS}
        <select name="stage" className="input mt-1" defaultValue="">
          <option value="">Choose…</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {stageLabel(n)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" name="action" value="stage" className="btn-outline">
        {`Change ${SCREENING_PROGRESS.toLowerCase()}`}
      </button>
      <button type="submit" name="action" value="export" className="btn-outline">
        Export CSV
      </button>
      <label className="flex items-center gap-1.5">
        <input type="checkbox" name="confirmDelete" value="yes" className="h-4 w-4" />
        Yes, erase them
      </label>
      <button type="submit" name="action" value="delete" className="btn-destructive">
        Delete
      </button>
    </form>
  );
}

/** A column heading that sorts by its column (a plain link: the order is in the address). */
function SortHeader({ d, column, label, className = "" }: { d: CandidatesData; column: Sort; label: string; className?: string }) {
  const active = d.sort?.column === column;
  const next = active ? (d.sort?.dir === "asc" ? "desc" : "asc") : column === "added" || column === "updated" ? "desc" : "asc";
  return (
    <th scope="col" className={`px-3 py-2 ${className}`} aria-sort={active ? (d.sort?.dir === "asc" ? "ascending" : "descending") : undefined}>
      <a href={hrefFor(d, 1, { sort: column, dir: next })} className="inline-flex items-center gap-1 hover:underline" data-sort={column}>
        {label}
        <span aria-hidden="true">{active ? (d.sort?.dir === "asc" ? "▲" : "▼") : ""}</span>
        <span className="sr-only">{`, sort ${next === "asc" ? "ascending" : "descending"}`}</span>
      </a>
    </th>
  );
}

/** /candidates: the whole candidate list, searchable and paged on the server. */
export function CandidatesPage({ shell, data: d }: { shell: Shell; data: CandidatesData }) {
  const { page, total } = d.pagination;
  const back = hrefFor(d, page);
  const first = total ? (page - 1) * d.pagination.limit + 1 : 0;
  const last = Math.min(total, page * d.pagination.limit);
  return (
    <AppShell shell={shell} title="Candidates">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Candidates</h1>
        {d.drafts ? (
          <a className="btn-outline btn-sm" href="/candidates/drafts" data-testid="drafts-link">
            {`${d.drafts} draft${d.drafts === 1 ? "" : "s"} from CVs to check`}
          </a>
        ) : null}
      </div>
      <Filters d={d} />
      <div className="mt-4">
        <Island name="cv-drop" component={CvDrop} props={{ back: "/candidates" }} />
      </div>
      <section className="card mt-6" aria-labelledby="list-heading">
        <h2 id="list-heading" className="sr-only">
          Candidate list
        </h2>
        <BulkBar d={d} back={back} />
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="px-5 py-2 text-left text-xs text-slate-500 dark:text-slate-400" data-total={total}>
              {total
                ? `${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}${d.pagination.totalIsLowerBound ? "+" : ""} candidates${d.sort ? "" : ", newest first"}`
                : "No candidates match."}
            </caption>
            <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">Select</span>
                </th>
                <SortHeader d={d} column="name" label="Name" />
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  E-mail
                </th>
                <SortHeader d={d} column="role" label="Role" />
                <SortHeader d={d} column="city" label="City" className="hidden sm:table-cell" />
                <SortHeader d={d} column="stage" label={SCREENING_PROGRESS} className="hidden lg:table-cell" />
                <SortHeader d={d} column="added" label="Added" className="hidden lg:table-cell" />
              </tr>
            </thead>
            <tbody>
              {d.participants.map((p) => (
                <tr key={p.id} data-candidate={p.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-3 py-2">
                    <input type="checkbox" name="ids" value={p.id} form="bulk" aria-label={`Select ${p.name || p.emailAddress || `candidate ${p.id}`}`} className="h-4 w-4" />
                  </td>
                  <th scope="row" className="px-3 py-2 font-medium">
                    <a className="hover:underline" href={`/candidates/${p.id}`}>
                      {p.name || "(no name)"}
                    </a>
                    {p.matchReason ? <span className="block text-xs font-normal text-slate-500">{p.matchReason}</span> : null}
                  </th>
                  <td className="hidden px-3 py-2 md:table-cell">{p.emailAddress}</td>
                  <td className="px-3 py-2">{p.roleApplied || p.jobTitle}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{p.city}</td>
                  <td className="hidden px-3 py-2 lg:table-cell">{stageLabel(p.stages)}</td>
                  <td className="hidden px-3 py-2 whitespace-nowrap lg:table-cell">{formatDate(p.createdAt, memberZone(shell.user))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 border-t border-slate-100 px-5 py-3 text-sm dark:border-slate-800">
          {page > 1 ? (
            <a className="btn-outline btn-sm" href={hrefFor(d, page - 1)} rel="prev">
              ← Previous
            </a>
          ) : (
            <span />
          )}
          <span className="text-slate-600 dark:text-slate-300">{`Page ${page} of ${d.pages.toLocaleString("en-US")}`}</span>
          {page < d.pages ? (
            <a className="btn-outline btn-sm" href={hrefFor(d, page + 1)} rel="next">
              Next →
            </a>
          ) : (
            <span />
          )}
        </nav>
      </section>
    </AppShell>
  );
}
