// The one file that talks to Gmail (issue 55 item 1), through @googleapis/gmail with the member's
// Google calendar grant (the consent that made it added gmail.readonly and gmail.send). The SDK is
// loaded on first use; GOOGLE_API_BASE_URL points it at another server (the tests' fake).
import addressparser from "nodemailer/lib/addressparser";
import type { Deps } from "../../deps";
import { oauthClient } from "../calendar/providers/google";
import { MailGrantRefused, MailProviderFailed, type MailHeaders, sealMailAccess, openMailAccess } from "./provider-mail";

const TIMEOUT_MS = 15_000;
const noRetry = { retry: false, timeout: TIMEOUT_MS, retryConfig: { retry: 0, noResponseRetries: 0 } };
let sdk: Promise<typeof import("@googleapis/gmail")> | null = null;
const loadSdk = () => (sdk ??= import("@googleapis/gmail"));

/** Gmail has no history older than this historyId (404): the window is read again in full. */
export class HistoryGone extends Error {}

const statusOf = (e: unknown) => (e as { response?: { status?: number }; status?: number })?.response?.status ?? (e as { status?: number })?.status;

function classify(e: unknown): Error {
  const err = e as { message?: string; response?: { data?: any } };
  const data = err?.response?.data;
  const code = typeof data === "object" && data ? (data.error?.status ?? data.error) : undefined;
  if (code === "invalid_grant" || /invalid_grant/.test(String(err?.message))) return new MailGrantRefused("Google refused the mail grant (invalid_grant): connect Gmail again");
  const status = statusOf(e);
  const why = String(data?.error?.message ?? err?.message ?? e).slice(0, 200);
  return new MailProviderFailed(`Gmail answered ${status ?? "nothing"}: ${why}`, status);
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw classify(e);
  }
}

const header = (headers: { name?: string | null; value?: string | null }[] | undefined, name: string) =>
  (headers ?? []).filter((h) => h.name?.toLowerCase() === name.toLowerCase()).map((h) => h.value ?? "");

/** A Gmail client for a mailbox: the grant's refresh token, the mailbox's own access token (sealed on it). */
export async function gmailClient(deps: Deps, box: { id: number; passwordSealed: string }, refreshToken: string) {
  const { gmail } = await loadSdk();
  const auth = await oauthClient(deps.config);
  const access = openMailAccess(deps, box.passwordSealed);
  auth.setCredentials({ refresh_token: refreshToken, access_token: access?.token ?? undefined, expiry_date: access?.expires ?? undefined });
  auth.on("tokens", (t) => {
    if (t.access_token) sealMailAccess(deps, box.id, t.access_token, t.expiry_date ?? null);
  });
  const api = gmail({ version: "v1", auth, rootUrl: deps.config.GOOGLE_API_BASE_URL ? deps.config.GOOGLE_API_BASE_URL.replace(/\/?$/, "/") : undefined, ...noRetry } as Parameters<typeof gmail>[0]);
  const userId = "me";

  return {
    kind: "gmail" as const,
    /** Whether the grant reads this mailbox (its profile), before the mailbox is stored. */
    async check() {
      await this.cursorNow();
    },

    async cursorNow() {
      const p = await call(() => api.users.getProfile({ userId }));
      return String(p.data.historyId ?? "");
    },

    /** The ids of the messages written since `since` (Gmail's own search, by date; spam and trash left out). */
    async listSince(since: Date) {
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const res = await call(() => api.users.messages.list({ userId, q: `after:${Math.floor(since.getTime() / 1000)}`, maxResults: 500, pageToken }));
        for (const m of res.data.messages ?? []) if (m.id) ids.push(m.id);
        pageToken = res.data.nextPageToken ?? undefined;
      } while (pageToken);
      return ids;
    },

    /** What was added since the historyId; HistoryGone when Gmail no longer has it (404). */
    async changesSince(startHistoryId: string) {
      const ids = new Set<string>();
      let pageToken: string | undefined;
      let cursor = startHistoryId;
      do {
        let res;
        try {
          res = await api.users.history.list({ userId, startHistoryId, historyTypes: ["messageAdded"], maxResults: 500, pageToken });
        } catch (e) {
          if (statusOf(e) === 404) throw new HistoryGone(`Gmail's history from ${startHistoryId} is gone (404)`);
          throw classify(e);
        }
        for (const h of res.data.history ?? []) for (const a of h.messagesAdded ?? []) if (a.message?.id) ids.add(a.message.id);
        cursor = String(res.data.historyId ?? cursor);
        pageToken = res.data.nextPageToken ?? undefined;
      } while (pageToken);
      return { ids: [...ids], cursor };
    },

    /** Headers only: who a message is from and to, and where it is (nothing else of it is read). */
    async headers(id: string): Promise<MailHeaders | null> {
      let res;
      try {
        res = await api.users.messages.get({ userId, id, format: "metadata", metadataHeaders: ["From", "To", "Cc", "Message-ID"] });
      } catch (e) {
        if (statusOf(e) === 404) return null; // deleted since it was listed
        throw classify(e);
      }
      const labels = res.data.labelIds ?? [];
      if (labels.some((l) => l === "DRAFT" || l === "SPAM" || l === "TRASH")) return null;
      const h = res.data.payload?.headers;
      const addresses = ["From", "To", "Cc"].flatMap((n) => header(h, n).flatMap((v) => (addressparser(v, { flatten: true }) as { address?: string }[]).map((a) => (a.address ?? "").toLowerCase())));
      return { id, addresses: addresses.filter(Boolean), folder: labels.includes("SENT") ? "SENT" : "INBOX", messageId: header(h, "Message-ID")[0] ?? null };
    },

    /** The whole message (RFC 5322 bytes), for one that is kept. */
    async raw(id: string) {
      const res = await call(() => api.users.messages.get({ userId, id, format: "raw" }));
      return Buffer.from(res.data.raw ?? "", "base64url");
    },

    /** Sends the composed bytes; Gmail files them in the member's Sent mail. Answers the Message-ID Gmail kept. */
    async send(raw: Buffer, replyTo: string | null) {
      // A reply goes into the Gmail thread of the message it answers.
      let threadId: string | undefined;
      if (replyTo) {
        const found = await call(() => api.users.messages.list({ userId, q: `rfc822msgid:${replyTo.replace(/^<|>$/g, "")}`, maxResults: 1 }));
        threadId = found.data.messages?.[0]?.threadId ?? undefined;
      }
      const sent = await call(() => api.users.messages.send({ userId, requestBody: { raw: raw.toString("base64url"), threadId } }));
      if (!sent.data.id) return null;
      const kept = await call(() => api.users.messages.get({ userId, id: sent.data.id!, format: "metadata", metadataHeaders: ["Message-ID"] }));
      return header(kept.data.payload?.headers, "Message-ID")[0] ?? null;
    },
  };
}
