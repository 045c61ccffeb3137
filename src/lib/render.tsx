import type { ComponentType, ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { assetUrl, inlineStyle, islandScript } from "./assets";

/**
 * Server rendering of pages. Rendering is synchronous, so the islands used while one
 * page renders are collected in a module variable, and only their scripts are added.
 * A page without an island ships no script.
 */
let usedIslands: Set<string> | null = null;
/** The section the page's frame declared while it rendered (the application shell's navigation). */
let pageSection: string | null = null;

/** Called by the application shell: the page's <title> then names its section too. */
export function declareSection(name: string) {
  if (usedIslands) pageSection = name;
}

/** "Jane Doe" in Candidates → "Jane Doe · Candidates"; a title that already names its section stays. */
export function titleWithSection(title: string, section: string | null): string {
  if (!section || title.toLowerCase().includes(section.toLowerCase())) return title;
  return `${title} · ${section}`;
}

/** Renders an interactive part: its server HTML plus the props the client hydrates it with. */
export function Island<P extends object>({ name, component: C, props }: { name: string; component: ComponentType<P>; props: P }) {
  usedIslands?.add(name);
  // JSON in an attribute is escaped by React; no inline script is needed (strict CSP).
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <C {...props} />
    </div>
  );
}

export type Toast = { title: string; description?: string; variant?: "default" | "destructive" | "success" | "warning" };

export interface PageOptions {
  title: string;
  body: ReactElement;
  status?: number;
  headers?: Record<string, string>;
  /** A toast to show on arrival (the result of a form POST without JavaScript). */
  toast?: Toast | null;
  /** Extra scripts outside islands (e.g. the booking pages' plain script). */
  scripts?: string[];
  bodyClass?: string;
  /** The page's meta description (what a search result or a shared link shows). */
  description?: string;
  /** A private page (its address holds a token): kept out of search engines, by meta tag and X-Robots-Tag. */
  noindex?: boolean;
  /**
   * "candidate": the candidate pages' own small stylesheet, inlined (the whole page arrives in
   * one response and nothing blocks rendering). Default: the product's linked app.css.
   */
  styles?: "app" | "candidate";
  /** Extra markup for <head>, already escaped (a canonical link, Open Graph tags, JSON-LD). */
  head?: string;
  /** The name after the title (default Frank; a workspace's public site says its own). */
  brand?: string;
}

export function renderHtml(opts: PageOptions): string {
  usedIslands = new Set();
  pageSection = null;
  let body: string;
  let islands: string[];
  let section: string | null;
  try {
    body = renderToString(opts.body);
    islands = [...usedIslands];
    section = pageSection;
  } finally {
    usedIslands = null;
    pageSection = null;
  }
  // Several islands share one bundle (scripts/build-client.ts): each script once.
  const scripts = [...new Set([...(opts.scripts ?? []), ...islands.map(islandScript)])]
    .filter(Boolean)
    .map((src) => `<script type="module" src="${src}"></script>`)
    .join("");
  const toast = opts.toast ? renderToString(<ToastMarkup toast={opts.toast} />) : "";
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(titleWithSection(opts.title, section))} · ${escapeHtml(opts.brand ?? "Frank")}</title>` +
    (opts.description ? `<meta name="description" content="${escapeHtml(opts.description)}">` : "") +
    (opts.noindex ? `<meta name="robots" content="noindex, nofollow">` : "") +
    `<link rel="icon" href="data:,">` +
    (opts.styles === "candidate" ? `<style>${inlineStyle("candidate")}</style>` : `<link rel="stylesheet" href="${assetUrl("app.css")}">`) +
    (opts.head ?? "") +
    `${scripts}</head>` +
    `<body class="${opts.bodyClass ?? "min-h-screen bg-slate-50 text-slate-900 antialiased"}">${body}` +
    `<div id="toaster" role="region" aria-label="Notifications (F8)" tabindex="-1" class="toaster">${toast}</div>` +
    `</body></html>`
  );
}

export function renderPage(opts: PageOptions): Response {
  return new Response(renderHtml(opts), {
    status: opts.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...(opts.noindex ? { "x-robots-tag": "noindex, nofollow" } : {}), ...opts.headers },
  });
}

/** The same markup the client toast module builds, so both look alike. */
function ToastMarkup({ toast }: { toast: Toast }) {
  return (
    <div role="status" aria-live="polite" data-variant={toast.variant ?? "default"} className="toast toast-auto-hide">
      <div className="toast-title">{toast.title}</div>
      {toast.description ? <div className="toast-description">{toast.description}</div> : null}
    </div>
  );
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
