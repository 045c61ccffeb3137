import { useEffect, useRef, useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { latestRequests } from "../../../client/latest";
import { SCREENING_PROGRESS, stageLabel } from "../../candidates/classify";
import type { Buckets } from "../../candidates/buckets";
import type { ParticipantPage } from "../../candidates/model";
import { POLL_PARTICIPANTS_MS, usePoll } from "../components/polling";
import { selectJob, useSelectedJob } from "../components/island-events";
import { SHORTLISTS_CHANGED } from "../../scheduling/events";
import { CandidateTable } from "../components/candidate-table";
import { CandidateDetailsDialog } from "../components/candidate-details-dialog";
import { ShortlistControls, type ShortlistOption } from "../components/shortlist-controls";
import { ShortlistView } from "../components/shortlist-view";
import type { ParticipantPageAnswer, TestDataCountAnswer, TestDataRemovedAnswer } from "../../../client/answers";

export interface CandidatesProps {
  page: ParticipantPage;
  filters: { search: string; role: string; location: string };
  shortlists: ShortlistOption[];
  /** The workspace's location and role buckets (settings). */
  buckets: Buckets;
  initialShortlistId: number | null;
}

/** All Candidates: search and filters on the server, the job filter, shortlist controls and the details dialog. */
export default function DashboardCandidates(props: CandidatesProps) {
  const [data, setData] = useState(props.page);
  const [filters, setFilters] = useState(props.filters);
  const [pageNo, setPageNo] = useState(props.page.pagination.page);
  const [shortlists, setShortlists] = useState(props.shortlists);
  const [chosen, setChosen] = useState<number | null>(props.initialShortlistId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const [includeShortlisted, setIncludeShortlisted] = useState(false);
  const [membersVersion, setMembersVersion] = useState(0);
  const [testCount, setTestCount] = useState(0);
  useEffect(
    () =>
      void api<TestDataCountAnswer>("/api/participants/test-data")
        .then((r) => setTestCount(r.count))
        .catch(() => {}),
    [data.pagination.total],
  );
  async function removeTestData() {
    if (!confirm(`Remove the ${testCount} test candidate${testCount === 1 ? "" : "s"} (made by the developer and test pages) and everything about them?`)) return;
    try {
      const r = await api<TestDataRemovedAnswer>("/api/participants/test-data", { method: "DELETE" });
      toast({ title: "Test data removed", description: `${r.removed} test candidate${r.removed === 1 ? "" : "s"} removed`, variant: "success" });
      setTestCount(0);
      await load();
    } catch (e) {
      toast({ title: "Error", description: serverMessage(e) ?? "Failed to remove the test data", variant: "destructive" });
    }
  }
  const job = useSelectedJob();
  const skipFirst = useRef(true);
  const nextRequest = useRef(latestRequests()).current;

  const load = (page = pageNo) => {
    const q = new URLSearchParams({ excludeShortlisted: includeShortlisted ? "false" : "true", page: String(page), limit: String(data.pagination.limit) });
    if (filters.search.trim()) q.set("search", filters.search.trim());
    if (filters.role) q.set("role", filters.role);
    if (filters.location) q.set("location", filters.location);
    if (job) q.set("jobId", String(job.id));
    // A newer search, filter or page supersedes this one: its late answer is dropped.
    const req = nextRequest();
    return api<ParticipantPageAnswer>(`/api/participants?${q}`, { signal: req.signal })
      .then((page) => req.current() && setData(page))
      .catch(() => {});
  };

  // The shortlistId query parameter preselects a shortlist and is then removed from the URL.
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.has("shortlistId")) {
      url.searchParams.delete("shortlistId");
      history.replaceState(null, "", url.pathname + url.search + url.hash);
    }
  }, []);

  // Filters changed: back to page 1 (search waits for a pause in typing).
  useEffect(() => {
    if (skipFirst.current) return void (skipFirst.current = false);
    const t = setTimeout(() => (setPageNo(1), load(1)), 250);
    return () => clearTimeout(t);
  }, [filters.search, filters.role, filters.location, job?.id, includeShortlisted]);
  usePoll(() => load(), POLL_PARTICIPANTS_MS, [filters, job?.id, pageNo, includeShortlisted]);

  // Changing the shortlist clears the ticked candidates and the open one (part2 §2, P2-21): ticks
  // made for one shortlist are not added to another by mistake. A shortlist just created for
  // the ticked candidates keeps them (onCreated), so they can be added to it at once.
  const choose = (id: number | null, keepTicks = false) => {
    if (id !== chosen && !keepTicks) setSelected(new Set());
    setChosen(id);
    setOpen(null);
  };
  async function changeStage(id: number, stages: number) {
    try {
      await api(`/api/participants/${id}`, { method: "PATCH", body: { stages } });
      toast({ title: `${SCREENING_PROGRESS} changed`, description: stageLabel(stages), variant: "success" });
      await load();
    } catch (e) {
      toast({ title: "Error", description: serverMessage(e) ?? "Failed to change the stage", variant: "destructive" });
    }
  }
  const shortlistNames = new Map(shortlists.map((s) => [s.id, s.name]));
  // The export takes the list as filtered now (every page).
  const exportQuery = new URLSearchParams(
    Object.entries({
      search: filters.search.trim(),
      role: filters.role,
      location: filters.location,
      jobId: job ? String(job.id) : "",
      excludeShortlisted: includeShortlisted ? "false" : "true",
    }).filter(([, v]) => v),
  ).toString();
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  async function addSelected() {
    if (!selected.size) {
      toast({ title: "No Candidates Selected", description: "Please select candidates to add to the shortlist", variant: "destructive" });
      return;
    }
    if (!chosen) return;
    try {
      await api(`/api/shortlists/${chosen}/candidates`, { body: { candidateIds: [...selected] } });
      const n = selected.size;
      setSelected(new Set());
      toast({ title: "Candidates Added", description: `${n} candidate${n === 1 ? "" : "s"} added to ${shortlists.find((s) => s.id === chosen)?.name ?? "the shortlist"}.`, variant: "success" });
      window.dispatchEvent(new CustomEvent(SHORTLISTS_CHANGED));
      setMembersVersion(membersVersion + 1);
      await load();
    } catch {
      toast({ title: "Error", description: "Failed to add candidates to shortlist", variant: "destructive" });
    }
  }

  const { total, limit, totalIsLowerBound } = data.pagination;
  // Past 10,000 matches a search's total is a lower bound: one more page is always offered.
  const pages = Math.max(1, Math.ceil(total / limit), totalIsLowerBound ? data.pagination.page + 1 : 0);
  const set = (k: keyof typeof filters) => (e: { target: EventTarget | null }) => setFilters({ ...filters, [k]: (e.target as HTMLInputElement).value });
  const go = (p: number) => (setPageNo(p), load(p));

  return (
    <section className="card" aria-labelledby="candidates-title">
      <div className="card-header flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="candidates-title" className="card-title">
            All Candidates
          </h2>
          <p className="text-sm text-slate-500">
            {totalIsLowerBound ? `${total.toLocaleString("en-US")}+` : total} candidate{total === 1 ? "" : "s"}
            {includeShortlisted ? "" : " not yet shortlisted"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {testCount ? (
            <button type="button" className="btn-outline btn-sm" onClick={removeTestData}>
              Remove test data ({testCount})
            </button>
          ) : null}
          <a className="btn-outline btn-sm" href="/candidates/import">
            Import CSV
          </a>
          <a className="btn-ghost btn-sm" href="/candidates/settings">
            Settings
          </a>
          <a className="btn-outline btn-sm" href={`/api/participants/export.csv?${exportQuery}`} download>
            Export CSV
          </a>
        </div>
        {job ? (
          <span className="badge-secondary gap-2" data-testid="job-filter">
            Job: {job.title}
            <button type="button" className="font-semibold" onClick={() => selectJob(null)} aria-label="Clear job filter">
              ✕
            </button>
          </span>
        ) : null}
      </div>
      <div className="card-body space-y-4">
        <form method="get" action="/dashboard" className="grid gap-2 sm:grid-cols-[1fr_auto_auto]" onSubmit={(e) => (e.preventDefault(), load(1))} role="search">
          <input
            type="search"
            name="search"
            className="input"
            placeholder="Search name, email, city, role, industry, conversation..."
            aria-label="Search candidates"
            value={filters.search}
            onInput={set("search")}
          />
          <select name="role" className="input" aria-label="Role filter" value={filters.role} onChange={set("role")}>
            <option value="">All roles</option>
            {[...props.buckets.roles, "Other"].map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <select name="location" className="input" aria-label="Location filter" value={filters.location} onChange={set("location")}>
            <option value="">All locations</option>
            {[...props.buckets.locations, "Other"].map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn-outline">
              Search
            </button>
          </noscript>
        </form>
        <ShortlistControls
          shortlists={shortlists}
          chosen={chosen}
          selectedCount={selected.size}
          onChoose={choose}
          onCreated={(s) => (setShortlists([...shortlists, s]), choose(s.id, true), window.dispatchEvent(new CustomEvent(SHORTLISTS_CHANGED)))}
          onAdd={addSelected}
        />
        {chosen ? (
          <ShortlistView
            id={chosen}
            version={membersVersion}
            onRenamed={(name) => (setShortlists(shortlists.map((s) => (s.id === chosen ? { ...s, name } : s))), window.dispatchEvent(new CustomEvent(SHORTLISTS_CHANGED)))}
            onDeleted={() => (setShortlists(shortlists.filter((s) => s.id !== chosen)), setChosen(null), window.dispatchEvent(new CustomEvent(SHORTLISTS_CHANGED)), load())}
            onChanged={() => (window.dispatchEvent(new CustomEvent(SHORTLISTS_CHANGED)), load())}
          />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={includeShortlisted} onChange={(e) => setIncludeShortlisted((e.target as HTMLInputElement).checked)} /> Include shortlisted
        </label>
        {!includeShortlisted && data.shortlistedMatches && !data.participants.length ? (
          <p className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900" data-testid="shortlisted-matches">
            {data.shortlistedMatches} candidate{data.shortlistedMatches === 1 ? "" : "s"} matching this search {data.shortlistedMatches === 1 ? "is" : "are"} already in a shortlist.{" "}
            <button type="button" className="font-semibold underline" onClick={() => setIncludeShortlisted(true)}>
              Include shortlisted
            </button>{" "}
            to see {data.shortlistedMatches === 1 ? "them" : "them"}.
          </p>
        ) : (
          <CandidateTable participants={data.participants} selected={selected} onToggle={toggle} onOpen={setOpen} onStage={changeStage} shortlistNames={shortlistNames} />
        )}
        {pages > 1 ? (
          <nav className="flex items-center justify-between text-sm" aria-label="Pagination">
            <button type="button" className="btn-outline btn-sm" disabled={data.pagination.page <= 1} onClick={() => go(data.pagination.page - 1)}>
              Previous
            </button>
            <span className="text-slate-500">
              Page {data.pagination.page} of {totalIsLowerBound ? "many" : pages}
            </span>
            <button type="button" className="btn-outline btn-sm" disabled={data.pagination.page >= pages} onClick={() => go(data.pagination.page + 1)}>
              Next
            </button>
          </nav>
        ) : null}
      </div>
      {open !== null ? <CandidateDetailsDialog id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
