import type { Deps } from "../../deps";
import type { CandidatesApi } from "../candidates/api";
import type { SchedulingApi } from "../scheduling/api";

/** The infrastructure and what this feature uses of scheduling (handed over by app.ts). */
export type ChatDeps = Deps & { scheduling: Pick<SchedulingApi, "createSession">; candidates: Pick<CandidatesApi, "upsertFromVisitor"> };
