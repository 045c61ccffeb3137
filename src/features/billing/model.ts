import { z } from "zod";
import { PORTAL_FLOWS } from "./stripe-flows";

// Input and answer schemas of the billing calls.
export const CheckoutInput = z.object({
  plan: z.string({ error: "Plan is required" }).trim().min(1, "Plan is required").max(50, "Plan is required"),
});

export const PortalInput = z
  .object({ flow: z.enum(PORTAL_FLOWS, { error: "Unknown portal flow" }).optional() })
  .nullish()
  .transform((v) => v ?? {});

/** The pricing page's form: whatever plan was posted (an unknown one is "plan not available", not a field error). */
export const CheckoutForm = z.object({ plan: z.preprocess((v) => (typeof v === "string" ? v.slice(0, 50) : ""), z.string()) });

/** Query of the pricing page: the return from Stripe (?checkout=success|cancelled); anything odd is ignored. */
export const PricingQuery = z.object({ checkout: z.string().max(50).optional().catch(undefined) });

export const CheckoutAnswer = z.object({ url: z.string() });
export const PortalAnswer = z.object({ url: z.string() });
export const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });

// GET /api/auth/billing and the plan calls (part1 §3); the types islands use are in types.ts.
const BillingPlan = z.object({ productName: z.string().nullable(), amount: z.number().nullable(), currency: z.string().nullable(), interval: z.string().nullable() });
const BillingSubscription = z.object({
  kind: z.enum(["subscription", "lifetime"]),
  planId: z.string().nullable(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  trialStart: z.string().nullable(),
  trialEnd: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  plan: BillingPlan,
  receiptUrl: z.string().nullable(),
});
const BillingInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  created: z.string().nullable(),
  paidAt: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  invoiceUrl: z.string().nullable(),
});
export const BillingAnswer = z.object({
  enabled: z.boolean(),
  hasSubscription: z.boolean(),
  trialAvailable: z.boolean(),
  subscription: BillingSubscription.nullable(),
  invoices: z.array(BillingInvoice),
  customer: z.object({ id: z.string(), created: z.string().nullable() }).nullable(),
});
