import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { extractTextWork } from "./extract";
import { removeBytesWork } from "./removal";
import { candidateFileRoutes } from "./routes";
import { sweepOrphanFiles } from "./orphans";

export function createCandidateFiles(deps: Deps, web: Web): Feature {
  return {
    routes: [plugin(candidateFileRoutes(deps, web))],
    jobs: [extractTextWork(deps), removeBytesWork(deps)],
    // Stored files no row names, a day after they were written (issue 59 item 5).
    scheduled: [{ name: "orphan-files", pattern: "7 5 * * *", run: (d) => sweepOrphanFiles(d).then(() => {}) }],
    api: {},
  };
}
