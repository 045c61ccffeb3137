import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// A recruiter's Markdown (a job's description, the careers site's introduction and privacy notice)
// as HTML a public page can carry: marked renders it, sanitize-html keeps only the tags and
// attributes below (no script, style, iframe, event handler or javascript: link), and links
// open as plain links with rel="nofollow noopener".
const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "u", "s", "del", "ul", "ol", "li", "a", "h2", "h3", "h4", "blockquote", "code", "pre", "hr", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: { a: ["href", "title"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  // A heading level 1 belongs to the page (the job's title): the description's start at h2.
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener" }),
  },
};
ALLOWED.allowedAttributes = { ...ALLOWED.allowedAttributes, a: ["href", "title", "rel"] };

// The same text renders to the same HTML: the careers list, a job's page and the feeds read the
// descriptions of every open job on each request, so the last few hundred are kept (oldest out first).
const rendered = new Map<string, string>();
const KEEP = 300;

/** Markdown → sanitised HTML; empty or null text gives "". */
export function markdownToHtml(md: string | null | undefined): string {
  if (!md?.trim()) return "";
  const kept = rendered.get(md);
  if (kept !== undefined) return kept;
  const html = sanitizeHtml(marked.parse(md) as string, ALLOWED).trim();
  if (rendered.size >= KEEP) rendered.delete(rendered.keys().next().value!);
  rendered.set(md, html);
  return html;
}
