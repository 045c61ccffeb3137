import type { users } from "../../../db/schema";
import { Island } from "../../../lib/render";
import ProfileDialog from "../../../../islands/profile-dialog";
import { toProfile } from "../profile-service";

/**
 * The profile dialog's island with its first props: the member's profile (auth's) and the
 * billing state billing computed. Handed to the page frame as its profile-dialog slot.
 */
export function ProfileDialogIsland(props: { user: typeof users.$inferSelect; billingEnabled: boolean; hasSubscription: boolean; gated: boolean }) {
  return (
    <Island
      name="profile-dialog"
      component={ProfileDialog}
      props={{ profile: toProfile(props.user), billingEnabled: props.billingEnabled, hasSubscription: props.hasSubscription, gated: props.gated, billingOwner: props.user.role === "owner" }}
    />
  );
}
