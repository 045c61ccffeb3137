import type { Deps } from "../../deps";
import { allSlugs } from "./repo";

/** Every careers site's sitemap, for /robots.txt. */
export function allSitemaps(deps: Deps): string[] {
  return allSlugs(deps.db).map((slug) => `${deps.config.APP_URL}/careers/${slug}/sitemap.xml`);
}
