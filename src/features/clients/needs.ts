import type { Deps } from "../../deps";
import type { ClientJobs } from "./service";

/** The infrastructure and the jobs of a client (the jobs feature's, handed over by app.ts). */
export type ClientsDeps = Deps & { clientJobs: ClientJobs };
