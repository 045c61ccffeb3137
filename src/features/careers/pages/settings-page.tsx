import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { CareersSite } from "../model";

export interface CareersSettingsValues {
  slug: string;
  intro: string;
  privacyNotice: string;
  feedEmail: string;
}

/** Settings → Careers site: the address, introduction and privacy notice (a plain form), and the feeds' addresses. */
export function CareersSettingsPage({
  shell,
  site,
  values,
  errors,
  suggested,
}: {
  shell: Shell;
  site: CareersSite | null;
  values: CareersSettingsValues | null;
  errors: Record<string, string>;
  suggested: string;
}) {
  const v = values ?? { slug: site?.slug ?? suggested, intro: site?.intro ?? "", privacyNotice: site?.privacyNotice ?? "", feedEmail: site?.feedEmail ?? "" };
  const err = (k: string) =>
    errors[k] ? (
      <p id={`${k}-error`} className="field-error">
        {errors[k]}
      </p>
    ) : null;
  return (
    <AppShell shell={shell} title="Careers site" wide={false}>
      <h1 className="text-2xl font-semibold">Careers site</h1>
      {site ? (
        <p className="mt-2 text-sm">
          Your site:{" "}
          <a className="text-brand-600 underline" href={`/careers/${site.slug}`}>
            {site.url}
          </a>
          . It lists the jobs you publish (on each job's Posting page); the logo is the one in Settings → Logo.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Choose the address of your public jobs page. It lists the jobs you publish, each with its page and an application form.</p>
      )}
      <form method="post" action="/settings/careers" className="card card-body mt-6 grid gap-4 text-sm">
        <div>
          <label className="label" htmlFor="slug">
            Address
          </label>
          <div className="mt-1 flex items-center gap-1">
            <span className="text-slate-500">/careers/</span>
            <input
              id="slug"
              name="slug"
              className="input w-full"
              defaultValue={v.slug}
              required
              maxLength={50}
              pattern="[a-z0-9][a-z0-9-]*"
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={errors.slug ? "slug-error" : undefined}
            />
          </div>
          {err("slug")}
        </div>
        <div>
          <label className="label" htmlFor="intro">
            Introduction
          </label>
          <textarea id="intro" name="intro" rows={3} className="input mt-1 w-full" defaultValue={v.intro} maxLength={2000} />
          {err("intro")}
        </div>
        <div>
          <label className="label" htmlFor="privacyNotice">
            Privacy notice
          </label>
          <textarea id="privacyNotice" name="privacyNotice" rows={6} className="input mt-1 w-full" defaultValue={v.privacyNotice} maxLength={20000} />
          <p className="text-xs text-slate-500">Applicants agree to it on every application form; it has its own page on the site.</p>
          {err("privacyNotice")}
        </div>
        <div>
          <label className="label" htmlFor="feedEmail">
            E-mail in the job feed (optional)
          </label>
          <input id="feedEmail" name="feedEmail" type="email" className="input mt-1 w-full" defaultValue={v.feedEmail} maxLength={200} />
          {err("feedEmail")}
        </div>
        <div>
          <button className="btn-primary btn-sm" type="submit">
            Save
          </button>
        </div>
      </form>
      {site ? (
        <section className="card card-body mt-6 text-sm">
          <h2 className="font-semibold">For job boards and search engines</h2>
          <ul className="mt-2 grid gap-1">
            <li>
              Indeed XML feed: <code>{site.feedUrl}</code>
            </li>
            <li>
              RSS 2.0: <code>{site.rssUrl}</code>
            </li>
            <li>
              Sitemap: <code>{site.sitemapUrl}</code> (listed in /robots.txt)
            </li>
          </ul>
          <p className="mt-2 text-xs text-slate-500">Add ?source=name to a link you share: applications through it are counted under that name.</p>
        </section>
      ) : null}
    </AppShell>
  );
}
