// A fake Stripe API on 127.0.0.1 for tests: the real `stripe` SDK reaches it through
// STRIPE_API_BASE. It keeps customers, prices, Checkout Sessions, subscriptions and
// invoices in memory, serves a tiny hosted checkout page, and builds (and can deliver)
// webhook events signed with the SDK's own generateTestHeaderStringAsync.
//
//   bun test: const stripe = await startFakeStripe(); … stripe.completeCheckout(id) …
//   e2e:      bun test/fakes/stripe.ts  (prints FAKE_STRIPE_URL=…; driven over /_fake/*)
import Stripe from "stripe";
import { parseStripeForm } from "./stripe-form";

type Obj = Record<string, any>;
const DAY = 86_400;

export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; params: Obj }[];
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Customer portal sessions, in creation order. */
  portalSessions: Obj[];
  /** Unix seconds the fake treats as now. */
  now: () => number;
  setNow(unixSeconds: number | null): void;
  /** Pays a Checkout Session: makes the customer, subscription (trialing for a trial) or payment, and an invoice. */
  completeCheckout(sessionId: string, opts?: { email?: string; name?: string }): { session: Obj; subscription?: Obj; invoice?: Obj; events: Obj[] };
  /** Changes a subscription and returns the customer.subscription.updated (or deleted) event. */
  updateSubscription(id: string, patch: Obj): Obj;
  /** A new invoice for the subscription, paid or failed, and its event. */
  invoiceFor(subscriptionId: string, paid: boolean): Obj;
  event(type: string, object: Obj): Obj;
  sign(event: Obj, secret: string): Promise<{ payload: string; header: string }>;
  /** Signs and POSTs events to the configured webhook URL; returns the status codes. */
  deliver(events: Obj[]): Promise<number[]>;
  configure(opts: { webhookUrl?: string; webhookSecret?: string }): void;
  /** While on, every API request hangs (no answer at all) until the client gives up; e2e: POST /_fake/hang {"on": true}. */
  hang(on: boolean): void;
  stop(): void;
}

