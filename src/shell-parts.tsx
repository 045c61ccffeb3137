import type { Deps } from "./deps";
import type { ShellParts } from "./ui/shell";
import type { users } from "./db/schema";
import { subscriptionGate } from "./features/billing/service";
import { calendarShellState } from "./features/calendar/service";
import { can } from "./features/auth/permissions";
import { ProfileDialogIsland } from "./features/auth/pages/profile-dialog";
import { toProfile } from "./features/auth/profile-service";

/**
 * The features' contributions to the frame of signed-in pages (src/ui/shell.ts), gathered by the
 * app's wiring so that src/ui imports no feature: billing's gate, calendar's dot, the member's
 * permission for the candidate pages link, and auth's profile dialog.
 */
export function shellParts(deps: Deps) {
  return (user: typeof users.$inferSelect): ShellParts => {
    const billing = subscriptionGate(deps, user);
    return {
      ...billing,
      ...calendarShellState(deps, user.id),
      canEditSite: can(user, "settings.update"),
      profileDialog: (gated) => <ProfileDialogIsland profile={toProfile(deps, user)} billingOwner={user.role === "owner"} billingEnabled={billing.billingEnabled} hasSubscription={billing.hasSubscription} gated={gated} />,
    };
  };
}
