import type { Deps } from "../../../deps";
import type { Shell } from "../../../ui/shell";

/** Schedule Interview, Active Sessions and Interview Status cards of the dashboard (issue: scheduling). Renders nothing yet. */
export function SchedulingCards(_: { deps: Deps; shell: Shell }) {
  return null;
}
