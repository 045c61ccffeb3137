import type { ReactNode } from "react";
import { Logo } from "../../../ui/logo";
import type { SiteLinks } from "../../../ui/links";

export type VisitorPage = "prequalifier" | "assessment" | "scheduleacall";

const TABS: { page: VisitorPage; label: string }[] = [
  { page: "prequalifier", label: "Prequalifier" },
  { page: "assessment", label: "Assessment" },
  { page: "scheduleacall", label: "Schedule a call" },
];

/**
 * The frame of the visitor pages (part1 §2): the visitor code badge and the menu (Home,
 * Plans & Pricing, Buy LinkedIn Media, Terms, Help & Support, Sign In). The menu is a
 * <details> element, so it opens without JavaScript.
 */
export function VisitorLayout(props: { links: SiteLinks; home: string | null; visitorId: string; page: VisitorPage; code: string | null; children: ReactNode }) {
  const ext = props.links.external ? { target: "_blank", rel: "noopener noreferrer", className: "menu-item" } : { className: "menu-item" };
  const q = props.code ? `?c=${encodeURIComponent(props.code)}` : "";
  return (
    <div className="mx-auto flex min-h-screen max-w-2xl flex-col px-4">
      <header className="flex h-14 items-center justify-between gap-3">
        <Logo href={props.home} />
        <div className="flex items-center gap-2">
          <span className="badge-secondary" title="Your visitor code: quote it if you contact us" data-testid="visitor-code">
            Visitor code <b className="ml-1 font-mono">{props.visitorId}</b>
          </span>
          <details className="relative">
            <summary className="btn-outline btn-sm cursor-pointer list-none">Menu</summary>
            <nav className="absolute right-0 z-50 mt-2 w-52 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg" aria-label="Menu">
              {/* Home: the workspace's site, else the product's, else the start of these pages (issue 41). */}
              <a href={props.home ?? (props.links.external ? props.links.home : `/prequalifier${q}`)} className="menu-item">
                Home
              </a>
              <a href={props.links.pricing} {...ext}>
                Plans &amp; Pricing
              </a>
              <a href={props.links.media} {...ext}>
                Buy LinkedIn Media
              </a>
              <a href={props.links.terms} {...ext}>
                Terms
              </a>
              <a href={props.links.help} {...ext}>
                Help &amp; Support
              </a>
              <a href="/login" className="menu-item">
                Sign In
              </a>
            </nav>
          </details>
        </div>
      </header>
      <nav className="mb-4 flex gap-1 border-b border-slate-200 text-sm" aria-label="Steps">
        {TABS.map((t) => (
          <a
            key={t.page}
            href={`/${t.page}${q}`}
            aria-current={t.page === props.page ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 ${t.page === props.page ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-slate-500 hover:text-slate-800"}`}
          >
            {t.label}
          </a>
        ))}
      </nav>
      <main className="flex-1 pb-8">{props.children}</main>
    </div>
  );
}

/** An outside chatbot or scheduler set by the workspace, loaded in a frame as the original did. */
export function OutsideFrame({ url, title }: { url: string; title: string }) {
  return (
    <iframe
      src={url}
      title={title}
      className="h-[75vh] w-full rounded-xl border border-slate-200 bg-white"
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
      data-testid="outside-frame"
    />
  );
}
