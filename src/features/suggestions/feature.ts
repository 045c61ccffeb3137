import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { suggestionRoutes } from "./routes";
import { pruneSuggestions } from "./service";

export function createSuggestions(deps: Deps, web: Web): Feature {
  return {
    routes: [plugin(suggestionRoutes(deps, web))],
    jobs: [],
    // Suggestions about candidates, past the workspace's retention (at least 6 months, issue 57).
    scheduled: [{ name: "suggestions-retention", pattern: "53 3 * * *", run: (d) => void pruneSuggestions(d) }],
    api: {},
  };
}
