import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { peopleRoutes } from "./routes";
import { eraseIdleCandidates } from "./retention";

export function createPeople(deps: Deps, web: Web): Feature {
  return {
    routes: [plugin(peopleRoutes(deps, web))],
    jobs: [],
    // Off unless a workspace sets a retention period (candidate settings).
    scheduled: [{ name: "candidate-retention", pattern: "43 3 * * *", run: (d) => void eraseIdleCandidates(d) }],
    api: {},
  };
}
