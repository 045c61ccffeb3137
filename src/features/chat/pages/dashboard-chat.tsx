import type { Deps } from "../../../deps";
import type { Shell } from "../../../ui/shell";

/** The assistant embedded in the dashboard (issue: chat). Renders nothing yet. */
export function DashboardChat(_: { deps: Deps; shell: Shell }) {
  return null;
}
