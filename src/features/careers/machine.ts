// What machines read (issue 56 item 3): a job's schema.org JobPosting, the sitemap, robots.txt,
// the Indeed XML job feed and an RSS 2.0 feed. The XML is built by fast-xml-parser's XMLBuilder
// (escaping and CDATA sections are the library's). Pure: the routes give the site, jobs and time.
import { XMLBuilder } from "fast-xml-parser";
import type { Job } from "../jobs/service";
import { EMPLOYMENT_LABELS, PERIOD_LABELS } from "../jobs/posting-model";
import { companyOf, type PublicSite } from "./service";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", cdataPropName: "__cdata", suppressEmptyNode: true, format: false });
const DECLARATION = { "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" } };
const cdata = (v: string | null | undefined) => ({ __cdata: v ?? "" });
/** An optional element: left out when there is nothing to say (Indeed's optional fields). */
const optional = (name: string, v: string | null | undefined) => (v ? { [name]: cdata(v) } : {});

/** A job's reference number: its id in Frank, which no edit changes. */
const referenceOf = (job: Pick<Job, "id">) => `J${job.id}`;
export const jobUrl = (site: Pick<PublicSite, "base">, job: Pick<Job, "id">) => `${site.base}/jobs/${job.id}`;
const withSource = (url: string, source: string) => `${url}?source=${encodeURIComponent(source)}`;
const datePosted = (job: Job) => job.publishedAt ?? job.createdAt;

const SCHEMA_TYPES: Record<string, string> = { full_time: "FULL_TIME", part_time: "PART_TIME", contract: "CONTRACTOR", temporary: "TEMPORARY", internship: "INTERN" };
const SCHEMA_UNITS: Record<string, string> = { hour: "HOUR", day: "DAY", week: "WEEK", month: "MONTH", year: "YEAR" };

/** The job's schema.org JobPosting (Google for Jobs), as a JSON value. */
export function jobPostingLd(site: PublicSite, job: Job): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: job.descriptionHtml || `<p>${escapeText(job.title)}</p>`,
    datePosted: datePosted(job),
    identifier: { "@type": "PropertyValue", name: site.agency, value: referenceOf(job) },
    hiringOrganization: { "@type": "Organization", name: companyOf(job, site), sameAs: site.base, ...(site.logoUrl ? { logo: `${site.origin}${site.logoUrl}` } : {}) },
    directApply: true,
    url: jobUrl(site, job),
  };
  if (job.validThrough) ld.validThrough = job.validThrough;
  if (job.employmentType) ld.employmentType = SCHEMA_TYPES[job.employmentType];
  if (job.remote !== "remote" || job.city || job.country) {
    ld.jobLocation = {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        ...(job.city ? { addressLocality: job.city } : {}),
        ...(job.region ? { addressRegion: job.region } : {}),
        ...(job.postalCode ? { postalCode: job.postalCode } : {}),
        ...(job.country ? { addressCountry: job.country } : {}),
      },
    };
  }
  if (job.remote === "remote") {
    ld.jobLocationType = "TELECOMMUTE";
    const countries = job.remoteCountries.length ? job.remoteCountries : job.country ? [job.country] : [];
    if (countries.length) ld.applicantLocationRequirements = countries.map((name) => ({ "@type": "Country", name }));
  }
  if (job.salary) {
    const s = job.salary;
    ld.baseSalary = {
      "@type": "MonetaryAmount",
      currency: s.currency,
      value: {
        "@type": "QuantitativeValue",
        ...(s.min != null && s.max != null && s.min === s.max ? { value: s.min } : { ...(s.min != null ? { minValue: s.min } : {}), ...(s.max != null ? { maxValue: s.max } : {}) }),
        unitText: SCHEMA_UNITS[s.period],
      },
    };
  }
  return ld;
}

/** JSON for a <script type="application/ld+json">: no "<" that could close the element. */
export function ldScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}

const lastmod = (job: Job) => job.updatedAt;

