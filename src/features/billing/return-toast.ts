import type { Toast } from "../../lib/render";

// The toast shown on the dashboard when the user comes back from Stripe's hosted pages
// (Checkout's success and cancel URLs, the portal's return URL). The island removes the
// parameter afterwards, so a reload does not show it again.
const TOASTS: Record<string, Toast> = {
  "checkout:success": { title: "Payment Successful", description: "Thank you! Your subscription is being activated.", variant: "success" },
  "checkout:cancelled": { title: "Checkout Canceled", description: "No payment was made. You can choose a plan at any time.", variant: "warning" },
  "portal:return": { title: "Billing Updated", description: "Changes made in the billing portal show in the Billing tab.", variant: "success" },
};

export function billingReturnToast(query: Record<string, unknown>): Toast | undefined {
  if (typeof query.checkout === "string") return TOASTS[`checkout:${query.checkout}`];
  if (typeof query.portal === "string") return TOASTS[`portal:${query.portal}`];
  return undefined;
}
