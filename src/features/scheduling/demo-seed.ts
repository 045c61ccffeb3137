import type { SchedulingDeps } from "./needs";
import { bookByToken } from "./booking";
import { candidateChoices } from "./candidate-source";
import { createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const DEMO_TZ = "Australia/Melbourne";

/**
 * Demo data: one pending scheduling link and one booked interview, for the two newest
 * candidates of the demo workspace (runs once, when the demo workspace is created).
 */
export async function seedSchedulingDemo(deps: SchedulingDeps, workspaceId: number, userId: number) {
  try {
    await seed(deps, workspaceId, userId);
  } catch (e) {
    // Sample data is a nicety: never stop the server over it.
    deps.log.error("scheduling demo seed failed", { error: e instanceof Error ? e.message : String(e) });
  }
}

async function seed(deps: SchedulingDeps, workspaceId: number, userId: number) {
  const [first, second] = candidateChoices(deps, workspaceId, 2);
  if (!first) return;
  const today = dateIn(deps.clock.now(), DEMO_TZ);
  const slots = (days: number[]) => generateSlots({ dates: days.map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: DEMO_TZ });
  const base = { workspaceId, userId, title: "Interview", description: "A first conversation about the role.", duration: 60, timeZone: DEMO_TZ };
  await createSchedulingSession(deps, { ...base, candidateId: first.id, timeSlots: slots([2, 3]) });
  if (!second) return;
  const booked = await createSchedulingSession(deps, { ...base, candidateId: second.id, timeSlots: slots([4]) });
  await bookByToken(deps, booked.sessionToken, booked.timeSlots[1]!.id);
}
