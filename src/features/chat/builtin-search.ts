import type { Participant } from "../candidates/service";
import { listCampaigns, listJobs } from "../jobs/service";
import { listOfJob } from "../applications/service";
import { lastMailTo } from "../../lib/mail-records";
import { formatDate } from "../../lib/when";
import { amount, describeQuery, type Query } from "./builtin-query";
import { filterCandidates } from "./candidate-cards";
import type { ActionContext } from "./actions";

/**
 * The built-in assistant's search: the filters of a question applied to the workspace's data
 * (candidates, jobs and their campaigns, applications, e-mails sent). A filter that names
 * nothing in the data (a job title no job has) is not applied and the answer says so.
 */
export interface Found {
  people: Participant[];
  /** The filters applied, in words ("role designer, in Sydney"). */
  described: string;
  /** What could not be applied, in words. */
  unread: string[];
  /** What the answer must add (how "top 3" was ranked, who was left out for want of a salary). */
  notes: string[];
  /** A per-candidate detail the filters asked about (their salary, their last e-mail). */
  detail: (p: Participant) => string;
}

const DAY = 86_400_000;
const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();

/** A salary as written ("$110k–$130k", "120,000 AUD", "95000") → its yearly range; hourly or daily rates are not read. */
function salaryRange(text: string | null | undefined): { low: number; high: number } | undefined {
  const t = lower(text);
  if (!t.trim() || /\b(hour|hr|day|daily|week|month|p\/?h|ph)\b|\/\s*(h|d|hr|day|hour)\b/.test(t)) return undefined;
  const parts = t
    .replace(/(?<=\d)[, ](?=\d{3}\b)/g, "")
    .split(/\s*(?:-|–|—|to)\s*/)
    .map((s) => {
      const k = /\d\s*k\b/.test(t) && !/\d\s*k\b/.test(s) && /^\D*\d+(\.\d+)?\D*$/.test(s) ? `${s}k` : s;
      return /\d/.test(s) ? amount(k) : undefined;
    })
    .filter((n): n is number => n !== undefined);
  if (!parts.length) return undefined;
  return { low: Math.min(...parts), high: Math.max(...parts) };
}

export function search(ctx: ActionContext, q: Query): Found {
  const { deps, workspaceId: ws } = ctx;
  const unread = [...q.unread];
  const notes: string[] = [];
  const applied: Omit<Query, "unread"> = { ...q };
  const details: ((p: Participant) => string)[] = [];

  // The job first: its title's words are not also a role filter ("the Frontend Developer job").
  let jobIds: Set<number> | undefined;
  let jobCandidates: Set<number> | undefined;
  if (q.job) {
    const asked = q.job.toLowerCase();
    // "the Backend Engineer job" names a job, not also the role "engineer".
    if (applied.role && asked.includes(applied.role)) delete applied.role;
    const jobs = listJobs(deps, ws).filter((j) => lower(j.title) === asked || lower(j.title).includes(asked) || asked.includes(lower(j.title)));
    if (!jobs.length) {
      const titles = listJobs(deps, ws).map((j) => j.title);
      unread.push(`the "${q.job}" job (no job has that title${titles.length ? `; your jobs: ${titles.slice(0, 8).join(", ")}` : ""})`);
      delete applied.job;
    } else {
      jobIds = new Set(jobs.map((j) => j.id));
      jobCandidates = new Set(jobs.flatMap((j) => listOfJob(deps, ws, j.id).map((a) => a.candidateId)));
      applied.job = jobs.map((j) => j.title).join(" or ");
    }
  }

  let campaignIds: Set<number> | undefined;
  if (q.source) {
    const asked = q.source.toLowerCase();
    const all = listJobs(deps, ws)
      .filter((j) => !jobIds || jobIds.has(j.id))
      .flatMap((j) => listCampaigns(deps, ws, j.id));
    const hits = all.filter((c) => lower(c.name).includes(asked) || lower(c.label).includes(asked));
    if (!hits.length) {
      unread.push(
        `"through ${q.source}" (no campaign${jobIds ? " of that job" : ""} is called ${q.source}${
          all.length
            ? `; campaigns: ${all
                .slice(0, 8)
                .map((c) => c.name)
                .join(", ")}`
            : ""
        })`,
      );
      delete applied.source;
    } else campaignIds = new Set(hits.map((c) => c.id));
  }

  let people = filterCandidates(deps, ws, { role: applied.role, city: applied.city, stage: applied.stage, words: applied.words });
  if (jobIds) people = people.filter((p) => (p.jobId !== null && jobIds.has(p.jobId)) || jobCandidates!.has(p.id));
  if (campaignIds) people = people.filter((p) => p.campaignId !== null && campaignIds.has(p.campaignId));

  if (q.salary) {
    const { min = 0, max = Number.POSITIVE_INFINITY } = q.salary;
    let unknown = 0;
    people = people.filter((p) => {
      const r = salaryRange(p.salaryExpectation);
      if (!r) return (unknown++, false);
      // The whole expectation must be in the bounds: "$110k–$130k" is not under $120k.
      return r.high <= max && r.low >= min;
    });
    if (unknown) notes.push(`${unknown} candidate(s) otherwise matching gave no yearly salary I could read, so they are left out.`);
    details.push((p) => `expects ${p.salaryExpectation?.trim()}`);
  }

  if (q.notContactedDays !== undefined) {
    const last = lastMailTo(
      deps.db,
      ws,
      people.map((p) => p.emailAddress ?? ""),
    );
    const since = deps.clock.now().getTime() - q.notContactedDays * DAY;
    const lastOf = (p: Participant) => (p.emailAddress ? last.get(p.emailAddress.trim().toLowerCase()) : undefined);
    people = people.filter((p) => {
      const at = lastOf(p);
      return !at || at.getTime() < since;
    });
    notes.push(
      deps.mail.configured
        ? "Last contact means the newest e-mail Frank sent them (sent or on its way); calls and messages outside Frank are not known to me."
        : "No e-mail server is set up, so Frank has sent no e-mail and no one counts as contacted; calls and messages outside Frank are not known to me.",
    );
    details.push((p) => {
      const at = lastOf(p);
      // The day in the member's zone, in the house's one date style (decision 50).
      return at ? `last e-mailed ${formatDate(at, ctx.timeZone)}` : "never e-mailed";
    });
  }

  if (q.top) {
    people = [...people].sort((a, b) => b.stages - a.stages || b.id - a.id).slice(0, q.top);
    notes.push(`I have no score to rank by, so "top ${q.top}" means the ${q.top} furthest along in screening (highest stage), newest first among equals.`);
  }

  return { people, described: describeQuery(applied), unread, notes, detail: (p) => details.map((d) => d(p)).join(", ") };
}

/** "I could not apply …" for the answer, or "". */
export function unreadLine(unread: string[]): string {
  return unread.length ? `I could not apply ${unread.join("; ")}, so the answer is not filtered by ${unread.length === 1 ? "it" : "them"}.` : "";
}
