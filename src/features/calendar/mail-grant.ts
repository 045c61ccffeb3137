import type { Deps } from "../../deps";
import * as repo from "./repo";
import { openTokens, providerConfigured } from "./connection";
import type { ProviderKind } from "./providers/provider";

/**
 * A member's Gmail or Microsoft 365 mailbox (issue 55) reads and sends with the grant of their
 * calendar connection: the consent that made it asked for the mail scopes too. The refresh token
 * stays here, sealed; only the calendar feature opens it, for the mailbox's own client.
 */
export const MAIL_RETURN_PATHS = ["/settings/mailbox/google", "/settings/mailbox/microsoft"];

export interface MailGrant {
  provider: ProviderKind;
  /** The account's address (the mailbox's own address). */
  email: string;
  refreshToken: string;
  /** Microsoft rotates refresh tokens: the newest is kept, sealed, on the connection. */
  saveRefreshToken(token: string): void;
}

/** The member's calendar grant for their mailbox, or null when no usable connection exists. */
export function mailGrant(deps: Deps, userId: number): MailGrant | null {
  const account = repo.findAccount(deps.db, userId);
  if (!account?.connected || !providerConfigured(deps, account.provider)) return null;
  const tokens = openTokens(deps, account);
  if (!tokens?.refreshToken) return null;
  return {
    provider: account.provider,
    email: (account.email ?? "").toLowerCase(),
    refreshToken: tokens.refreshToken,
    saveRefreshToken: (token) => repo.saveRefreshToken(deps.db, userId, deps.secrets.seal(token)),
  };
}
