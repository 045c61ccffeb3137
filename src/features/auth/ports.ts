// What auth needs of features that depend on it (every feature uses its guard), so auth may not
// import them: billing's subscription gate and Stripe ids, and the event recorder (whose webhook
// jobs lead to the webhooks feature, which uses the guard). app.ts wires them (decision 0029).
import type { Tx } from "../../db/tx";
import { Ports } from "../../lib/ports";
import type { recordEvent } from "../events/record";
import type { UserRow } from "./repo";

/**
 * The subscription gate (part1 §4, §6), kept by the server. Billing decides who may pass and
 * what a refused page shows.
 */
export interface AccessGate {
  allows(user: UserRow): boolean;
  /** The page a refused HTML request gets (status 402, with the profile dialog open). */
  refusedPage(user: UserRow, request: Request): Response;
}

/** The Stripe ids GET /api/auth/me and the profile report (part1 §3): billing's tables hold them. */
export interface StripeIds {
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}
export type StripeIdsReader = (userId: number) => StripeIds;

export interface AuthPorts {
  stripeIds: StripeIdsReader;
  recordEvent: typeof recordEvent;
}

export const authPorts = new Ports<AuthPorts>("auth", ["stripeIds", "recordEvent"]);
