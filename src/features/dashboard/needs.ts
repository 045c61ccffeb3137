import type { Deps } from "../../deps";
import type { SchedulingApi } from "../scheduling/api";
import type { PlacementsApi } from "../placements/feature";

/** The infrastructure and what this feature uses of scheduling (handed over by app.ts). */
export type DashboardDeps = Deps & { scheduling: Pick<SchedulingApi, "dashboardCards">; placements: PlacementsApi };
