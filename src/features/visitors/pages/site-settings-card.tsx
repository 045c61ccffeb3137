import type { WorkspaceSite } from "../../auth/workspace-site";
import { DEFAULT_HELP, DEFAULT_TERMS, SITE_TEXT_MAX } from "../../auth/site-texts";

/** The workspace's own site (candidate pages' Home) and the texts of /terms and /help. */
export function SiteSettingsCard({ site }: { site: WorkspaceSite }) {
  return (
    <section className="card mt-6" aria-labelledby="site-settings-title">
      <div className="card-header">
        <h2 id="site-settings-title" className="card-title">
          Your site, terms and help
        </h2>
        <p className="text-sm text-slate-500">Candidate pages link Home and Back to Site to your site; without one they show no such link. Terms and Help show your text, or the default when empty.</p>
      </div>
      <form method="post" action="/settings/site" className="card-body space-y-3">
        <div>
          <label className="label" htmlFor="siteUrl">
            Your website
          </label>
          <input className="input" id="siteUrl" name="siteUrl" type="url" placeholder="https://" defaultValue={site.siteUrl ?? ""} maxLength={2000} />
        </div>
        <div>
          <label className="label" htmlFor="termsText">
            Hiring Terms of Use (/terms)
          </label>
          <textarea className="input min-h-40" id="termsText" name="termsText" placeholder={DEFAULT_TERMS} defaultValue={site.termsText ?? ""} maxLength={SITE_TEXT_MAX} />
        </div>
        <div>
          <label className="label" htmlFor="helpText">
            Help &amp; Support (/help)
          </label>
          <textarea className="input min-h-40" id="helpText" name="helpText" placeholder={DEFAULT_HELP} defaultValue={site.helpText ?? ""} maxLength={SITE_TEXT_MAX} />
        </div>
        <button type="submit" className="btn-primary">
          Save site settings
        </button>
      </form>
    </section>
  );
}
