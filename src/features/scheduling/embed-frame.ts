import type { Deps } from "../../deps";
import type { SchedulingDeps } from "./needs";
import type { RawInput } from "../../lib/route-options";
import { StampCache } from "../../db/stamp-cache";
import { embedOrigins } from "../auth/workspace-site";
import { sessionWorkspaceOf } from "./booking";
import { manageWorkspaceOf } from "./candidate-changes";

// Asked on every request for a candidate's page, before its (cached) render: kept until anything
// in the database changes, so two lookups do not cost more than the page itself.
const frames = new StampCache<readonly string[]>(2000);

const originsOf = (deps: Deps, ws: number | null): readonly string[] => (ws ? embedOrigins(deps, ws) : []);

/**
 * The origins that may frame a candidate's booking pages: their workspace's allowed embed origins
 * (docs/decisions/0024), none for a token that is not there.
 */
export const bookingFrame =
  (deps: SchedulingDeps) =>
  ({ params }: RawInput): readonly string[] => {
    const token = params.token;
    return typeof token === "string" ? frames.get(deps.db, `book:${token}`, () => originsOf(deps, sessionWorkspaceOf(deps, token))) : [];
  };

/** The same for the confirmation page a booking leads to, and its move and cancel forms. */
export const manageFrame =
  (deps: Deps) =>
  ({ params }: RawInput): readonly string[] => {
    const token = params.token;
    return typeof token === "string" ? frames.get(deps.db, `manage:${token}`, () => originsOf(deps, manageWorkspaceOf(deps, token))) : [];
  };
