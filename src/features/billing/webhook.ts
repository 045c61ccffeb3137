import type Stripe from "stripe";
import type { BillingDeps } from "./needs";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { randomToken } from "../../lib/crypto";
import { createUser, findUserByEmail, findUserById, writePasswordLink } from "../auth/service";
import * as repo from "./repo";
import { recordEvent } from "../events/record";
import * as stripe from "./stripe";
import { PurchaseNoticeEmail } from "./emails/purchase-notice";

type Tx = Parameters<Parameters<Deps["db"]["transaction"]>[0]>[0];

/** What an event does: a synchronous write, e-mails included, run in the event's transaction (once per event). */
interface Effect {
  apply(tx: Tx): void;
}
const nothing: Effect = { apply() {} };

/** Clock skew allowed between Stripe and this server. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export const WELCOME_SUBJECT = "Welcome to Frank: set your password";
export const PURCHASE_NOTICE_SUBJECT = "A Frank purchase used your e-mail address";

/**
 * POST /api/stripe/webhook. The signature is checked on the raw body; every event is
 * applied once (its id is stored with the effect, in one transaction); and nothing is
 * trusted from the event but the id of the object, which is re-read from Stripe, so
 * events arriving late or out of order still leave the latest state.
 */
export async function handleWebhook(deps: BillingDeps, raw: string, signature: string | null): Promise<{ received: true; duplicate: boolean }> {
  const event = await stripe.verifyWebhook(deps, raw, signature);
  // An event from the future was not written by Stripe's clock: refused, not stored.
  if (event.created * 1000 > deps.clock.now().getTime() + FUTURE_TOLERANCE_MS) {
    throw new AppError("event_in_future", 400, "Event is dated in the future");
  }
  if (repo.eventProcessed(deps.db, event.id)) return { received: true, duplicate: true };
  let effect: Effect;
  try {
    effect = await effectOf(deps, event);
  } catch (e) {
    if (e instanceof AppError) throw e;
    deps.log.error("stripe webhook: reading from Stripe failed", { event: event.id, type: event.type, error: e instanceof Error ? e.message : String(e) });
    // Stripe retries a failed delivery later.
    throw new AppError("stripe_unavailable", 502, "Could not read the event's objects from Stripe; retry later");
  }
  const applied = repo.applyEventOnce(deps.db, event.id, event.type, (tx) => effect.apply(tx));
  return { received: true, duplicate: !applied };
}

async function effectOf(deps: BillingDeps, event: Stripe.Event): Promise<Effect> {
  const object = event.data.object as { id?: string };
  if (!object?.id) return nothing;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutCompleted(deps, object.id);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
    case "customer.subscription.trial_will_end":
      return subscriptionChanged(deps, object.id);
    case "invoice.paid":
    case "invoice.payment_failed":
    case "invoice.payment_succeeded":
    case "invoice.finalized":
      return invoiceChanged(deps, object.id);
    default:
      return nothing;
  }
}

async function subscriptionChanged(deps: BillingDeps, id: string): Promise<Effect> {
  const state = stripe.subscriptionState(await stripe.retrieveSubscription(deps, id));
  return {
    apply: (tx) => {
      repo.upsertSubscription(tx, state);
      // What Stripe changed (a checkout, the portal, a renewal that failed) is in the activity log.
      const owner = repo.findCustomer(tx, state.stripeCustomerId);
      if (owner?.workspaceId)
        recordEvent(deps, tx, {
          workspaceId: owner.workspaceId,
          actor: "system",
          subject: { type: "billing", id: null },
          kind: "billing.subscription_changed",
          summary: `${state.planId ?? state.productName ?? "plan"}: ${state.status}${state.cancelAtPeriodEnd ? ", cancels at period end" : ""}`,
          data: { status: state.status, planId: state.planId },
        });
    },
  };
}

async function invoiceChanged(deps: BillingDeps, id: string): Promise<Effect> {
  const inv = stripe.invoiceState(await stripe.retrieveInvoice(deps, id));
  const sub = inv.subscriptionId ? stripe.subscriptionState(await stripe.retrieveSubscription(deps, inv.subscriptionId)) : null;
  return {
    apply(tx) {
      repo.upsertInvoice(tx, inv);
      if (sub) repo.upsertSubscription(tx, sub);
    },
  };
}

