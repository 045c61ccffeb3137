import { useEffect, useState } from "react";

/** Attribute text: the snippet is pasted into someone's HTML as is. */
const attr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML an agency pastes into its own site to show one of the candidate pages (docs/decisions/0024). */
export function embedSnippet(url: string, title: string, height: number): string {
  return `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
}

/**
 * An "Embed" action: a disclosure with the snippet in a read-only box (select and copy, no script
 * needed) and a Copy button once the page's script runs. The page only loads in a frame on a site
 * whose origin is in the workspace's allowed embed origins.
 */
export function EmbedSnippet({ url, title, height, label }: { url: string; title: string; height: number; label: string }) {
  const snippet = embedSnippet(url, title, height);
  const [scripted, setScripted] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setScripted(true), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // The box stays selectable: the snippet can be copied by hand.
    }
  };
  return (
    <details className="mt-1 text-xs" data-testid="embed-snippet">
      <summary className="cursor-pointer text-brand-600 underline" aria-label={`Embed ${label}`}>
        Embed
      </summary>
      <div className="mt-1 space-y-1">
        <textarea className="input h-28 w-full font-mono text-xs" readOnly value={snippet} aria-label={`Embed code for ${label}`} onFocus={(e) => (e.target as HTMLTextAreaElement).select()} />
        <div className="flex items-start gap-2">
          <p className="flex-1 text-slate-500">
            Paste it into your site's HTML. Your site's origin must be in the{" "}
            <a className="text-brand-600 underline" href="/settings/candidate-pages#embed-settings-title">
              allowed embed origins
            </a>
            , or the browser will not show the page.
          </p>
          {scripted ? (
            <button type="button" className="btn-outline btn-sm shrink-0" onClick={copy} aria-label={`Copy embed code for ${label}`}>
              {copied ? "Copied" : "Copy code"}
            </button>
          ) : null}
        </div>
      </div>
    </details>
  );
}
