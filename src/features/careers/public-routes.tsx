import { Elysia } from "elysia";
import type { Server } from "bun";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { escapeHtml, renderHtml } from "../../lib/render";
import { clientIp } from "../../lib/client-ip";
import { assetUrl } from "../../lib/assets";
import { seeOther } from "../../lib/route-options";
import { CachedPage } from "../../lib/page-cache";
import { StampCache } from "../../db/stamp-cache";
import { getJob, type Job } from "../jobs/service";
import { assistantNotice } from "../suggestions/notice";
import { ApplyGuard } from "./abuse";
import { limitSpace } from "../../lib/rate-limit";
import { Turns } from "./turns";
import { applicationByToken, checkCv, submitApplication, withdrawApplication } from "./apply";
import { checkApply, cleanSource, valuesOf, type ApplyValues } from "./apply-input";
import { indeedXml, jobPostingLd, jobUrl, ldScript, robotsTxt, rssXml, sitemapXml } from "./machine";
import { ListQuery, SlugJobParams, SlugParam, TokenParam } from "./model";
import * as careers from "./service";
import { ApplyPage, OwnApplicationPage } from "./pages/apply-page";
import { CareersGonePage, CareersJobPage, CareersListPage, NotFound, NotFoundApplication, PrivacyPage } from "./pages/careers-pages";
import { allSitemaps } from "./sitemaps";

// The public pages are the same for everyone: a browser or a proxy may keep them a minute.
const PUBLIC = { "cache-control": "public, max-age=60" };
const PRIVATE = { "referrer-policy": "no-referrer", "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" };
const html = (body: string, status = 200, headers: Record<string, string> = PUBLIC) => new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", ...headers } });
const notFoundPage = () => html(renderHtml({ title: "Not found", styles: "candidate", status: 404, body: NotFound() }), 404, PRIVATE);

/** A public answer as kept: its text, status and headers, and until when it may be served again. */
interface Kept {
  body: string;
  status: number;
  headers: Record<string, string>;
  until: number;
}
/** A rendered public page is served again for this long at most, while nothing is written. */
const KEEP_MS = 30_000;
const keptHtml = (body: string, until: number, status = 200, headers: Record<string, string> = PUBLIC): Kept => ({
  body,
  status,
  headers: { "content-type": "text/html; charset=utf-8", ...headers },
  until,
});
const keptXml = (body: string, until: number, type = "application/xml"): Kept => ({
  body,
  status: 200,
  headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=300" },
  until,
});
const keptNotFound = (until: number) => keptHtml(renderHtml({ title: "Not found", styles: "candidate", status: 404, body: NotFound() }), until, 404, PRIVATE);
/** Until the first open job's closing date passes (it must leave the page then), or KEEP_MS. */
const untilOf = (now: number, jobs: Job[]) => jobs.reduce((m, j) => (j.validThrough ? Math.min(m, Date.parse(j.validThrough)) : m), now + KEEP_MS);

/** The source of a visit: ?source=, else utm_source. */
const sourceOf = (q: { source?: string; utm_source?: string }) => cleanSource(q.source ?? q.utm_source);

