// Connecting a member's Gmail or Microsoft 365 mailbox (issue 55 item 1) with the grant of their
// calendar connection: the mailbox is tried before it is stored (a grant without the mail scopes
// is refused here, and the settings page then asks for them by consent); a first sync is queued.
import type { Deps } from "../../deps";
import { badRequest } from "../../lib/errors";
import { mailGrant } from "../calendar/mail-grant";
import { recordActivity } from "../team/activity";
import type { MailboxView } from "./model";
import { MailGrantRefused, MailProviderFailed, providerClient, type ProviderKind } from "./provider-mail";
import * as repo from "./repo";
import { mailboxView } from "./service";
import { requestMailboxSync } from "./work";

type Member = { id: number; workspaceId: number };

export const PROVIDER_NAME = { gmail: "Gmail", microsoft: "Microsoft 365" } as const;
const CALENDAR_NAME = { gmail: "Google Calendar", microsoft: "Microsoft Outlook" } as const;

/** Why the member's calendar grant cannot be the mailbox's (null: it can be tried). */
function grantMissing(deps: Deps, me: Member, provider: ProviderKind): string | null {
  const grant = mailGrant(deps, me.id);
  if (!grant || grant.provider !== (provider === "gmail" ? "google" : "microsoft")) return `Connect ${CALENDAR_NAME[provider]} first: ${PROVIDER_NAME[provider]} uses its connection`;
  return null;
}

export async function connectProviderMailbox(deps: Deps, me: Member, provider: ProviderKind): Promise<MailboxView> {
  const missing = grantMissing(deps, me, provider);
  if (missing) throw badRequest(missing, { provider: missing });
  const grant = mailGrant(deps, me.id)!;
  try {
    await (await providerClient(deps, { id: 0, userId: me.id, provider, passwordSealed: "" })).check();
  } catch (e) {
    const why = e instanceof MailGrantRefused || e instanceof MailProviderFailed ? e.message : String(e);
    throw badRequest(`${PROVIDER_NAME[provider]} refused access to the mailbox: ${why}`.slice(0, 300), { provider: `${PROVIDER_NAME[provider]} refused access to the mailbox` });
  }
  const row = deps.db.transaction((tx) => {
    repo.deleteMailbox(tx, me.workspaceId, me.id);
    const r = repo.insertMailbox(tx, {
      workspaceId: me.workspaceId,
      userId: me.id,
      provider,
      address: grant.email,
      imapHost: "",
      imapPort: 0,
      imapTls: true,
      username: grant.email,
      // The mail access token, once issued (the refresh token stays with the calendar connection).
      passwordSealed: "",
    });
    recordActivity(deps, tx, {
      workspaceId: me.workspaceId,
      userId: me.id,
      action: "mailbox.connected",
      objectType: "mailbox",
      objectId: r.id,
      summary: `${PROVIDER_NAME[provider]} mailbox ${r.address} connected`,
    });
    requestMailboxSync(tx, r.id);
    return r;
  });
  return mailboxView(deps, row);
}
