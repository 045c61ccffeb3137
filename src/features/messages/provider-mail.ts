// What Gmail's and Microsoft 365's mailboxes share (issue 55 item 1): their failures, the mail
// access token kept sealed on the mailbox (the refresh token stays with the calendar connection),
// and sending through the provider so the message is in the member's Sent folder.
import type { Deps } from "../../deps";
import { mailGrant } from "../calendar/mail-grant";
import * as repo from "./repo";

/** The provider no longer accepts the grant (revoked, expired): the member must connect again. */
export class MailGrantRefused extends Error {}
/** Any other failure of a provider call, with its HTTP status when it answered. */
export class MailProviderFailed extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface MailHeaders {
  /** The provider's id of the message. */
  id: string;
  addresses: string[];
  /** Where it is: INBOX or SENT (Gmail's labels), Inbox or Sent Items (Graph's folders). */
  folder: string;
  messageId: string | null;
}

const PROVIDER_KINDS = ["gmail", "microsoft"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export const isProviderBox = (r: { provider: string }) => (PROVIDER_KINDS as readonly string[]).includes(r.provider);

/** A kept message's place in a Gmail or Microsoft 365 mailbox (its `folder`): the provider's id of it. */
export const providerRef = (provider: string, id: string) => `${provider}:${id}`;
/** The provider's id of a kept message, when it was found in a Gmail or Microsoft 365 mailbox. */
export function providerIdOf(folder: string | null): string | null {
  const m = /^(gmail|microsoft):(.+)$/.exec(folder ?? "");
  return m ? m[2]! : null;
}

export function openMailAccess(deps: Deps, sealed: string): { token: string; expires: number | null } | null {
  if (!sealed) return null;
  try {
    const a = JSON.parse(deps.secrets.open(sealed));
    return typeof a.t === "string" ? { token: a.t, expires: typeof a.e === "number" ? a.e : null } : null;
  } catch {
    return null;
  }
}

export function sealMailAccess(deps: Deps, mailboxId: number, token: string, expires: number | null): void {
  repo.setMailboxSecret(deps.db, mailboxId, deps.secrets.seal(JSON.stringify({ t: token, e: expires })));
}

const NO_GRANT = { gmail: "The Google connection is gone: connect Gmail again", microsoft: "The Microsoft connection is gone: connect Microsoft 365 again" } as const;
const grantProvider = { gmail: "google", microsoft: "microsoft" } as const;

/** The mailbox's client (Gmail or Graph), or MailGrantRefused when the calendar connection is gone or of the other provider. */
export async function providerClient(deps: Deps, box: Pick<repo.MailboxRow, "id" | "userId" | "provider" | "passwordSealed">) {
  const kind = box.provider as ProviderKind;
  const grant = mailGrant(deps, box.userId);
  if (!grant || grant.provider !== grantProvider[kind]) throw new MailGrantRefused(NO_GRANT[kind]);
  if (kind === "gmail") return (await import("./gmail")).gmailClient(deps, box, grant.refreshToken);
  return (await import("./graph-mail")).graphMailClient(deps, box, grant);
}

/**
 * Sends the composed bytes through the member's Gmail or Microsoft 365 (in their Sent folder, so
 * replies come to them). Gmail may name the message anew: the row then takes Gmail's Message-ID,
 * so a reply (its In-Reply-To) still threads under it.
 */
export async function sendThroughProvider(deps: Deps, box: repo.MailboxRow, raw: Buffer, m: repo.MessageRow): Promise<void> {
  const client = await providerClient(deps, box);
  const kept = await client.send(raw, m.inReplyTo);
  if (kept && kept !== m.messageId) deps.db.transaction((tx) => repo.renameMessage(tx, m.id, m.messageId, kept));
}

/** A provider's refusal that trying again cannot change (a refused grant, a 4xx other than 408 and 429). */
export function providerFailureIsFinal(e: unknown): boolean {
  if (e instanceof MailGrantRefused) return true;
  const s = e instanceof MailProviderFailed ? e.status : undefined;
  return typeof s === "number" && s >= 400 && s < 500 && s !== 408 && s !== 429 && s !== 401;
}
