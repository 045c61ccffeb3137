import type { Shell } from "../../ui/shell";
import type { authGuard } from "./guard";
import type { UserRow } from "./repo";

/**
 * What every feature's routes get from the composition root (app.ts), built once per app: the
 * auth guard (sessions, API keys, roles, and billing's subscription gate inside it) and the frame
 * of a signed-in page (with billing's, the calendar's and the profile's parts).
 */
export interface Web {
  guard: ReturnType<typeof authGuard>;
  shell(user: UserRow): Shell;
}
