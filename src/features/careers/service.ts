// The careers site's settings and what its public pages read (issue 56 items 2 and 7).
import { workspaceZone } from "../auth/workspace-site";
import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { recordEvent, type Actor } from "../events/record";
import { getJob, openJobs, type Job } from "../jobs/service";
import { logoUrlOf } from "../workspace-logo/service";
import { workspaceNameOf } from "../team/service";
import { DEFAULT_FIELDS, STANDARD_FIELDS, type ApplicationForm, type CareersSettings, type CareersSite, type Question } from "./model";
import { EMPLOYMENT_TYPES, REMOTE_KINDS } from "../jobs/posting-model";
import * as repo from "./repo";

/** The public site as its pages need it: who, where, and what it says. */
export interface PublicSite {
  workspaceId: number;
  slug: string;
  agency: string;
  logoUrl: string | null;
  intro: string | null;
  privacyNotice: string | null;
  feedEmail: string | null;
  /** The site's absolute address (…/careers/{slug}). */
  base: string;
  origin: string;
  updatedAt: Date;
  /** The workspace's zone: an applicant reads the site's dates in it (decision 50). */
  timeZone: string;
}

const toView = (deps: Deps, r: repo.SiteRow): CareersSite => {
  const base = `${deps.config.APP_URL}/careers/${r.slug}`;
  return {
    slug: r.slug,
    url: base,
    intro: r.intro,
    privacyNotice: r.privacyNotice,
    feedEmail: r.feedEmail,
    logoUrl: logoUrlOf(deps, r.workspaceId),
    sitemapUrl: `${base}/sitemap.xml`,
    feedUrl: `${base}/feed.xml`,
    rssUrl: `${base}/rss.xml`,
  };
};

/** GET /api/careers: the site's settings, or null before it has a slug. */
export function careersSettings(deps: Deps, workspaceId: number): CareersSite | null {
  const r = repo.siteOf(deps.db, workspaceId);
  return r ? toView(deps, r) : null;
}

/** PUT /api/careers and Settings → Careers site: a slug another workspace has is refused (409). */
export function saveCareers(deps: Deps, workspaceId: number, input: CareersSettings, actor: Actor): CareersSite {
  deps.db.transaction((tx) => {
    const saved = repo.saveSite(tx, { workspaceId, ...input, updatedAt: deps.clock.now() });
    if (!saved) throw new AppError("conflict", 409, `The address /careers/${input.slug} is taken: choose another`, { slug: "Taken: choose another" });
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "settings", id: "careers" }, kind: "settings.changed", summary: `Careers site at /careers/${input.slug}` });
  });
  return careersSettings(deps, workspaceId)!;
}

/** The site behind a public address, or null (no such slug). */
export function publicSite(deps: Deps, slug: string): PublicSite | null {
  const r = repo.siteBySlug(deps.db, slug.toLowerCase());
  if (!r) return null;
  const base = `${deps.config.APP_URL}/careers/${r.slug}`;
  return {
    workspaceId: r.workspaceId,
    slug: r.slug,
    agency: workspaceNameOf(deps, r.workspaceId),
    timeZone: workspaceZone(deps, r.workspaceId),
    logoUrl: logoUrlOf(deps, r.workspaceId),
    intro: r.intro,
    privacyNotice: r.privacyNotice,
    feedEmail: r.feedEmail,
    base,
    origin: deps.config.APP_URL,
    updatedAt: r.updatedAt,
  };
}

export interface JobFilters {
  q?: string;
  location?: string;
  remote?: string;
  type?: string;
}

const norm = (s: string | null | undefined) => (s ?? "").toLowerCase();

/** The open jobs of the site, filtered by the address's query (search, location, remote, type). */
export function listOpenJobs(deps: Deps, workspaceId: number, f: JobFilters = {}): Job[] {
  return filterJobs(openJobs(deps, workspaceId), f);
}

/** The jobs that match the filters (pure). */
export function filterJobs(jobs: Job[], f: JobFilters): Job[] {
  const q = norm(f.q).trim();
  const location = norm(f.location).trim();
  const remote = (REMOTE_KINDS as readonly string[]).includes(f.remote ?? "") ? f.remote : undefined;
  const type = (EMPLOYMENT_TYPES as readonly string[]).includes(f.type ?? "") ? f.type : undefined;
  return jobs.filter(
    (j) =>
      (!q || norm(j.title).includes(q) || norm(j.description).includes(q) || norm(j.city).includes(q)) &&
      (!location || placeOf(j).toLowerCase() === location) &&
      (!remote || j.remote === remote) &&
      (!type || j.employmentType === type),
  );
}

