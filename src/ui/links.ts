import type { Config } from "../config/env";

/** Links to the marketing site (pricing, terms, help), from MARKETING_URL. */
export interface SiteLinks {
  home: string;
  pricing: string;
  media: string;
  terms: string;
  help: string;
}

export function siteLinks(config: Pick<Config, "MARKETING_URL">): SiteLinks {
  const base = config.MARKETING_URL;
  return {
    home: base,
    pricing: `${base}/pricing`,
    media: `${base}/pricing#media`,
    terms: `${base}/terms`,
    help: `${base}/help`,
  };
}
