import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { canonicalZone, memberZone } from "../../lib/time-zone";
import { AppError, tooManyRequests } from "../../lib/errors";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import * as repo from "./repo";
import type { CurrentUser } from "./model";
import { ResetPasswordEmail } from "./emails/reset-password";
import { tryWrite } from "../../db/busy";
import { StampCache } from "../../db/stamp-cache";
import type { AuthDeps } from "./needs";

export const SESSION_COOKIE = "frank_session";
const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
const IDLE_SESSION_MS = 12 * 60 * 60 * 1000;
export const RESET_TOKEN_MS = 60 * 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

// A hash to verify against when the e-mail is unknown, so both answers take as long.
let dummyHash: Promise<string> | null = null;

export const EMAIL_MAX_DELAY_MS = 60_000;
// Reset requests from one address per 15 minutes, whatever e-mails they name.
export const FORGOT_LIMIT_PER_IP = 10;

export interface SignedIn {
  /** The account, with its workspace's zone (the fallback of memberZone). */
  user: repo.UserRow & { workspaceTimeZone?: string | null };
  /** 0 for a request made with an API key. */
  sessionId: number;
  apiKey?: { id: number; scope: "read" | "read-write" };
}

export interface NewSession {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

/** GET /api/auth/me's user: the account's name and e-mail, and billing's Stripe ids for it. */
export function toCurrentUser(deps: AuthDeps, u: repo.UserRow): CurrentUser {
  const ids = deps.stripeIds(u.id);
  return { name: u.name, email: u.email, timeZone: memberZone(u), stripeCustomerId: ids.stripeCustomerId, stripeSubscriptionId: ids.stripeSubscriptionId };
}

function startSession(deps: AuthDeps, userId: number, persistent: boolean, signIn?: { workspaceId: number; how: "password" | "demo" }): NewSession {
  const token = randomToken(32);
  const expiresAt = new Date(deps.clock.now().getTime() + (persistent ? REMEMBER_ME_MS : IDLE_SESSION_MS));
  deps.db.transaction((tx) => {
    repo.insertSession(tx, { userId, tokenHash: sha256(token), persistent, expiresAt });
    // A sign-in is in the activity log (decision 0029), with the session it opened.
    if (signIn)
      deps.recordEvent(tx, {
        workspaceId: signIn.workspaceId,
        actor: { userId },
        subject: { type: "member", id: userId },
        kind: "member.signed_in",
        summary: signIn.how === "demo" ? "Demo login" : persistent ? "Password, remembered" : "Password",
      });
  });
  return { token, persistent, expiresAt };
}

/** A new session for an account that just proved who it is another way (an accepted invitation). */
export function signInAs(deps: AuthDeps, userId: number, persistent = false): NewSession {
  return startSession(deps, userId, persistent);
}

/**
 * One password check under the login limits (sign-in and the profile's current password).
 * The attempt is counted before the password is verified, so concurrent attempts cannot
 * all pass the check; a correct password clears the account's failure counts.
 */
export async function limitedPasswordCheck(deps: AuthDeps, email: string, ip: string, verify: () => Promise<boolean>): Promise<boolean> {
  const l = deps.limits;
  const key = email.toLowerCase();
  const pair = `${key}|${ip}`;
  for (const c of [l.ip.check(ip), l.pair.check(pair), l.email.check(key)]) if (!c.ok) throw tooManyRequests(c.retryAfter);
  l.ip.hit(ip);
  l.pair.hit(pair);
  l.email.hit(key);
  const ok = await verify();
  if (ok) {
    l.pair.reset(pair);
    l.email.reset(key);
  }
  return ok;
}

/** Checks e-mail and password under the login limits. Every login gets a new session token. */
export async function login(deps: AuthDeps, input: { email: string; password: string; rememberMe: boolean; timeZone?: string }, ip: string): Promise<{ session: NewSession; user: repo.UserRow }> {
  const email = input.email.toLowerCase();
  const user = repo.findUserByEmail(deps.db, email);
  dummyHash ??= hashPassword(randomToken(16));
  const stored = user?.password ?? (await dummyHash);
  const ok = await limitedPasswordCheck(deps, email, ip, () => verifyPassword(input.password, stored));
  // A removed member's account no longer signs in (issue 18); the answer is the usual one.
  if (!user || !ok || user.removedAt) throw new AppError("invalid_credentials", 401, "Invalid email or password. Please try again.");
  return { session: startSession(deps, user.id, input.rememberMe, { workspaceId: user.workspaceId, how: "password" }), user: adoptBrowserZone(deps, user, input.timeZone) };
}

/**
 * The browser's zone becomes the member's the first time one is sent (issue 41): at sign-in, or
 * on the first signed-in page for accounts that came in another way (an invitation, the demo).
 * A member who has a zone keeps it; the profile changes it.
 */
export function adoptBrowserZone<U extends repo.UserRow>(deps: Deps, user: U, browserZone: string | undefined): U {
  const zone = user.timeZone ? null : canonicalZone(browserZone);
  if (!zone) return user;
  // The owner's browser also sets the workspace's zone when it has none (issue 60): intro-call
  // hours and members' availability default to it.
  if (user.role === "owner") repo.adoptWorkspaceTimeZone(deps.db, user.workspaceId, zone);
  return { ...user, ...repo.setTimeZone(deps.db, user.id, zone) };
}

/**
 * Signs in the demo account (demo mode only; elsewhere the route does not exist). Only
 * that account: whatever e-mail a caller sends is ignored.
 */
export function demoLogin(deps: AuthDeps): { session: NewSession; user: repo.UserRow } {
  const user = repo.findUserByEmail(deps.db, DEMO_EMAIL);
  if (!user) throw new AppError("not_found", 404, "Demo account not found");
  return { session: startSession(deps, user.id, false, { workspaceId: user.workspaceId, how: "demo" }), user };
}

export const DEMO_EMAIL = "demo@frank.local";
export const DEMO_PASSWORD = "demo-password";

// A session and its user as read under the database's write stamp (any write anywhere, by any
// connection): read again after every write, so a sign-out, a removed member or a changed role
// counts at once; between writes (a recruiter's list polled, a burst of reads) the lookup is
// kept. It was a third of the list request's CPU (bench/list-cost.ts). Expiry is checked below
// against the clock on every request, kept or not.
const sessionRows = new StampCache<ReturnType<typeof repo.findSessionWithUser> | null>(5000);

/** The signed-in user for a session cookie, or null. Browser-session logins slide their 12-hour idle expiry. */
export function sessionUser(deps: Deps, token: string | undefined | null): SignedIn | null {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const row = sessionRows.get(deps.db, hash, () => repo.findSessionWithUser(deps.db, hash) ?? null);
  if (!row || row.user.removedAt) return null;
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
  return { user: { ...row.user, workspaceTimeZone: row.workspaceTimeZone }, sessionId: row.session.id };
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

/** Which workspace each of these users is in now (a removed member is absent). */
export function workspacesOfUsers(deps: Deps, ids: number[]): Map<number, number> {
  return repo.workspacesOfUsers(deps.db, ids);
}

/**
 * E-mails a reset link when the account exists. The answer is the same either way, and so
 * is the work: without an account the same e-mail is rendered and thrown away, so the time
 * of the answer does not tell who has an account either. Limited per address and e-mail,
 * and per address alone. The link is built from APP_URL only.
 */
export async function forgotPassword(deps: AuthDeps, email: string, ip: string, subject = "Reset your Frank password"): Promise<void> {
  const l = deps.limits;
  const pair = `${ip}|${email.toLowerCase()}`;
  for (const c of [l.forgotIp.check(ip), l.forgot.check(pair)]) if (!c.ok) throw tooManyRequests(c.retryAfter);
  l.forgotIp.hit(ip);
  l.forgot.hit(pair);
  const found = repo.findUserByEmail(deps.db, email);
  // A removed member has no account to reset: answered and worked exactly like an unknown address.
  const user = found && !found.removedAt ? found : undefined;
  if (!user) {
    const token = randomToken(32);
    sha256(token);
    const url = `${deps.config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
    // The same render and the same mail write as for a real account, rolled back.
    try {
      deps.db.transaction((tx) => {
        deps.mail.enqueue(tx, { to: email, subject, email: ResetPasswordEmail({ name: null, url, welcome: false }) });
        tx.rollback();
      });
    } catch {
      // TransactionRollbackError: nothing was kept, as intended.
    }
    return;
  }
  await sendPasswordLink(deps, user, subject);
}

/** Also used by sign-up through payment: the same single-use link sets the first password. */
async function sendPasswordLink(deps: Deps, user: repo.UserRow, subject = "Reset your Frank password", welcome = false) {
  deps.db.transaction((tx) => writePasswordLink(deps, tx, user, subject, welcome));
}

/**
 * The reset row and its e-mail, written together: call inside the caller's transaction (a
 * Stripe event's, say), so the link is sent once, when that change commits.
 */
export function writePasswordLink(deps: Deps, tx: Tx, user: repo.UserRow, subject = "Reset your Frank password", welcome = false): void {
  const token = randomToken(32);
  repo.insertPasswordReset(deps.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_MS),
  });
  // welcome=1 only words the page ("Set your password"); the token alone grants the change.
  const url = `${deps.config.APP_URL}/reset-password?token=${encodeURIComponent(token)}${welcome ? "&welcome=1" : ""}`;
  deps.mail.enqueue(tx, {
    to: user.email,
    subject,
    workspaceId: user.workspaceId,
    email: ResetPasswordEmail({ name: user.name, url, welcome }),
  });
}

export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = deps.db.transaction((tx) => {
    const userId = repo.consumePasswordReset(tx, sha256(input.token), deps.clock.now(), passwordHash);
    const user = userId ? repo.findUserById(deps.db, userId) : undefined;
    if (user) deps.recordEvent(tx, { workspaceId: user.workspaceId, actor: { userId: user.id }, subject: { type: "member", id: user.id }, kind: "member.password_reset" });
    return userId;
  });
  if (!userId) throw new AppError("invalid_token", 400, "This reset link is invalid or has expired.", { token: "This reset link is invalid or has expired." });
}

/** Voids every outstanding reset link of the account (an e-mail change: the links went to the old address). */
export function revokePasswordResets(deps: Deps, userId: number) {
  repo.revokePasswordResets(deps.db, userId, deps.clock.now());
}
