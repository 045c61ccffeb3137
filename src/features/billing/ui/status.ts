// Display rules of the Billing tab (part1 §4), pure so tests and the island share them.
import type { BillingSubscription } from "../types";
import { formatDate as formatDay } from "../../../lib/when";

export type TabId = "profile" | "billing" | "plans" | "media";
export const TABS: { id: TabId; label: string }[] = [
  { id: "profile", label: "Profile" },
  { id: "billing", label: "Billing" },
  { id: "plans", label: "Plans" },
  { id: "media", label: "Media" },
];

export const SUBSCRIPTION_REQUIRED = { title: "Subscription Required", description: "Please subscribe to a plan to access the application." };

/** active: default badge; past_due: Payment Required (destructive); trialing; others capitalised. */
export function statusBadge(status: string): { label: string; className: string } {
  if (status === "active") return { label: "Active", className: "badge-default" };
  if (status === "past_due") return { label: "Payment Required", className: "badge-destructive" };
  if (status === "trialing") return { label: "Trialing", className: "badge-success" };
  const words = status.replace(/_/g, " ");
  return { label: words.charAt(0).toUpperCase() + words.slice(1), className: "badge-secondary" };
}

/** The trial box shows for trialing or past_due with a trial end. */
export function trialBox(sub: BillingSubscription | null): "active" | "expired" | null {
  if (!sub?.trialEnd) return null;
  if (sub.status === "trialing") return "active";
  if (sub.status === "past_due") return "expired";
  return null;
}

/** Initial tab on opening: Profile if a subscription exists, otherwise Billing; an explicit tab wins. */
export function initialTab(hint: string | null | undefined, subscribed: boolean): TabId {
  if (hint === "billing" || hint === "plans" || hint === "media") return hint;
  return subscribed ? "profile" : "billing";
}

/**
 * The past_due trial box's message. The trial's end is named only once it has passed: a
 * subscription can fall past due while its planned trial end is still ahead (the trial ended
 * early), and "expired on" a later date would be false.
 */
export function trialExpiredMessage(trialEnd: string | null | undefined, timeZone: string, now: number = Date.now()): string {
  const end = trialEnd ? Date.parse(trialEnd) : NaN;
  const when = Number.isFinite(end) && end <= now ? ` on ${formatDate(trialEnd, timeZone)}` : "";
  return `Your free trial expired${when}. Update your payment method to keep using Frank.`;
}

/** A billing date as the member reads it: the day in their zone, the house's one style (decision 50). */
export function formatDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "–";
  return formatDay(iso, timeZone);
}