/** /careers/{slug}…, /robots.txt, and the applicant's private page. */
export function careersPublicRoutes(deps: Deps) {
  const guard = new ApplyGuard(deps.config.APP_SECRET, () => deps.clock.now().getTime(), { perAddress: limitSpace(deps, "careers.apply.address"), perJob: limitSpace(deps, "careers.apply.job") });
  // Two applications are written at a time; the others wait their turn (turns.ts).
  const turns = new Turns(2);
  const jobOf = (ws: number, id: number): Job | null => {
    try {
      return getJob(deps, ws, id);
    } catch {
      return null;
    }
  };

  const page = (site: careers.PublicSite, title: string, body: React.ReactElement, opts: { status?: number; head?: string; description?: string; noindex?: boolean; scripts?: string[] } = {}) =>
    renderHtml({ title, brand: site.agency, styles: "candidate", body, ...opts });

  const applyPage = (site: careers.PublicSite, job: Job, values: ApplyValues, errors: Record<string, string>, notice: string | null, status: number) =>
    html(
      page(
        site,
        `Apply · ${job.title}`,
        ApplyPage({
          site,
          job,
          form: careers.applicationForm(deps, site.workspaceId, job.id),
          values,
          errors,
          notice,
          started: guard.started(job.id),
          assistant: assistantNotice(deps, site.workspaceId),
        }),
        { status, noindex: true, scripts: [assetUrl("careers-apply.js")] },
      ),
      status,
      PRIVATE,
    );

  const emptyValues = (source: string | null): ApplyValues => ({ name: "", email: "", phone: "", linkedin: "", note: "", privacy: false, answers: {}, source: source ?? "" });

  /** The site and an open job, or the answer that replaces the page (404, 410). */
  const findJob = (slug: string, id: number, now: number): { site: careers.PublicSite; job: Job } | Kept => {
    const site = careers.publicSite(deps, slug);
    if (!site) return keptNotFound(now + KEEP_MS);
    const found = careers.publicJob(deps, site.workspaceId, id);
    if (found.state === "open") return { site, job: found.job };
    const gone = found.state === "gone";
    return keptHtml(page(site, gone ? "Job closed" : "Job not found", CareersGonePage({ site, gone }), { status: gone ? 410 : 404, noindex: true }), now + KEEP_MS, gone ? 410 : 404, PRIVATE);
  };
  /** The site and an open job, or the answer that replaces the page (404, 410). */
  const openJob = (slug: string, id: number): { site: careers.PublicSite; job: Job } | Response => {
    const found = findJob(slug, id, deps.clock.now().getTime());
    return "body" in found ? new Response(found.body, { status: found.status, headers: found.headers }) : found;
  };

  const feed = (slug: string, now: number, build: (site: careers.PublicSite, jobs: Job[]) => Kept): Kept => {
    const site = careers.publicSite(deps, slug);
    return site ? build(site, careers.listOpenJobs(deps, site.workspaceId)) : keptNotFound(now + KEEP_MS);
  };

  // The list, job pages and feeds are the same for every visitor until something is written (the
  // database's write stamp) or a closing date passes: rendered and compressed once, then served.
  const pages = new StampCache<CachedPage>(500);
  const serve = (request: Request, key: string, produce: (now: number) => Kept) => {
    const now = deps.clock.now().getTime();
    return pages
      .get(
        deps.db,
        key,
        () => {
          const k = produce(now);
          return new CachedPage(k.body, k.status, k.headers, k.until);
        },
        (p) => p.validUntil > now,
      )
      .response(request);
  };

  return new Elysia()
    .get("/robots.txt", () => new Response(robotsTxt(allSitemaps(deps)), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } }))
    .get(
      "/careers/:slug",
      ({ params, query, request }) =>
        serve(request, `list|${params.slug}|${query.q ?? ""}|${query.location ?? ""}|${query.remote ?? ""}|${query.type ?? ""}|${sourceOf(query) ?? ""}`, (now) => {
          const site = careers.publicSite(deps, params.slug);
          if (!site) return keptNotFound(now + KEEP_MS);
          const all = careers.listOpenJobs(deps, site.workspaceId);
          const filters = { q: query.q, location: query.location, remote: query.remote, type: query.type };
          const jobs = careers.filterJobs(all, filters);
          const filtered = Object.values(filters).some(Boolean);
          const head = `<link rel="canonical" href="${escapeHtml(site.base)}"><link rel="alternate" type="application/rss+xml" title="Jobs" href="${escapeHtml(site.base)}/rss.xml">`;
          return keptHtml(
            page(site, `Jobs at ${site.agency}`, CareersListPage({ site, jobs, total: all.length, places: careers.placesOf(all), filters, source: sourceOf(query) }), {
              head,
              description: site.intro?.slice(0, 160) ?? `Open jobs at ${site.agency}`,
              noindex: filtered,
            }),
            untilOf(now, all),
          );
        }),
      { params: SlugParam, query: ListQuery },
    )
    .get(
      "/careers/:slug/jobs/:id",
      ({ params, query, request }) =>
        serve(request, `job|${params.slug}|${params.id}|${sourceOf(query) ?? ""}`, (now) => {
          const found = findJob(params.slug, params.id, now);
          if ("body" in found) return found;
          const { site, job } = found;
          const url = jobUrl(site, job);
          const description = `${job.title} at ${careers.companyOf(job, site)}${careers.placeOf(job) ? `, ${careers.placeOf(job)}` : ""}`;
          const og = (p: string, c: string) => `<meta property="og:${p}" content="${escapeHtml(c)}">`;
          const head =
            `<link rel="canonical" href="${escapeHtml(url)}">` +
            og("type", "website") +
            og("title", job.title) +
            og("description", description) +
            og("url", url) +
            og("site_name", site.agency) +
            (site.logoUrl ? og("image", `${site.origin}${site.logoUrl}`) : "") +
            `<script type="application/ld+json">${ldScript(jobPostingLd(site, job))}</script>`;
          return keptHtml(page(site, job.title, CareersJobPage({ site, job, source: sourceOf(query) }), { head, description }), untilOf(now, [job]));
        }),
      { params: SlugJobParams, query: ListQuery },
    )
    .get(
      "/careers/:slug/jobs/:id/apply",
      ({ params, query }) => {
        const found = openJob(params.slug, params.id);
        if (found instanceof Response) return found;
        return applyPage(found.site, found.job, emptyValues(sourceOf(query)), {}, null, 200);
      },
      { params: SlugJobParams, query: ListQuery },
    )
    .post(
      "/careers/:slug/jobs/:id/apply",
      async ({ params, request, server }) => {
        const found = openJob(params.slug, params.id);
        if (found instanceof Response) return found;
        const { site, job } = found;
        const form = careers.applicationForm(deps, site.workspaceId, job.id);
        let data: FormData;
        try {
          data = await request.formData();
        } catch {
          return applyPage(site, job, emptyValues(null), {}, "The form did not arrive whole. Please fill it in and send it again.", 400);
        }
        const values = valuesOf(data, form);
        const refusal = guard.check({
          jobId: job.id,
          address: clientIp(request, server as Server<unknown> | null, deps.config.TRUST_PROXY),
          honeypot: typeof data.get("website") === "string" ? (data.get("website") as string) : "",
          started: typeof data.get("started") === "string" ? (data.get("started") as string) : "",
        });
        if (refusal) {
          const res = applyPage(site, job, values, {}, refusal.message, refusal.status);
          if (refusal.retryAfter) res.headers.set("retry-after", String(refusal.retryAfter));
          return res;
        }
        const file = data.get("cv");
        const hasCv = form.fields.cv !== "off" && file instanceof Blob && file.size > 0;
        const checked = checkApply(values, form, hasCv, true);
        const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
        let cv = null;
        if (hasCv) {
          try {
            cv = await checkCv(file);
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            errors.cv = e.fields?.cv ?? e.message;
          }
        }
        if (!checked.ok || Object.keys(errors).length) return applyPage(site, job, values, errors, null, 400);
        try {
          const { token } = await turns.run(() => submitApplication(deps, site, job, checked.value, cv));
          return seeOther(`/careers/applications/${token}?sent=1`, PRIVATE);
        } catch (e) {
          if (e instanceof AppError && e.status < 500 && e.fields) return applyPage(site, job, values, e.fields, null, e.status);
          throw e;
        }
      },
      { params: SlugJobParams, parse: "none" },
    )
    .get(
      "/careers/:slug/privacy",
      ({ params }) => {
        const site = careers.publicSite(deps, params.slug);
        if (!site?.privacyNotice) return notFoundPage();
        return html(page(site, "Privacy notice", PrivacyPage({ site })));
      },
      { params: SlugParam },
    )
    .get(
      "/careers/:slug/sitemap.xml",
      ({ params, request }) => serve(request, `sitemap|${params.slug}`, (now) => feed(params.slug, now, (site, jobs) => keptXml(sitemapXml(site, jobs), untilOf(now, jobs)))),
      { params: SlugParam },
    )
    .get(
      "/careers/:slug/feed.xml",
      ({ params, request }) => serve(request, `indeed|${params.slug}`, (now) => feed(params.slug, now, (site, jobs) => keptXml(indeedXml(site, jobs, new Date(now)), untilOf(now, jobs)))),
      { params: SlugParam },
    )
    .get(
      "/careers/:slug/rss.xml",
      ({ params, request }) =>
        serve(request, `rss|${params.slug}`, (now) => feed(params.slug, now, (site, jobs) => keptXml(rssXml(site, jobs, new Date(now)), untilOf(now, jobs), "application/rss+xml"))),
      { params: SlugParam },
    )
    .get(
      "/careers/applications/:token",
      ({ params, query }) => {
        const own = applicationByToken(deps, params.token, jobOf);
        const site = own ? careers.siteOfWorkspace(deps, own.workspaceId) : null;
        if (!own || !site) return html(renderHtml({ title: "Application not found", styles: "candidate", noindex: true, body: NotFoundApplication() }), 404, PRIVATE);
        return html(
          page(
            site,
            "Your application",
            OwnApplicationPage({ site, job: own.job, application: own.application, withdrawn: own.withdrawn, sent: query.sent === "1", action: `/careers/applications/${params.token}/withdraw` }),
            { noindex: true },
          ),
          200,
          PRIVATE,
        );
      },
      { params: TokenParam },
    )
    .post(
      "/careers/applications/:token/withdraw",
      ({ params }) => {
        const own = applicationByToken(deps, params.token, jobOf);
        if (!own) return html(renderHtml({ title: "Application not found", styles: "candidate", noindex: true, body: NotFoundApplication() }), 404, PRIVATE);
        if (!own.withdrawn) withdrawApplication(deps, own);
        return seeOther(`/careers/applications/${params.token}`, PRIVATE);
      },
      { params: TokenParam },
    );
}
