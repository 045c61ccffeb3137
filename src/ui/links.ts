import type { Config } from "../config/env";

/** Links to the marketing site (pricing, terms, help), from MARKETING_URL. */
export interface SiteLinks {
  home: string;
  pricing: string;
  media: string;
  terms: string;
  help: string;
  /** False when the links are Frank's own pages (MARKETING_URL not set): they open in the same tab. */
  external: boolean;
}

/**
 * With MARKETING_URL set, the marketing site's pages; without it (it then defaults to
 * APP_URL), the pages Frank serves itself: /pricing, /terms and /help.
 */
export function siteLinks(config: Pick<Config, "MARKETING_URL" | "APP_URL">): SiteLinks {
  const base = config.MARKETING_URL;
  if (!base || base === config.APP_URL) {
    return { home: "/", pricing: "/pricing", media: "/pricing#media", terms: "/terms", help: "/help", external: false };
  }
  return {
    home: base,
    pricing: `${base}/pricing`,
    media: `${base}/pricing#media`,
    terms: `${base}/terms`,
    help: `${base}/help`,
    external: true,
  };
}
