import type { SchedulingDeps } from "./features/scheduling/needs";
import { createUser, DEMO_EMAIL, DEMO_PASSWORD, findUserByEmail } from "./features/auth/service";
import { seedWorkspaceDemo } from "./demo-workspace-seed";
import { adoptWorkspaceZone } from "./features/auth/workspace-site";
import { seedVisitorDemo } from "./features/visitors/settings-service";
import { seedSchedulingDemo } from "./features/scheduling/demo-seed";

/**
 * Demo mode: on first start, a demo workspace with its recruiter account, so a newcomer
 * sees a living product after `npm start`. Each domain adds its sample data here. It takes
 * scheduling's context: the demo's sessions ask the calendar's busy times as a booking does.
 */
export async function seedDemo(deps: SchedulingDeps) {
  const existing = findUserByEmail(deps, DEMO_EMAIL);
  if (existing) return existing;
  const user = await createUser(deps, { email: DEMO_EMAIL, password: DEMO_PASSWORD, name: "Demo Recruiter", workspaceName: "Demo Agency" });
  deps.log.info("demo workspace created", { email: DEMO_EMAIL });
  // The demo's agency, candidates and clients are Australian: its hours are Sydney's.
  adoptWorkspaceZone(deps, user.workspaceId, "Australia/Sydney");
  seedWorkspaceDemo(deps, user.workspaceId);
  seedVisitorDemo(deps, user.workspaceId, user.id);
  await seedSchedulingDemo(deps, user.workspaceId, user.id);
  return user;
}
