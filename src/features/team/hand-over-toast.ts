import type { Toast } from "../../lib/render";
import type { HandOverConflict } from "../scheduling/reassign";

/**
 * What the members page says after a removal whose hand-over left interviews behind: they
 * overlap interviews of the member taking over, so they stay with the removed member (one
 * calendar per interviewer) and are handed over one at a time from /interviews.
 */
export function handOverLeftToast(leaving: boolean, conflicts: HandOverConflict[], timeZone: string): Toast {
  const when = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  const times = conflicts.slice(0, 5).map((c) => when.format(new Date(c.startTime)));
  const more = conflicts.length > 5 ? ` and ${conflicts.length - 5} more` : "";
  const n = conflicts.length === 1 ? "1 interview was" : `${conflicts.length} interviews were`;
  return {
    title: leaving ? "You left the workspace" : "Member removed",
    description: `${n} not handed over because the new interviewer is busy then (${times.join("; ")}${more}). Hand ${conflicts.length === 1 ? "it" : "them"} to someone else on Interviews.`,
    variant: "warning",
  };
}
