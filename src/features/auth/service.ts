import type { Deps } from "../../deps";
import { AppError, tooManyRequests, unauthorized } from "../../lib/errors";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { RateLimiter } from "../../lib/rate-limit";
import * as repo from "./repo";
import type { CurrentUser } from "./model";
import { ResetPasswordEmail } from "./emails/reset-password";
import { tryWrite } from "../../db/busy";

export const SESSION_COOKIE = "frank_session";
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const IDLE_SESSION_MS = 12 * 60 * 60 * 1000;
export const RESET_TOKEN_MS = 60 * 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

// A hash to verify against when the e-mail is unknown, so both answers take as long.
let dummyHash: Promise<string> | null = null;

const limits = new WeakMap<Deps, { ip: RateLimiter; email: RateLimiter; forgot: RateLimiter }>();
function limitsFor(deps: Deps) {
  let l = limits.get(deps);
  if (!l) {
    const now = () => deps.clock.now().getTime();
    l = {
      ip: new RateLimiter(deps.config.LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_MS, now),
      email: new RateLimiter(deps.config.LOGIN_LIMIT_PER_EMAIL, LOGIN_WINDOW_MS, now),
      forgot: new RateLimiter(5, LOGIN_WINDOW_MS, now),
    };
    limits.set(deps, l);
  }
  return l;
}

export interface SignedIn {
  user: repo.UserRow;
  sessionId: number;
}

export interface NewSession {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

export function toCurrentUser(u: repo.UserRow): CurrentUser {
  return { name: u.name, email: u.email, stripeCustomerId: u.stripeCustomerId, stripeSubscriptionId: u.stripeSubscriptionId };
}

function startSession(deps: Deps, userId: number, persistent: boolean): NewSession {
  const token = randomToken(32);
  const expiresAt = new Date(deps.clock.now().getTime() + (persistent ? REMEMBER_ME_MS : IDLE_SESSION_MS));
  repo.insertSession(deps.db, { userId, tokenHash: sha256(token), persistent, expiresAt });
  return { token, persistent, expiresAt };
}

/**
 * Checks e-mail and password. Limited per IP (all attempts) and per e-mail (failures);
 * a success clears the e-mail's count. Every login gets a new session token.
 */
export async function login(deps: Deps, input: { email: string; password: string; rememberMe: boolean }, ip: string): Promise<{ session: NewSession; user: repo.UserRow }> {
  const l = limitsFor(deps);
  const email = input.email.toLowerCase();
  const byIp = l.ip.hit(ip);
  if (!byIp.ok) throw tooManyRequests(byIp.retryAfter);
  const byEmail = l.email.check(email);
  if (!byEmail.ok) throw tooManyRequests(byEmail.retryAfter);

  const user = repo.findUserByEmail(deps.db, email);
  dummyHash ??= hashPassword(randomToken(16));
  const ok = await verifyPassword(input.password, user?.password ?? (await dummyHash));
  if (!user || !ok) {
    l.email.hit(email);
    throw new AppError("invalid_credentials", 401, "Invalid email or password. Please try again.");
  }
  l.email.reset(email);
  return { session: startSession(deps, user.id, input.rememberMe), user };
}

/** Signs in the demo account (demo mode only; elsewhere the route does not exist). */
export function demoLogin(deps: Deps, email?: string): { session: NewSession; user: repo.UserRow } {
  const user = repo.findUserByEmail(deps.db, email ?? DEMO_EMAIL) ?? repo.findUserByEmail(deps.db, DEMO_EMAIL);
  if (!user) throw new AppError("not_found", 404, "Demo account not found");
  return { session: startSession(deps, user.id, false), user };
}

export const DEMO_EMAIL = "demo@frank.local";
export const DEMO_PASSWORD = "demo-password";

/** The signed-in user for a session cookie, or null. Browser-session logins slide their 12-hour idle expiry. */
export function sessionUser(deps: Deps, token: string | undefined | null): SignedIn | null {
  if (!token || token.length > 200) return null;
  const row = repo.findSessionWithUser(deps.db, sha256(token));
  if (!row) return null;
  const now = deps.clock.now().getTime();
  // Both writes are housekeeping: while another process holds the write lock they wait for
  // a later request rather than hold this one (src/db/busy.ts).
  if (row.session.expiresAt.getTime() <= now) {
    tryWrite(() => repo.deleteSessionById(deps.db, row.session.id));
    return null;
  }
  // Write at most once a minute per session.
  if (!row.session.persistent && row.session.expiresAt.getTime() - now < IDLE_SESSION_MS - 60_000) {
    tryWrite(() => repo.extendSession(deps.db, row.session.id, new Date(now + IDLE_SESSION_MS)));
  }
  return { user: row.user, sessionId: row.session.id };
}

export function requireSessionUser(deps: Deps, token: string | undefined | null): SignedIn {
  const me = sessionUser(deps, token);
  if (!me) throw unauthorized();
  return me;
}

export function logout(deps: Deps, token: string | undefined | null) {
  if (token) repo.deleteSessionByHash(deps.db, sha256(token));
}

/** Creates an account and its workspace (CLI, demo seed, sign-up through payment). */
export async function createUser(deps: Deps, input: { email: string; password: string; name?: string | null; workspaceName?: string }) {
  if (repo.findUserByEmail(deps.db, input.email)) throw new AppError("conflict", 409, "An account with this email already exists");
  const passwordHash = await hashPassword(input.password);
  return repo.insertUserWithWorkspace(deps.db, {
    email: input.email,
    passwordHash,
    name: input.name ?? null,
    workspaceName: input.workspaceName ?? (input.name ? `${input.name}'s workspace` : input.email),
  });
}

export function findUserByEmail(deps: Deps, email: string) {
  return repo.findUserByEmail(deps.db, email);
}

export function findUserById(deps: Deps, id: number) {
  return repo.findUserById(deps.db, id);
}

/**
 * E-mails a reset link when the account exists. The answer is the same either way,
 * so the call does not tell who has an account. The link is built from APP_URL only.
 */
export async function forgotPassword(deps: Deps, email: string, ip: string, subject = "Reset your Frank password"): Promise<void> {
  const limit = limitsFor(deps).forgot.hit(`${ip}|${email.toLowerCase()}`);
  if (!limit.ok) throw tooManyRequests(limit.retryAfter);
  const user = repo.findUserByEmail(deps.db, email);
  if (!user) return;
  await sendPasswordLink(deps, user, subject);
}

/** Also used by sign-up through payment: the same single-use link sets the first password. */
export async function sendPasswordLink(deps: Deps, user: repo.UserRow, subject = "Reset your Frank password", welcome = false) {
  const token = randomToken(32);
  repo.insertPasswordReset(deps.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_MS),
  });
  const url = `${deps.config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mail.send({
    to: user.email,
    subject,
    workspaceId: user.workspaceId,
    email: ResetPasswordEmail({ name: user.name, url, welcome }),
  });
}

export async function resetPassword(deps: Deps, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = repo.consumePasswordReset(deps.db, sha256(input.token), deps.clock.now(), passwordHash);
  if (!userId) throw new AppError("invalid_token", 400, "This reset link is invalid or has expired.", { token: "This reset link is invalid or has expired." });
}
