import type { Deps } from "../../deps";
import type { EventRecorder } from "../../lib/event-recorder";
import { BackoffLimiter, RateLimiter, limitSpace } from "../../lib/rate-limit";
import type { UserRow } from "./repo";
import { API_KEY_REQUESTS_PER_MINUTE, BAD_KEY_ATTEMPTS_PER_MINUTE } from "./api-keys";
import { EMAIL_MAX_DELAY_MS, FORGOT_LIMIT_PER_IP, LOGIN_WINDOW_MS } from "./service";

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
type StripeIdsReader = (userId: number) => StripeIds;

/**
 * What auth needs of features above it, handed over by the composition root (app.ts): the event
 * recorder (sign-ins, API keys, site settings go to the one event record, whose webhook
 * deliveries lead to the webhooks feature, which is above auth) and billing's Stripe ids.
 */
export interface AuthNeeds {
  recordEvent: EventRecorder;
  stripeIds: StripeIdsReader;
}

/** The sign-in and reset limits of one app (counted across its web processes). */
function signInLimits(deps: Deps) {
  const now = () => deps.clock.now().getTime();
  return {
    // Every attempt from one address.
    ip: new RateLimiter(deps.config.LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_MS, now, limitSpace(deps, "sign-in.ip")),
    // Failures against one account from one address: a strict limit.
    pair: new RateLimiter(deps.config.LOGIN_LIMIT_PER_EMAIL, LOGIN_WINDOW_MS, now, limitSpace(deps, "sign-in.pair")),
    // Failures against one account from anywhere: a growing delay, never a lock-out, so
    // an attacker cannot keep the owner out by failing on purpose.
    email: new BackoffLimiter(deps.config.LOGIN_LIMIT_PER_EMAIL, EMAIL_MAX_DELAY_MS, LOGIN_WINDOW_MS, now, limitSpace(deps, "sign-in.email")),
    forgot: new RateLimiter(5, LOGIN_WINDOW_MS, now, limitSpace(deps, "sign-in.forgot")),
    forgotIp: new RateLimiter(FORGOT_LIMIT_PER_IP, LOGIN_WINDOW_MS, now, limitSpace(deps, "sign-in.forgotIp")),
  };
}

/** An API key's rate, and bad keys from one address. */
function keyLimits(deps: Deps) {
  const now = () => deps.clock.now().getTime();
  return {
    perKey: new RateLimiter(API_KEY_REQUESTS_PER_MINUTE, 60_000, now, limitSpace(deps, "api-key")),
    badPerIp: new RateLimiter(BAD_KEY_ATTEMPTS_PER_MINUTE, 60_000, now, limitSpace(deps, "api-key.bad")),
  };
}

/** The infrastructure, auth's needs, and what auth keeps for the life of the app. */
export type AuthDeps = Deps & AuthNeeds & { limits: ReturnType<typeof signInLimits>; keyLimits: ReturnType<typeof keyLimits> };

export function authDeps(deps: Deps, needs: AuthNeeds): AuthDeps {
  return { ...deps, ...needs, limits: signInLimits(deps), keyLimits: keyLimits(deps) };
}