let seq = 0;
const newId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++seq).toString(36)}`;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const notFound = (what: string, id: string) => Response.json({ error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } }, { status: 404 });

export async function startFakeStripe(opts: { port?: number; webhookUrl?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  let config = { webhookUrl: opts.webhookUrl, webhookSecret: opts.webhookSecret };
  let fixedNow: number | null = null;
  const sdk = new Stripe("sk_test_fake_signer");
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const requests: FakeStripe["requests"] = [];
  const portalSessions: Obj[] = [];
  const now = () => fixedNow ?? Math.floor(Date.now() / 1000);

  function createCustomer(p: Obj) {
    const c = { id: newId("cus"), object: "customer", email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {}, created: now() };
    customers.set(c.id, c);
    return c;
  }

  function createPrice(p: Obj) {
    const product = { id: newId("prod"), object: "product", name: p.product_data?.name ?? "Product", metadata: p.product_data?.metadata ?? {} };
    products.set(product.id, product);
    const price = {
      id: newId("price"),
      object: "price",
      active: true,
      currency: p.currency,
      unit_amount: Number(p.unit_amount),
      lookup_key: p.lookup_key ?? null,
      recurring: p.recurring ? { interval: p.recurring.interval, interval_count: 1 } : null,
      type: p.recurring ? "recurring" : "one_time",
      product: product.id,
      metadata: p.metadata ?? {},
    };
    prices.set(price.id, price);
    return price;
  }

  function expandedSubscription(sub: Obj) {
    const s = clone(sub);
    for (const item of s.items.data) item.price = { ...item.price, product: products.get(item.price.product) ?? item.price.product };
    return s;
  }

  function event(type: string, object: Obj) {
    return { id: newId("evt"), object: "event", api_version: "2026-10-28.endive", created: now(), livemode: false, type, data: { object: clone(object) } };
  }

  function newInvoice(sub: Obj, paid: boolean, amount: number) {
    const inv = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      number: `FAKE-${String(invoices.size + 1).padStart(4, "0")}`,
      status: paid ? "paid" : "open",
      created: now(),
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "usd",
      hosted_invoice_url: `${base}/invoice/${invoices.size + 1}`,
      status_transitions: { paid_at: paid ? now() : null },
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    };
    invoices.set(inv.id, inv);
    return inv;
  }

  function completeCheckout(sessionId: string, o: { email?: string; name?: string } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    let customer = session.customer ? customers.get(session.customer) : undefined;
    if (!customer) customer = createCustomer({ email: o.email ?? "buyer@example.com", name: o.name ?? null });
    session.customer = customer.id;
    session.customer_details = { email: o.email ?? customer.email, name: o.name ?? customer.name };
    session.status = "complete";
    const price = prices.get(session.line_items[0].price)!;
    const events: Obj[] = [];
    let subscription: Obj | undefined;
    let invoice: Obj | undefined;
    if (session.mode === "subscription") {
      const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
      const start = now();
      const end = trialDays ? start + trialDays * DAY : start + 30 * DAY;
      subscription = {
        id: newId("sub"),
        object: "subscription",
        customer: customer.id,
        status: trialDays ? "trialing" : "active",
        cancel_at_period_end: false,
        trial_start: trialDays ? start : null,
        trial_end: trialDays ? end : null,
        created: start,
        metadata: session.subscription_data?.metadata ?? {},
        items: { object: "list", data: [{ id: newId("si"), object: "subscription_item", quantity: 1, price: clone(price), current_period_start: start, current_period_end: end }] },
      };
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
      session.payment_status = trialDays ? "no_payment_required" : "paid";
      invoice = newInvoice(subscription, true, trialDays ? 0 : price.unit_amount);
      events.push(event("customer.subscription.created", subscription), event("invoice.paid", invoice));
    } else {
      session.payment_status = "paid";
      session.amount_total = price.unit_amount;
      session.currency = price.currency;
      if (String(session.invoice_creation?.enabled) === "true") {
        invoice = newInvoice({ id: null, customer: customer.id }, true, price.unit_amount);
        invoice.parent = null;
        session.invoice = invoice.id;
        events.push(event("invoice.paid", invoice));
      }
    }
    events.push(event("checkout.session.completed", session));
    return { session, subscription, invoice, events };
  }

  function updateSubscription(id: string, patch: Obj) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    Object.assign(sub, patch);
    return event(sub.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", sub);
  }

  // POST /v1/subscriptions/:id: a price change (items[0][price], prorated) or cancel_at_period_end.
  function applySubscriptionUpdate(sub: Obj, params: Obj) {
    if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = String(params.cancel_at_period_end) === "true";
    if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
    if (params.proration_behavior) sub.proration_behavior = params.proration_behavior;
    for (const change of (params.items ?? []) as Obj[]) {
      const item = sub.items.data.find((i: Obj) => i.id === change.id) ?? sub.items.data[0];
      const price = prices.get(change.price);
      if (item && price) item.price = clone(price);
    }
  }

  function invoiceFor(subscriptionId: string, paid: boolean) {
    const sub = subscriptions.get(subscriptionId)!;
    const inv = newInvoice(sub, paid, sub.items.data[0].price.unit_amount);
    return event(paid ? "invoice.paid" : "invoice.payment_failed", inv);
  }

  async function sign(ev: Obj, secret: string) {
    const payload = JSON.stringify(ev);
    return { payload, header: await sdk.webhooks.generateTestHeaderStringAsync({ payload, secret }) };
  }

  async function deliver(events: Obj[]) {
    if (!config.webhookUrl || !config.webhookSecret) throw new Error("fake stripe: no webhook configured");
    const codes: number[] = [];
    for (const ev of events) {
      const { payload, header } = await sign(ev, config.webhookSecret);
      const res = await fetch(config.webhookUrl, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": header } });
      codes.push(res.status);
    }
    return codes;
  }

  let hanging = false;

  async function api(req: Request, url: URL): Promise<Response> {
    if (hanging) {
      requests.push({ method: req.method, path: url.pathname, params: { hanging: true } });
      await new Promise<void>((resolve) => (req.signal.aborted ? resolve() : req.signal.addEventListener("abort", () => resolve(), { once: true })));
      return new Response(null, { status: 499 });
    }
    const params = req.method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(await req.text());
    requests.push({ method: req.method, path: url.pathname, params });
    const [, , kind, id, sub] = url.pathname.split("/"); // /v1/<kind>/<id>
    const key = kind === "checkout" ? `checkout/${id}` : kind;
    const objId = kind === "checkout" ? sub : id;
    if (key === "customers" && req.method === "POST" && !objId) return Response.json(createCustomer(params));
    if (key === "customers" && objId) return customers.has(objId) ? Response.json(customers.get(objId)) : notFound("customer", objId);
    if (key === "prices" && req.method === "POST") return Response.json(createPrice(params));
    if (key === "prices") {
      const keys: string[] = params.lookup_keys ?? [];
      const data = [...prices.values()].filter((p) => !keys.length || keys.includes(p.lookup_key));
      return Response.json({ object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (key === "checkout/sessions" && req.method === "POST" && !objId) {
      const s = {
        ...params,
        id: newId("cs"),
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        customer: params.customer ?? null,
        subscription: null,
        created: now(),
        amount_total: prices.get(params.line_items?.[0]?.price)?.unit_amount ?? null,
        currency: "usd",
      } as Obj;
      s.url = `${base}/checkout/${s.id}`;
      sessions.set(s.id, s);
      return Response.json(s);
    }
    if (key === "checkout/sessions" && !objId && req.method === "GET") {
      const data = [...sessions.values()].filter((x) => (!params.customer || x.customer === params.customer) && (!params.status || x.status === params.status));
      return Response.json({ object: "list", data, has_more: false, url: "/v1/checkout/sessions" });
    }
    if (key === "checkout/sessions" && objId && url.pathname.endsWith("/expire") && req.method === "POST") {
      const s = sessions.get(objId);
      if (!s) return notFound("checkout.session", objId);
      if (s.status !== "open") return Response.json({ error: { type: "invalid_request_error", message: "Only open sessions can be expired." } }, { status: 400 });
      s.status = "expired";
      return Response.json(s);
    }
    if (key === "checkout/sessions" && objId) return sessions.has(objId) ? Response.json(sessions.get(objId)) : notFound("checkout.session", objId);
    if (key === "subscriptions" && objId && req.method === "POST") {
      const sub = subscriptions.get(objId);
      if (!sub) return notFound("subscription", objId);
      applySubscriptionUpdate(sub, params);
      return Response.json(expandedSubscription(sub));
    }
    if (key === "subscriptions" && !objId) {
      const data = [...subscriptions.values()].filter((x) => !params.customer || x.customer === params.customer).map(expandedSubscription);
      return Response.json({ object: "list", data, has_more: false, url: "/v1/subscriptions" });
    }
    if (kind === "billing_portal" && id === "sessions" && req.method === "POST") {
      if (!params.customer || !customers.has(params.customer)) return notFound("customer", String(params.customer));
      const ps = { id: newId("bps"), object: "billing_portal.session", customer: params.customer, return_url: params.return_url ?? null, flow: params.flow_data ?? null, created: now() } as Obj;
      ps.url = `${base}/portal/${ps.id}`;
      portalSessions.push(ps);
      return Response.json(ps);
    }
    if (key === "subscriptions" && objId) return subscriptions.has(objId) ? Response.json(expandedSubscription(subscriptions.get(objId)!)) : notFound("subscription", objId);
    if (key === "invoices" && objId) return invoices.has(objId) ? Response.json(invoices.get(objId)) : notFound("invoice", objId);
    return Response.json({ error: { type: "invalid_request_error", message: `fake stripe: ${req.method} ${url.pathname} not implemented` } }, { status: 404 });
  }

  // The hosted checkout page and the /_fake control routes used by the browser tests.
  async function hosted(req: Request, url: URL): Promise<Response> {
    const [, first, id, action] = url.pathname.split("/");
    if (first === "checkout" && req.method === "GET" && id && sessions.has(id)) {
      const s = sessions.get(id)!;
      const email = s.customer ? (customers.get(s.customer)?.email ?? "") : "";
      return new Response(
        `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1><p data-mode="${s.mode}">${s.metadata?.plan ?? ""}</p>` +
          `<form method="post" action="/checkout/${id}/pay"><label>Email <input name="email" value="${email}"></label><button>Pay</button></form>`,
        { headers: { "content-type": "text/html" } },
      );
    }
    if (first === "checkout" && action === "pay" && req.method === "POST" && id && sessions.get(id)?.status === "expired") {
      return new Response("This Checkout Session has expired.", { status: 410, headers: { "content-type": "text/plain" } });
    }
    if (first === "checkout" && action === "pay" && req.method === "POST" && id && sessions.has(id)) {
      const form = parseStripeForm(await req.text());
      const done = completeCheckout(id, { email: form.email || undefined });
      await deliver(done.events);
      return new Response(null, { status: 303, headers: { location: done.session.success_url } });
    }
    if (first === "_fake" && id === "hang" && req.method === "POST") {
      hanging = !!((await req.json()) as Obj).on;
      return Response.json({ hanging });
    }
    if (first === "_fake" && id === "state") return Response.json({ customers: [...customers.values()], sessions: [...sessions.values()], subscriptions: [...subscriptions.values()] });
    if (first === "_fake" && id === "subscriptions" && action && req.method === "POST") {
      const patch = (await req.json()) as Obj;
      const codes = await deliver([updateSubscription(action, patch)]);
      return Response.json({ codes });
    }
    if (first === "portal" && id) {
      const ps = portalSessions.find((p) => p.id === id);
      if (!ps) return new Response("not found", { status: 404 });
      return new Response(`<!doctype html><title>Fake Stripe Portal</title><h1>Fake Stripe Portal</h1><a href="${ps.return_url}">Return to Frank</a>`, {
        headers: { "content-type": "text/html" },
      });
    }
    if (first === "invoice") return new Response("Fake hosted invoice", { headers: { "content-type": "text/plain" } });
    return new Response("not found", { status: 404 });
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: opts.port ?? 0,
    // A hanging answer lasts as long as the client waits (Bun's default closes idle sockets after 10 s).
    idleTimeout: 0,
    fetch(req) {
      const url = new URL(req.url);
      return url.pathname.startsWith("/v1/") ? api(req, url) : hosted(req, url);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;

  return {
    url: base,
    requests,
    customers,
    prices,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    now,
    setNow: (t) => (fixedNow = t),
    completeCheckout,
    updateSubscription,
    invoiceFor,
    event,
    sign,
    deliver,
    configure: (o) => (config = { ...config, ...o }),
    hang: (on) => (hanging = on),
    stop: () => server.stop(true),
  };
}

if (import.meta.main) {
  const fake = await startFakeStripe({
    port: Number(process.env.FAKE_STRIPE_PORT ?? 0),
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET,
  });
  console.log(`FAKE_STRIPE_URL=${fake.url}`);
}
