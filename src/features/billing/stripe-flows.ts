// The customer portal flows the Billing tab opens (pure: shared by the island and the server).
export const PORTAL_FLOWS = ["payment_method_update", "subscription_cancel"] as const;
export type PortalFlow = (typeof PORTAL_FLOWS)[number];
