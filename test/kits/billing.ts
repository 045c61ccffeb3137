// Shared set-up of the billing API tests: an app whose Stripe SDK talks to the fake.
import { afterAll } from "bun:test";
import { makeTestApp, type TestApp } from "../helpers";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe";

const WEBHOOK_SECRET = "whsec_test_secret";

export async function billingTestApp(): Promise<{
  t: TestApp;
  stripe: FakeStripe;
  post(ev: object, secret?: string): Promise<Response>;
  checkout(cookie: string | undefined, plan: string): Promise<Response>;
}> {
  const stripe = await startFakeStripe();
  afterAll(() => stripe.stop());
  const t = makeTestApp({ STRIPE_SECRET_KEY: "sk_test_frank", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
  return {
    t,
    stripe,
    async post(ev, secret = WEBHOOK_SECRET) {
      const { payload, header } = await stripe.sign(ev, secret);
      return t.request("/api/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": header, "content-type": "application/json" } });
    },
    checkout: (cookie, plan) => t.request("/api/billing/checkout", { json: { plan }, cookie }),
  };
}

/** The Checkout Session id at the end of a checkout URL from the fake. */
export const sessionIdOf = (url: string) => url.split("/").pop()!;
