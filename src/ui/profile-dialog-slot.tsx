import type { Shell } from "./shell";

/** The profile dialog on every signed-in page: the slot the features filled (src/shell-parts.tsx). */
export function ProfileDialogSlot({ shell }: { shell: Shell }) {
  return <>{shell.profileDialog(!!shell.gated)}</>;
}
