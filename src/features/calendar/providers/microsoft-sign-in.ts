import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../../config/env";
import { ProviderGrantRevoked, ProviderUnavailable } from "./provider";

// Signing a member in with Microsoft (decision 34): the identity platform's authorization code
// flow with PKCE, and the token calls that exchange a code and refresh a grant, with plain fetch
// and a time limit. The calendar calls themselves are in microsoft.ts.

export type MicrosoftConfig = Pick<Config, "MICROSOFT_CLIENT_ID" | "MICROSOFT_CLIENT_SECRET" | "MICROSOFT_TENANT" | "MICROSOFT_AUTHORITY_URL" | "MICROSOFT_GRAPH_URL" | "APP_URL">;

export const BASE_SCOPES = "offline_access Calendars.ReadWrite User.Read";
/** Added when the member connects Microsoft 365 as their mailbox (issue 55). */
export const MAIL_SCOPES = "Mail.ReadWrite Mail.Send";
/** Asked only of members whose interviews get Teams links. */
const TEAMS_SCOPE = "OnlineMeetings.ReadWrite";
/** Every call to Microsoft has this time limit, in ms. */
export const MICROSOFT_TIMEOUT_MS = 8000;

export function microsoftConfigured(config: Pick<MicrosoftConfig, "MICROSOFT_CLIENT_ID" | "MICROSOFT_CLIENT_SECRET">): boolean {
  return !!(config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET);
}

function microsoftRedirectUri(config: Pick<MicrosoftConfig, "APP_URL">): string {
  return `${config.APP_URL}/auth/microsoft/calendar/callback`;
}

const authority = (config: MicrosoftConfig) => `${(config.MICROSOFT_AUTHORITY_URL ?? "https://login.microsoftonline.com").replace(/\/$/, "")}/${config.MICROSOFT_TENANT || "common"}`;

/** A PKCE pair: the verifier stays with Frank (sealed with the state), the challenge goes to the browser. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function microsoftAuthorizationUrl(config: MicrosoftConfig, state: string, challenge: string, opts: { teams: boolean; mail?: boolean }): string {
  const u = new URL(`${authority(config)}/oauth2/v2.0/authorize`);
  u.searchParams.set("client_id", config.MICROSOFT_CLIENT_ID!);
  u.searchParams.set("response_type", "code");
  u.searchParams.set("redirect_uri", microsoftRedirectUri(config));
  u.searchParams.set("response_mode", "query");
  u.searchParams.set("scope", [BASE_SCOPES, ...(opts.teams ? [TEAMS_SCOPE] : []), ...(opts.mail ? [MAIL_SCOPES] : [])].join(" "));
  u.searchParams.set("state", state);
  u.searchParams.set("code_challenge", challenge);
  u.searchParams.set("code_challenge_method", "S256");
  u.searchParams.set("prompt", "select_account");
  return u.toString();
}

export interface MicrosoftTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiryDate: number | null;
}

/** One call to the token endpoint (a code exchanged, a grant refreshed). */
export async function microsoftTokenCall(config: MicrosoftConfig, form: Record<string, string>): Promise<MicrosoftTokens> {
  let res: Response;
  try {
    res = await fetch(`${authority(config)}/oauth2/v2.0/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: config.MICROSOFT_CLIENT_ID!, client_secret: config.MICROSOFT_CLIENT_SECRET!, ...form }),
      signal: AbortSignal.timeout(MICROSOFT_TIMEOUT_MS),
    });
  } catch (e) {
    throw new ProviderUnavailable(`Microsoft sign-in did not answer: ${e instanceof Error ? e.message : String(e)}`);
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; expires_in?: number; error?: string; error_description?: string };
  if (!res.ok) {
    // invalid_grant: revoked consent, expired or reused refresh token, a password change: connect again.
    if (body.error === "invalid_grant" || body.error === "interaction_required") throw new ProviderGrantRevoked(`Microsoft refused the calendar grant (${body.error})`);
    throw new ProviderUnavailable(`Microsoft sign-in failed (${res.status}): ${String(body.error_description ?? body.error ?? "").slice(0, 200)}`, res.status);
  }
  return { accessToken: body.access_token ?? null, refreshToken: body.refresh_token ?? null, expiryDate: body.expires_in ? Date.now() + body.expires_in * 1000 : null };
}

export function exchangeMicrosoftCode(config: MicrosoftConfig, code: string, verifier: string): Promise<MicrosoftTokens> {
  return microsoftTokenCall(config, { grant_type: "authorization_code", code, redirect_uri: microsoftRedirectUri(config), code_verifier: verifier });
}
