import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";

// Billing state mirrored from Stripe, and the only place Stripe ids are kept (an account's
// customer and live subscription are read from here; users holds none, docs/decisions/0021).
// Rows are keyed by Stripe ids, and user_id / workspace_id are null until the Stripe
// customer is linked to an account (a sign-up through payment may deliver the
// subscription events before the completed checkout that creates the account).
const ms = (name: string) => integer(name, { mode: "timestamp_ms" });
const updatedAt = () =>
  ms("updated_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stripeCustomerId: text("stripe_customer_id").notNull().unique(),
    // Not unique: buying from the pricing page while signed out makes a new customer.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    workspaceId: integer("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    email: text("email"),
    // When the customer was created at Stripe.
    created: ms("created"),
    updatedAt: updatedAt(),
  },
  (t) => [index("billing_customers_workspace_idx").on(t.workspaceId), index("billing_customers_user_idx").on(t.userId)],
);

export const billingSubscriptions = sqliteTable(
  "billing_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // sub_… for subscriptions; the Checkout Session id (cs_…) for a lifetime purchase.
    stripeId: text("stripe_id").notNull().unique(),
    kind: text("kind", { enum: ["subscription", "lifetime"] }).notNull(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    workspaceId: integer("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    planId: text("plan_id"),
    status: text("status").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    trialStart: ms("trial_start"),
    trialEnd: ms("trial_end"),
    currentPeriodStart: ms("current_period_start"),
    currentPeriodEnd: ms("current_period_end"),
    productName: text("product_name"),
    amount: integer("amount"),
    currency: text("currency"),
    interval: text("interval"),
    // The lifetime purchase's receipt (the hosted page of the invoice Checkout made for it).
    receiptUrl: text("receipt_url"),
    // Stripe's creation time, to pick the newest when a customer has several.
    created: ms("created"),
    updatedAt: updatedAt(),
  },
  (t) => [index("billing_subscriptions_user_idx").on(t.userId), index("billing_subscriptions_customer_idx").on(t.stripeCustomerId), index("billing_subscriptions_workspace_idx").on(t.workspaceId)],
);

export const billingInvoices = sqliteTable(
  "billing_invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stripeInvoiceId: text("stripe_invoice_id").notNull().unique(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    workspaceId: integer("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    number: text("number"),
    status: text("status"),
    created: ms("created"),
    paidAt: ms("paid_at"),
    amount: integer("amount").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    invoiceUrl: text("invoice_url"),
    updatedAt: updatedAt(),
  },
  (t) => [index("billing_invoices_user_idx").on(t.userId), index("billing_invoices_customer_idx").on(t.stripeCustomerId)],
);

// Each webhook event is applied once: its id is inserted in the same transaction as its effect.
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: ms("processed_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