/**
 * A paid checkout: find the account (the signed-in buyer, or the account the customer is
 * already linked to), or create one with its workspace and e-mail a link to set the
 * password (sign-up through payment). Then link the customer and store what was bought.
 * A signed-out buyer who types the e-mail of an existing account gets nothing linked to
 * it (anyone can type an address): its owner is told by e-mail instead.
 */
async function checkoutCompleted(deps: BillingDeps, id: string): Promise<Effect> {
  const session = await stripe.retrieveSession(deps, id);
  if (session.status !== "complete") return nothing;
  const customerId = stripe.idOf(session.customer);
  if (!customerId) {
    deps.log.info("stripe checkout without a customer", { session: session.id });
    return nothing;
  }
  const customer = await stripe.retrieveCustomer(deps, customerId);
  const live = "deleted" in customer && customer.deleted ? null : (customer as Stripe.Customer);
  const email = (session.customer_details?.email ?? live?.email ?? "").trim().toLowerCase();
  const name = session.customer_details?.name ?? live?.name ?? null;

  let bought: stripe.SubscriptionState | null = null;
  const subId = stripe.idOf(session.subscription);
  if (session.mode === "subscription" && subId) bought = stripe.subscriptionState(await stripe.retrieveSubscription(deps, subId));
  else if (session.mode === "payment" && session.payment_status !== "unpaid") bought = stripe.lifetimeState(session, customerId);
  // The invoice Checkout made for a one-time purchase is its receipt.
  const invoiceId = stripe.idOf(session.invoice);
  const receipt = bought && invoiceId ? stripe.invoiceState(await stripe.retrieveInvoice(deps, invoiceId)) : null;
  if (bought && receipt) bought.receiptUrl = receipt.invoiceUrl;

  const metaUser = Number(session.metadata?.userId ?? session.client_reference_id ?? 0);
  const linked = repo.findCustomer(deps.db, customerId)?.userId;
  let user = (metaUser ? findUserById(deps, metaUser) : undefined) ?? (linked ? findUserById(deps, linked) : undefined);
  let created = false;
  const owner = !user && email ? findUserByEmail(deps, email) : undefined;
  if (owner) {
    deps.log.info("signed-out checkout with an existing account's e-mail: not linked, owner notified", { session: session.id, userId: owner.id });
    return {
      // Written with the event: a repeated delivery of it sends nothing again.
      apply(tx) {
        deps.mail.enqueue(tx, {
          to: owner.email,
          subject: PURCHASE_NOTICE_SUBJECT,
          workspaceId: owner.workspaceId,
          email: PurchaseNoticeEmail({ name: owner.name, loginUrl: `${deps.config.APP_URL}/login` }),
        });
      },
    };
  }
  if (!user) {
    if (!email) {
      deps.log.info("stripe checkout without an e-mail: no account made", { session: session.id });
      return nothing;
    }
    try {
      // The buyer never sees this password: the welcome e-mail's link sets theirs.
      user = await createUser(deps, { email, password: randomToken(24), name });
      created = true;
    } catch (e) {
      // A concurrent delivery of the same event made it first.
      user = findUserByEmail(deps, email);
      if (!user) throw e;
    }
  }
  const account = user;
  return {
    apply(tx) {
      repo.linkCustomer(tx, {
        stripeCustomerId: customerId,
        userId: account.id,
        workspaceId: account.workspaceId,
        email: email || null,
        created: live ? new Date(live.created * 1000) : null,
      });
      if (bought) repo.upsertSubscription(tx, bought);
      if (receipt) repo.upsertInvoice(tx, receipt);
      // The new account's link to set its password commits with the event (sent once).
      if (created) {
        writePasswordLink(deps, tx, account, WELCOME_SUBJECT, true);
        deps.log.info("account created through payment", { userId: account.id });
      }
    },
  };
}
