import { and, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { DB } from "../../db/client";
import { billingCustomers, billingInvoices, billingSubscriptions, stripeEvents } from "../../db/schema";
import type { InvoiceState, SubscriptionState } from "./stripe";

// The billing domain's SQL. Billing writes only its own tables: an account's Stripe ids are
// read from them (stripeIdsOfUser), never kept on users (docs/decisions/0021).

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type Db = DB | Tx;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;

/** Statuses that count as having a subscription (past_due still needs a payment, but exists). */
export const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

// ---- webhook events --------------------------------------------------------------------

export function eventProcessed(db: Db, eventId: string): boolean {
  return !!db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).get();
}

/**
 * Records the event id and applies its effect in one transaction. The id is the primary
 * key, so a second delivery (even a concurrent one) inserts nothing and changes nothing.
 * The callback is synchronous: bun:sqlite transactions only roll back synchronous work.
 */
export function applyEventOnce(db: DB, eventId: string, type: string, effect: (tx: Tx) => void): boolean {
  return db.transaction((tx) => {
    const inserted = tx.insert(stripeEvents).values({ id: eventId, type }).onConflictDoNothing().returning({ id: stripeEvents.id }).get();
    if (!inserted) return false;
    effect(tx);
    return true;
  });
}

// ---- customers -------------------------------------------------------------------------

export function findCustomer(db: Db, stripeCustomerId: string): CustomerRow | undefined {
  return db.select().from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, stripeCustomerId)).get();
}

function latestCustomerOfUser(db: Db, userId: number): CustomerRow | undefined {
  return db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).orderBy(desc(billingCustomers.id)).get();
}

/** Ties a Stripe customer to an account, with whatever arrived for it before the link. */
export function linkCustomer(db: Db, c: { stripeCustomerId: string; userId: number; workspaceId: number; email: string | null; created: Date | null }) {
  db.insert(billingCustomers)
    .values(c)
    .onConflictDoUpdate({
      target: billingCustomers.stripeCustomerId,
      set: { userId: c.userId, workspaceId: c.workspaceId, ...(c.email ? { email: c.email } : {}), ...(c.created ? { created: c.created } : {}), updatedAt: new Date() },
    })
    .run();
  const owner = { userId: c.userId, workspaceId: c.workspaceId };
  db.update(billingSubscriptions)
    .set(owner)
    .where(and(eq(billingSubscriptions.stripeCustomerId, c.stripeCustomerId), isNull(billingSubscriptions.userId)))
    .run();
  db.update(billingInvoices)
    .set(owner)
    .where(and(eq(billingInvoices.stripeCustomerId, c.stripeCustomerId), isNull(billingInvoices.userId)))
    .run();
}

// ---- subscriptions and invoices --------------------------------------------------------

export function upsertSubscription(db: Db, s: SubscriptionState) {
  const owner = findCustomer(db, s.stripeCustomerId);
  const values = { ...s, userId: owner?.userId ?? null, workspaceId: owner?.workspaceId ?? null, updatedAt: new Date() };
  const { stripeId: _, ...changes } = values;
  db.insert(billingSubscriptions).values(values).onConflictDoUpdate({ target: billingSubscriptions.stripeId, set: changes }).run();
  return owner?.userId ?? null;
}

export function upsertInvoice(db: Db, inv: InvoiceState) {
  const owner = findCustomer(db, inv.stripeCustomerId);
  const { subscriptionId: _s, ...row } = inv;
  const values = { ...row, userId: owner?.userId ?? null, workspaceId: owner?.workspaceId ?? null, updatedAt: new Date() };
  const { stripeInvoiceId: _i, ...changes } = values;
  db.insert(billingInvoices).values(values).onConflictDoUpdate({ target: billingInvoices.stripeInvoiceId, set: changes }).run();
  return owner?.userId ?? null;
}

export function subscriptionsOfUser(db: Db, userId: number): SubscriptionRow[] {
  return db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).all();
}

export function invoicesOfUser(db: Db, userId: number, limit = 24): InvoiceRow[] {
  return db.select().from(billingInvoices).where(eq(billingInvoices.userId, userId)).orderBy(desc(billingInvoices.created), desc(billingInvoices.id)).limit(limit).all();
}

/** The subscription the account is judged by: a live one first, then the newest. */
export function currentSubscription(rows: SubscriptionRow[]): SubscriptionRow | undefined {
  const rank = (r: SubscriptionRow) => (LIVE_STATUSES.has(r.status) ? 1 : 0);
  return [...rows].sort((a, b) => rank(b) - rank(a) || (b.created?.getTime() ?? 0) - (a.created?.getTime() ?? 0) || b.id - a.id)[0];
}

/** The free trial is given once: any earlier subscription of the account or its customer that had one. */
export function hadTrial(db: Db, userId: number, customerId: string | null): boolean {
  const own = or(eq(billingSubscriptions.userId, userId), customerId ? eq(billingSubscriptions.stripeCustomerId, customerId) : undefined);
  return !!db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(and(own, isNotNull(billingSubscriptions.trialStart)))
    .get();
}

/**
 * The account's Stripe ids as the API reports them (part1 §3): the customer of the subscription
 * the account is judged by, else the customer last linked to it; the subscription id only while
 * that subscription is live (a lifetime purchase is not a subscription).
 */
export function stripeIdsOfUser(db: Db, userId: number): { stripeCustomerId: string | null; stripeSubscriptionId: string | null } {
  const cur = currentSubscription(subscriptionsOfUser(db, userId));
  const live = cur && cur.kind === "subscription" && LIVE_STATUSES.has(cur.status) ? cur : undefined;
  const customerId = cur?.stripeCustomerId ?? latestCustomerOfUser(db, userId)?.stripeCustomerId ?? null;
  return { stripeCustomerId: customerId, stripeSubscriptionId: live?.stripeId ?? null };
}
