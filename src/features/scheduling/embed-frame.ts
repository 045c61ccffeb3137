import type { Deps } from "../../deps";
import type { RawInput } from "../../lib/route-options";
import { embedOrigins } from "../auth/workspace-site";
import { manageWorkspaceOf, sessionWorkspaceOf } from "./booking";

/**
 * The origins that may frame a candidate's booking pages: their workspace's allowed embed origins
 * (docs/decisions/0024), none for a token that is not there.
 */
export const bookingFrame = (deps: Deps) => ({ params }: RawInput): readonly string[] => {
  const ws = typeof params.token === "string" ? sessionWorkspaceOf(deps, params.token) : null;
  return ws ? embedOrigins(deps, ws) : [];
};

/** The same for the confirmation page a booking leads to, and its move and cancel forms. */
export const manageFrame = (deps: Deps) => ({ params }: RawInput): readonly string[] => {
  const ws = typeof params.token === "string" ? manageWorkspaceOf(deps, params.token) : null;
  return ws ? embedOrigins(deps, ws) : [];
};
