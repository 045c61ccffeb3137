import { sectionLabel, sectionOf } from "./sections";

export interface BackLink {
  href: string;
  label: string;
}

const NAMED: [RegExp, string][] = [
  [/^\/dashboard\d?$/, "the dashboard"],
  [/^\/candidates$/, "Candidates"],
  [/^\/jobs\/\d+$/, "the job"],
  [/^\/clients\/\d+$/, "the client"],
  [/^\/shortlists(\/|$)/, "the shortlists"],
  [/^\/interview-details\//, "the interview"],
  [/^\/interviews$/, "Interviews"],
];

/**
 * A page's "← Back to …" link: the page of this site the member came from (the Referer, which
 * the site's referrer policy sends in full within the site), keeping its query (a filtered
 * list stays filtered); `fallback` when they came from elsewhere, from this page itself (a form
 * sent back to it), or the browser said nothing.
 */
export function backLink(referer: string | null | undefined, origins: string[], self: string, fallback: BackLink): BackLink {
  if (!referer) return fallback;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return fallback;
  }
  if (!origins.includes(url.origin) || url.pathname === self || url.pathname.startsWith(`${self}/`)) return fallback;
  const named = NAMED.find(([re]) => re.test(url.pathname))?.[1] ?? sectionLabel(sectionOf(url.pathname));
  if (!named) return fallback;
  return { href: url.pathname + url.search, label: `← Back to ${named}` };
}