/** A job's place as its filter and its card show it: "City, Region, CC", else the free-text location. */
export function placeOf(j: Pick<Job, "city" | "region" | "country" | "location">): string {
  return [j.city, j.region, j.country].filter(Boolean).join(", ") || j.location || "";
}

/** The places the open jobs are in, for the location filter. */
export function placesOf(jobs: Job[]): string[] {
  return [...new Set(jobs.map(placeOf).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

export type PublicJob = { state: "open"; job: Job } | { state: "gone" } | { state: "missing" };

/** A job of the site: open; gone (closed, past its date or unpublished after it was published: 410); or missing (never published, or not this workspace's). */
export function publicJob(deps: Deps, workspaceId: number, id: number): PublicJob {
  let job: Job;
  try {
    job = getJob(deps, workspaceId, id);
  } catch {
    return { state: "missing" };
  }
  if (job.status === "open") return { state: "open", job };
  return job.publishedAt ? { state: "gone" } : { state: "missing" };
}

/** The client's name only when the job says so. */
export function companyOf(job: Job, site: { agency: string }): string {
  if (!job.client) return site.agency;
  return job.showClient ? job.client.name : "Confidential client";
}

// ---- The job's application form (item 4).

function parseForm(row: repo.FormRow | undefined): ApplicationForm {
  if (!row) return { fields: { ...DEFAULT_FIELDS }, questions: [] };
  try {
    const fields = { ...DEFAULT_FIELDS, ...(JSON.parse(row.fields) as Partial<ApplicationForm["fields"]>) };
    const questions = JSON.parse(row.questions) as Question[];
    return { fields, questions: Array.isArray(questions) ? questions : [] };
  } catch {
    return { fields: { ...DEFAULT_FIELDS }, questions: [] };
  }
}

export function applicationForm(deps: Deps, workspaceId: number, jobId: number): ApplicationForm {
  getJob(deps, workspaceId, jobId); // another workspace's job: 404
  return parseForm(repo.formOf(deps.db, workspaceId, jobId));
}

type QuestionIn = Omit<Question, "id" | "options" | "knockout"> & { id?: string; options?: string[]; knockout?: string | null };

/** PUT /api/jobs/{id}/application-form: each standard field required, optional or off; the questions in order (ids kept, new ones numbered). */
export function saveApplicationForm(deps: Deps, workspaceId: number, jobId: number, input: { fields?: Partial<ApplicationForm["fields"]>; questions?: QuestionIn[] }, actor: Actor): ApplicationForm {
  const before = applicationForm(deps, workspaceId, jobId);
  const fields = { ...before.fields, ...input.fields };
  for (const k of Object.keys(fields)) if (!(STANDARD_FIELDS as readonly string[]).includes(k)) delete (fields as Record<string, unknown>)[k];
  const used = new Set<string>();
  const questions: Question[] = (input.questions ?? before.questions).map((q, i) => {
    let id = q.id ?? `q${i + 1}`;
    while (used.has(id)) id = `${id}x`;
    used.add(id);
    const knockout = q.knockout ? (q.kind === "yes_no" ? q.knockout.toLowerCase() : q.knockout) : null;
    return { id, label: q.label, kind: q.kind, options: q.kind === "choice" ? (q.options ?? []) : [], mode: q.mode, knockout };
  });
  if (questions.length > 20) throw badRequest("At most 20 questions", { questions: "At most 20 questions" });
  deps.db.transaction((tx) => {
    repo.saveForm(tx, { jobId, workspaceId, fields: JSON.stringify(fields), questions: JSON.stringify(questions), updatedAt: deps.clock.now() });
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "job", id: jobId }, kind: "job.updated", summary: "Application form", data: { fields: ["applicationForm"] } });
  });
  return { fields, questions };
}

/** The public site of a workspace (the applicant's own page names it), or null without one. */
export function siteOfWorkspace(deps: Deps, workspaceId: number): PublicSite | null {
  const r = repo.siteOf(deps.db, workspaceId);
  return r ? publicSite(deps, r.slug) : null;
}
