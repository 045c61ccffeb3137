import { MAX_EMBED_ORIGINS } from "../embed-origins";

/** "Allowed embed origins": the sites that may show the prequalifier and booking pages in a frame. */
export function EmbedSettingsCard({ origins }: { origins: string[] }) {
  return (
    <section className="card mt-6" aria-labelledby="embed-settings-title">
      <div className="card-header">
        <h2 id="embed-settings-title" className="card-title">
          Embed on your site
        </h2>
        <p className="text-sm text-slate-500">
          Your campaign pages (prequalifier, assessment, schedule a call) and interview booking pages may be shown in a frame on these sites only. Copy a page's snippet with the Embed action next to
          its link on the dashboard or in Scheduling.
        </p>
      </div>
      <form method="post" action="/settings/candidate-pages/embed" className="card-body space-y-3">
        <div>
          <label className="label" htmlFor="allowedOrigins">
            Allowed embed origins (one per line)
          </label>
          <textarea
            className="input font-mono text-sm"
            id="allowedOrigins"
            name="allowedOrigins"
            rows={4}
            placeholder={"https://www.your-agency.com\nhttps://careers.your-agency.com"}
            defaultValue={origins.join("\n")}
            aria-describedby="allowedOrigins-help"
          />
          <p id="allowedOrigins-help" className="mt-1 text-xs text-slate-500">
            An origin is the scheme and host, with a port if any: no path and no wildcards. Use https:// (http:// only for localhost). At most {MAX_EMBED_ORIGINS}. Empty: no site may frame the pages.
          </p>
        </div>
        <p className="text-sm" data-testid="embed-status">
          {origins.length ? `${origins.length} ${origins.length === 1 ? "site" : "sites"} may embed your pages.` : "No site may embed your pages yet."}
        </p>
        <button type="submit" className="btn-primary">
          Save allowed origins
        </button>
      </form>
    </section>
  );
}
