import type { Deps } from "../../deps";
import type { SchedulingApi } from "../scheduling/api";

/** The infrastructure and what this feature uses of scheduling (handed over by app.ts). */
export type WorkspaceDeps = Deps & { scheduling: Pick<SchedulingApi, "listSessions"> };
