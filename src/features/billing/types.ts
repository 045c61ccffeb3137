// Response shapes of the billing calls (part1 §3); the profile's are auth's (auth/profile-types.ts). Types only, so islands
// import them without pulling server code.

interface BillingPlan {
  productName: string | null;
  /** Minor units (cents). */
  amount: number | null;
  currency: string | null;
  /** "month", "year"… or null for a one-time purchase. */
  interval: string | null;
}

export interface BillingSubscription {
  /** "lifetime" for the one-time membership. */
  kind: "subscription" | "lifetime";
  /** The catalogue plan (starter, pro, enterprise, lifetime), when known. */
  planId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  trialStart: string | null;
  trialEnd: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  plan: BillingPlan;
  /** The receipt of a lifetime purchase. */
  receiptUrl: string | null;
}

interface BillingInvoice {
  id: string;
  number: string | null;
  status: string | null;
  created: string | null;
  paidAt: string | null;
  amount: number;
  currency: string;
  invoiceUrl: string | null;
}

export interface BillingResponse {
  /** False when the server has no STRIPE_SECRET_KEY: the gate never blocks. */
  enabled: boolean;
  hasSubscription: boolean;
  /** False once the account has had a free trial: a customer gets it once. */
  trialAvailable: boolean;
  subscription: BillingSubscription | null;
  invoices: BillingInvoice[];
  customer: { id: string; created: string | null } | null;
}