/** /careers/{slug}/sitemap.xml: the list and every open job, each with its last change. */
export function sitemapXml(site: PublicSite, jobs: Job[]): string {
  const newest = jobs.reduce((m, j) => (lastmod(j) > m ? lastmod(j) : m), site.updatedAt.toISOString());
  return builder.build({
    ...DECLARATION,
    urlset: {
      "@_xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9",
      url: [{ loc: site.base, lastmod: newest }, ...jobs.map((j) => ({ loc: jobUrl(site, j), lastmod: lastmod(j) }))],
    },
  });
}

/** /robots.txt: crawlers may read the careers sites (not their forms) and are pointed to each sitemap. */
export function robotsTxt(sitemaps: string[]): string {
  return ["User-agent: *", "Disallow: /careers/*/apply", "Disallow: /careers/applications/", "", ...sitemaps.map((s) => `Sitemap: ${s}`), ""].join("\n");
}

const INDEED_TYPES: Record<string, string> = { full_time: "fulltime", part_time: "parttime", contract: "contract", temporary: "temporary", internship: "internship" };

/** "AUD 90,000–120,000 per year": a salary as people read it. */
export function salaryText(s: NonNullable<Job["salary"]>): string {
  const n = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const range = s.min != null && s.max != null ? (s.min === s.max ? n(s.min) : `${n(s.min)}–${n(s.max)}`) : s.min != null ? `from ${n(s.min)}` : `up to ${n(s.max!)}`;
  return `${s.currency} ${range} ${PERIOD_LABELS[s.period]}`;
}

/** /careers/{slug}/feed.xml: Indeed's XML job feed, every open job, each field in CDATA. */
export function indeedXml(site: PublicSite, jobs: Job[], now: Date): string {
  return builder.build({
    ...DECLARATION,
    source: {
      publisher: site.agency,
      publisherurl: site.base,
      lastBuildDate: now.toUTCString(),
      job: jobs.map((j) => ({
        title: cdata(j.title),
        date: cdata(new Date(datePosted(j)).toUTCString()),
        referencenumber: cdata(referenceOf(j)),
        url: cdata(withSource(jobUrl(site, j), "indeed")),
        company: cdata(companyOf(j, site)),
        city: cdata(j.city ?? j.location),
        state: cdata(j.region),
        country: cdata(j.country),
        ...optional("postalcode", j.postalCode),
        ...optional("email", site.feedEmail),
        description: cdata(j.descriptionHtml),
        ...optional("salary", j.salary ? salaryText(j.salary) : null),
        ...optional("jobtype", j.employmentType ? INDEED_TYPES[j.employmentType] : null),
        ...(j.remote === "remote" ? { remotetype: cdata("Fully remote") } : j.remote === "hybrid" ? { remotetype: cdata("Hybrid remote") } : {}),
        ...(j.validThrough ? { expirationdate: cdata(new Date(j.validThrough).toUTCString()) } : {}),
      })),
    },
  });
}

/** /careers/{slug}/rss.xml: the open jobs as RSS 2.0, newest first. */
export function rssXml(site: PublicSite, jobs: Job[], now: Date): string {
  return builder.build({
    ...DECLARATION,
    rss: {
      "@_version": "2.0",
      channel: {
        title: `Jobs at ${site.agency}`,
        link: site.base,
        description: site.intro ?? `Open positions at ${site.agency}`,
        lastBuildDate: now.toUTCString(),
        item: jobs.map((j) => ({
          title: j.title,
          link: withSource(jobUrl(site, j), "rss"),
          guid: { "@_isPermaLink": "false", "#text": `${site.base}#${referenceOf(j)}` },
          pubDate: new Date(datePosted(j)).toUTCString(),
          description: cdata(j.descriptionHtml),
          ...(j.employmentType ? { category: EMPLOYMENT_LABELS[j.employmentType] } : {}),
        })),
      },
    },
  });
}
