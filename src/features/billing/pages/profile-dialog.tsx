import type { Shell } from "../../../ui/shell";

/** The profile dialog on every signed-in page (issue: billing). Renders nothing yet. */
export function ProfileDialogSlot(_: { shell: Shell }) {
  return null;
}
