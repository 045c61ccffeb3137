import type { Shell } from "../../../ui/shell";
import { Island } from "../../../lib/render";
import ProfileDialog from "../../../../islands/profile-dialog";
import { toProfile } from "../profile-service";

/** The profile dialog on every signed-in page (rendered by AppShell); closed until opened. */
export function ProfileDialogSlot({ shell }: { shell: Shell }) {
  return (
    <Island
      name="profile-dialog"
      component={ProfileDialog}
      props={{ profile: toProfile(shell.user), billingEnabled: shell.billingEnabled, hasSubscription: shell.hasSubscription, gated: !!shell.gated, billingOwner: shell.user.role === "owner" }}
    />
  );
}
