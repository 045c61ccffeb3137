// The one file that talks to Microsoft Graph's mail (issue 55 item 1), with plain fetch as the
// calendar's Graph client does, and the member's Microsoft grant (the consent added Mail.ReadWrite
// and Mail.Send). Read: message delta per folder; send: sendMail with the MIME bytes, which
// Exchange files in Sent Items. MICROSOFT_GRAPH_URL points it at another server (the tests' fake).
import type { Deps } from "../../deps";
import type { MailGrant } from "../calendar/mail-grant";
import { graphBase } from "../calendar/providers/microsoft";
import { MAIL_SCOPES, microsoftTokenCall } from "../calendar/providers/microsoft-sign-in";
import { ProviderGrantRevoked } from "../calendar/providers/provider";
import { MailGrantRefused, MailProviderFailed, openMailAccess, sealMailAccess, type MailHeaders } from "./provider-mail";

const TIMEOUT_MS = 15_000;
/** The folders read, by Graph's well-known names, and how they are named on a kept message. */
export const GRAPH_FOLDERS = [
  { name: "inbox", label: "Inbox" },
  { name: "sentitems", label: "Sent Items" },
] as const;

/** Graph no longer knows the delta link (410, syncStateNotFound): the window is read again. */
export class DeltaGone extends Error {}

interface Recipient {
  emailAddress?: { address?: string | null } | null;
}

export function graphMailClient(deps: Deps, box: { id: number; passwordSealed: string }, grant: MailGrant) {
  const base = graphBase(deps.config);
  const origin = new URL(base).origin;
  const access = openMailAccess(deps, box.passwordSealed);
  let token = access?.token ?? null;
  let expires = access?.expires ?? 0;

  async function refresh() {
    try {
      const t = await microsoftTokenCall(deps.config, { grant_type: "refresh_token", refresh_token: grant.refreshToken, scope: `offline_access ${MAIL_SCOPES}` });
      token = t.accessToken;
      expires = t.expiryDate ?? 0;
      if (token) sealMailAccess(deps, box.id, token, expires);
      // Microsoft rotates refresh tokens; the newest is kept (sealed) on the calendar connection.
      if (t.refreshToken && t.refreshToken !== grant.refreshToken) grant.saveRefreshToken(t.refreshToken);
    } catch (e) {
      if (e instanceof ProviderGrantRevoked) throw new MailGrantRefused("Microsoft refused the mail grant (invalid_grant): connect Microsoft 365 again");
      throw new MailProviderFailed(e instanceof Error ? e.message : String(e));
    }
  }

  async function graph(method: string, pathOrUrl: string, body?: { text: string; type: string }): Promise<Response> {
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${base}${pathOrUrl}`;
    // The bearer token goes to Graph only, never to a link that points elsewhere.
    if (new URL(url).origin !== origin) throw new MailProviderFailed(`Graph answered a link outside ${origin}`);
    for (let attempt = 0; ; attempt++) {
      if (!token || expires < Date.now() + 60_000) await refresh();
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": body.type } : {}) },
          body: body?.text,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (e) {
        throw new MailProviderFailed(`Microsoft Graph did not answer: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (res.status === 401 && attempt === 0) {
        expires = 0; // revoked before it ran out: the refresh tells a refused grant from a passing failure
        continue;
      }
      return res;
    }
  }

  async function ok(res: Response, what: string): Promise<any> {
    if (res.ok) return res.status === 202 || res.status === 204 ? null : res.json();
    const text = await res.text().catch(() => "");
    let why = text.slice(0, 200);
    try {
      why = JSON.parse(text).error?.message ?? why;
    } catch {}
    throw new MailProviderFailed(`Microsoft Graph ${what} failed (${res.status}): ${why}`, res.status);
  }

  const lower = (r: Recipient | null | undefined) => (r?.emailAddress?.address ?? "").toLowerCase();

  return {
    kind: "microsoft" as const,

    /** Whether the grant reads this mailbox (its inbox), before the mailbox is stored. */
    async check() {
      await ok(await graph("GET", "/me/mailFolders/inbox?$select=id"), "inbox read");
    },

    /** The first link of a folder's delta: its messages received since `since`, headers only. */
    firstLink(folder: string, since: Date) {
      const select = "internetMessageId,from,toRecipients,ccRecipients,receivedDateTime,isDraft";
      return `/me/mailFolders/${folder}/messages/delta?$select=${select}&$filter=${encodeURIComponent(`receivedDateTime ge ${since.toISOString()}`)}`;
    },

    /** One page of a folder's delta: new or changed messages (headers only), and the next or the delta link. */
    async deltaPage(link: string, label: string): Promise<{ items: MailHeaders[]; next: string | null; deltaLink: string | null }> {
      const res = await graph("GET", link);
      if (res.status === 410) throw new DeltaGone("Graph's delta link expired (410)");
      if (res.status === 400 || res.status === 404) {
        const text = await res.clone().text();
        if (/syncStateNotFound|SyncStateNotFound|resyncRequired/i.test(text)) throw new DeltaGone(`Graph's delta link is no longer valid (${res.status})`);
      }
      const data = await ok(res, "message delta");
      const items: MailHeaders[] = [];
      for (const m of data.value ?? []) {
        if (m["@removed"] || m.isDraft || !m.id) continue;
        const addresses = [lower(m.from), ...(m.toRecipients ?? []).map(lower), ...(m.ccRecipients ?? []).map(lower)].filter(Boolean);
        items.push({ id: m.id, addresses, folder: label, messageId: m.internetMessageId ?? null });
      }
      return { items, next: data["@odata.nextLink"] ?? null, deltaLink: data["@odata.deltaLink"] ?? null };
    },

    /** The whole message as MIME (/$value), for one that is kept. */
    async raw(id: string) {
      const res = await graph("GET", `/me/messages/${encodeURIComponent(id)}/$value`);
      if (!res.ok) await ok(res, "message read");
      return Buffer.from(await res.arrayBuffer());
    },

    /** sendMail with the MIME bytes (base64): Exchange sends them as they are and files a copy in Sent Items. */
    async send(raw: Buffer, _replyTo: string | null): Promise<string | null> {
      await ok(await graph("POST", "/me/sendMail", { text: raw.toString("base64"), type: "text/plain" }), "sendMail");
      return null;
    },
  };
}
