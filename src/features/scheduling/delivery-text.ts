import type { InterviewEmailState } from "./views";
import { formatShortDate, formatTime } from "./slot-format";

/**
 * How an interview's e-mails went, in words a recruiter reads at a glance: one line for a
 * list, one per e-mail for the details page. Pure: the page, the island and tests share it.
 */
export function deliveryLine(e: InterviewEmailState, timeZone: string): string {
  switch (e.status) {
    case "sent":
      return "Delivered";
    case "pending":
      return "Sending…";
    case "retrying":
      return e.nextAttemptAt ? `Retrying, next try at ${formatShortDate(e.nextAttemptAt, timeZone)}, ${formatTime(e.nextAttemptAt, timeZone)}` : "Retrying";
    case "failed":
      return `Failed: ${e.lastError ?? "unknown error"}`;
    case "skipped":
      return "Not sent: e-mail is not set up";
  }
}

const rank: Record<InterviewEmailState["status"], number> = { failed: 4, retrying: 3, pending: 2, skipped: 1, sent: 0 };

/** The worst state among the latest e-mail to each person: what the list shows beside the interview. */
export function deliverySummary(emails: InterviewEmailState[]): { status: InterviewEmailState["status"]; email: InterviewEmailState } | null {
  const latest = new Map<string, InterviewEmailState>();
  for (const e of emails) latest.set(e.to, e);
  let worst: InterviewEmailState | null = null;
  for (const e of latest.values()) if (!worst || rank[e.status] > rank[worst.status]) worst = e;
  return worst ? { status: worst.status, email: worst } : null;
}

export const deliveryTone: Record<InterviewEmailState["status"], string> = {
  sent: "text-emerald-700",
  pending: "text-slate-600",
  skipped: "text-slate-600",
  retrying: "text-amber-700",
  failed: "text-red-700",
};
