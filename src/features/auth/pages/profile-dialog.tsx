import { Island } from "../../../lib/render";
import ProfileDialog from "../../../ui/islands/profile-dialog";
import type { Profile } from "../profile-types";

/**
 * The profile dialog's island with its first props, computed by the caller: the member's
 * profile (auth's, with billing's Stripe ids) and the billing state billing computed. Handed
 * to the page frame as its profile-dialog slot.
 */
export function ProfileDialogIsland(props: { profile: Profile; timeZone: string; billingOwner: boolean; billingEnabled: boolean; hasSubscription: boolean; gated: boolean }) {
  return (
    <Island
      name="profile-dialog"
      component={ProfileDialog}
      props={{ profile: props.profile, timeZone: props.timeZone, billingEnabled: props.billingEnabled, hasSubscription: props.hasSubscription, gated: props.gated, billingOwner: props.billingOwner }}
    />
  );
}
