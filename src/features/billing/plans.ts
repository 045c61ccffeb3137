// The plan catalogue (part1 §3, §9), fixed in the code and shared by the server (Checkout
// prices) and the client (Plans tab, pricing page). Pure module: no server imports.

type PlanId = "starter" | "pro" | "enterprise" | "lifetime";

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Whole US dollars. */
  price: number;
  /** "month" for subscriptions, null for the one-time lifetime membership. */
  interval: "month" | null;
  /** Monthly LinkedIn media allowance in dollars (0: none). */
  mediaPrice: number;
  features: string[];
  popular: boolean;
  buttonText: string;
  /** Free trial in days (Starter only). */
  trialDays: number;
  /** The Stripe Price lookup key; the price is created with it when missing. */
  lookupKey: string;
}

// The spec gives no lifetime price; this one is ours (see docs/decisions).
const LIFETIME_PRICE = 4997;

export const PLANS: Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For recruiters filling a few roles at a time.",
    price: 97,
    interval: "month",
    mediaPrice: 500,
    features: [
      "AI recruiting assistant (Beta 2.0)",
      "Prequalification and assessment chatbots",
      "Interview scheduling with Google Calendar",
      "$500 LinkedIn media allowance",
      "Confirmed interviews: $3 per candidate",
    ],
    popular: true,
    buttonText: "Start 7-Day Free Trial",
    trialDays: 7,
    lookupKey: "frank_starter_monthly_usd",
  },
  {
    id: "pro",
    name: "Pro",
    description: "For growing teams hiring every month.",
    price: 297,
    interval: "month",
    mediaPrice: 1500,
    features: ["Everything in Starter", "$1,500 LinkedIn media allowance", "Priority support"],
    popular: false,
    buttonText: "Choose Pro",
    trialDays: 0,
    lookupKey: "frank_pro_monthly_usd",
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "For agencies and high-volume hiring.",
    price: 2970,
    interval: "month",
    mediaPrice: 5500,
    features: ["Everything in Pro", "$5,500 LinkedIn media allowance", "Dedicated account manager"],
    popular: false,
    buttonText: "Choose Enterprise",
    trialDays: 0,
    lookupKey: "frank_enterprise_monthly_usd",
  },
  {
    id: "lifetime",
    name: "Lifetime Membership",
    description: "Pay once, use Frank for good.",
    price: LIFETIME_PRICE,
    interval: null,
    mediaPrice: 0,
    features: ["Everything in Starter, for life", "One-time payment", "No monthly fee"],
    popular: false,
    buttonText: "Buy Lifetime Membership",
    trialDays: 0,
    lookupKey: "frank_lifetime_usd",
  },
];

export const MEDIA_ADDONS = [250, 500, 1000];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function planNotAvailable(plan: string) {
  return { title: "Plan Not Available", description: `The ${plan} plan is not currently available.` };
}

/** "$2,970" */
export function dollars(n: number): string {
  return "$" + n.toLocaleString("en-US");
}

/** Minor units to "$97.00" (part1 §2: amount divided by 100). */
export function money(minor: number | null | undefined, currency = "usd"): string {
  const v = (minor ?? 0) / 100;
  const symbol = currency.toLowerCase() === "usd" ? "$" : currency.toUpperCase() + " ";
  return symbol + v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
