import type { ReactNode } from "react";

/** The careers site's frame: the agency's logo or name, the page, and a footer with the privacy notice and the feeds. */
export function CareersFrame({ site, children }: { site: { slug: string; agency: string; logoUrl: string | null; privacyNotice: string | null }; children: ReactNode }) {
  const home = `/careers/${site.slug}`;
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4">
          <a href={home} className="inline-flex items-center gap-3 font-semibold text-slate-900">
            {site.logoUrl ? <img src={site.logoUrl} alt="" height={32} className="h-8 w-auto" /> : null}
            <span className="text-lg">{site.agency}</span>
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6">{children}</main>
      <footer className="mx-auto max-w-3xl px-4 pb-8 text-sm text-slate-600">
        <nav aria-label="About this site" className="flex flex-wrap gap-4">
          {site.privacyNotice ? (
            <a className="underline" href={`${home}/privacy`}>
              Privacy notice
            </a>
          ) : null}
          <a className="underline" href={`${home}/rss.xml`}>
            RSS feed
          </a>
        </nav>
      </footer>
    </>
  );
}
