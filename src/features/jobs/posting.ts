// A job's posting fields between the API's shape and the row (issue 56 item 1). Pure.
import { markdownToHtml } from "../../lib/markdown";
import type { Posting, PostingPatch, Salary } from "./posting-model";
import type { JobRow, JobSet } from "./repo";

/** Open: published, not closed, and not past its closing date. */
export function isOpen(r: Pick<JobRow, "published" | "closedAt" | "validThrough">, now: Date): boolean {
  return r.published && !r.closedAt && (!r.validThrough || r.validThrough.getTime() > now.getTime());
}

function statusOf(r: JobRow, now: Date): Posting["status"] {
  if (isOpen(r, now)) return "open";
  return r.closedAt || (r.published && r.validThrough && r.validThrough.getTime() <= now.getTime()) ? "closed" : "draft";
}

function salaryOf(r: JobRow): Salary | null {
  if (!r.salaryCurrency || !r.salaryPeriod || (r.salaryMin == null && r.salaryMax == null)) return null;
  return { min: r.salaryMin, max: r.salaryMax, currency: r.salaryCurrency, period: r.salaryPeriod };
}

function remoteCountriesOf(r: Pick<JobRow, "remoteCountries">): string[] {
  try {
    const v: unknown = JSON.parse(r.remoteCountries ?? "[]");
    return Array.isArray(v) ? v.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

export function toPosting(r: JobRow, now: Date): Posting {
  return {
    status: statusOf(r, now),
    published: r.published,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    validThrough: r.validThrough?.toISOString() ?? null,
    employmentType: r.employmentType,
    remote: r.remote,
    remoteCountries: remoteCountriesOf(r),
    city: r.city,
    region: r.region,
    country: r.country,
    postalCode: r.postalCode,
    salary: salaryOf(r),
    showClient: r.showClient,
    ownerId: r.ownerId,
    descriptionHtml: markdownToHtml(r.description),
    updatedAt: (r.updatedAt ?? r.createdAt).toISOString(),
  };
}

/**
 * The columns a patch sets. Publishing the first time stamps publishedAt (the feeds' datePosted);
 * closing stamps closedAt and reopening clears it. Every change stamps updatedAt (the sitemap's lastmod).
 */
export function postingColumns(p: PostingPatch, before: JobRow | null, now: Date): JobSet {
  const set: JobSet = {};
  if (p.published !== undefined) {
    set.published = p.published;
    if (p.published && !before?.publishedAt) set.publishedAt = now;
  }
  if (p.closed !== undefined) set.closedAt = p.closed ? (before?.closedAt ?? now) : null;
  if (p.validThrough !== undefined) set.validThrough = p.validThrough;
  if (p.employmentType !== undefined) set.employmentType = p.employmentType;
  if (p.remote !== undefined) set.remote = p.remote;
  if (p.remoteCountries !== undefined) set.remoteCountries = JSON.stringify([...new Set(p.remoteCountries)]);
  if (p.city !== undefined) set.city = p.city;
  if (p.region !== undefined) set.region = p.region;
  if (p.country !== undefined) set.country = p.country;
  if (p.postalCode !== undefined) set.postalCode = p.postalCode;
  if (p.salary !== undefined) {
    set.salaryMin = p.salary?.min ?? null;
    set.salaryMax = p.salary?.max ?? null;
    set.salaryCurrency = p.salary?.currency ?? null;
    set.salaryPeriod = p.salary?.period ?? null;
  }
  if (p.showClient !== undefined) set.showClient = p.showClient;
  if (p.ownerId !== undefined) set.ownerId = p.ownerId;
  return set;
}

const POSTING_KEYS = ["published", "closed", "validThrough", "employmentType", "remote", "remoteCountries", "city", "region", "country", "postalCode", "salary", "showClient", "ownerId"] as const;

/** Splits an input into the posting's part and the rest (title, description, location, client). */
export function splitPosting<T extends PostingPatch>(input: T): { posting: PostingPatch; rest: Omit<T, (typeof POSTING_KEYS)[number]> } {
  const posting: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) ((POSTING_KEYS as readonly string[]).includes(k) ? posting : rest)[k] = v;
  return { posting: posting as PostingPatch, rest: rest as Omit<T, (typeof POSTING_KEYS)[number]> };
}
