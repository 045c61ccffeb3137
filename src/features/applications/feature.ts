import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { boardRoutes, type BoardExtras } from "./board-routes";
import { pipelineRoutes } from "./pipeline-routes";
import { applicationApiRoutes } from "./routes";
import { templateRoutes } from "./template-routes";
import { stageTemplates } from "./templates";

export function createApplications(
  deps: Deps,
  web: Web,
  needs: { feedback: NonNullable<BoardExtras["feedback"]>; placedNext?: BoardExtras["placedNext"]; suggested?: BoardExtras["suggested"] },
): Feature {
  const board = boardRoutes(deps, web, { templates: (workspaceId) => stageTemplates(deps, workspaceId), feedback: needs.feedback, placedNext: needs.placedNext, suggested: needs.suggested });
  return { routes: [plugin(applicationApiRoutes(deps, web)), plugin(pipelineRoutes(deps, web)), plugin(templateRoutes(deps, web)), plugin(board)], jobs: [], api: {} };
}
