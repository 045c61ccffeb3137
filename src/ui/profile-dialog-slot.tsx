import type { Shell } from "./shell";

/** The profile dialog on every signed-in page: the slot auth's constructor fills (features/auth/feature.tsx). */
export function ProfileDialogSlot({ shell }: { shell: Shell }) {
  return <>{shell.profileDialog(!!shell.gated)}</>;
}
