// A fake of the Gmail API v1 (the endpoints Frank's mailbox uses) beside the fake Google: attach
// it to a FakeGoogle and the real @googleapis/gmail client (GOOGLE_API_BASE_URL) reaches it with
// the fake's access tokens. Mail arrives by deliver(); history ids count every change, and
// forgetHistory() makes the ids given so far too old (404), as Gmail does after about a week.
import { randomBytes } from "node:crypto";
import type { FakeGoogle } from "./google";

const json = (body: unknown, status = 200) => Response.json(body, { status });
const apiError = (status: number, message: string, reason: string, s: string) => json({ error: { code: status, message, status: s, errors: [{ reason, message }] } }, status);
const READ = ["https://www.googleapis.com/auth/gmail.readonly", "https://www.googleapis.com/auth/gmail.modify", "https://mail.google.com/"];
const SEND = ["https://www.googleapis.com/auth/gmail.send", "https://www.googleapis.com/auth/gmail.modify", "https://mail.google.com/"];

export interface FakeGmailMessage {
  id: string;
  threadId: string;
  owner: string;
  labelIds: string[];
  raw: Buffer;
  internalDate: number;
  historyId: number;
}

/** The header lines of a raw message (unfolded), by lower-case name. */
export function headersOf(raw: Buffer | string): Map<string, string[]> {
  const text = raw.toString();
  const end = text.search(/\r?\n\r?\n/);
  const out = new Map<string, string[]>();
  for (const line of (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  return out;
}

export class FakeGmail {
  messages: FakeGmailMessage[] = [];
  historySeq = 1000;
  /** History ids at or below this are gone (404). */
  historyFloor = 0;
  /** Every call by kind: metadata and raw reads, lists, history reads, sends. */
  calls = { metadata: 0, raw: 0, list: 0, history: 0, send: 0, profile: 0 };
  /** Gmail names a message sent through the API anew (its own Message-ID) when this is on. */
  rewriteMessageId = false;
  pageSize = 500;

  constructor(google: FakeGoogle) {
    google.mail = this;
  }

  /** A message arrives in (or is filed into) the account's mailbox. */
  deliver(owner: string, raw: string | Buffer, opts: { labels?: string[]; date?: Date; threadId?: string } = {}): string {
    const id = randomBytes(8).toString("hex");
    const buf = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const date = opts.date ?? new Date(Date.parse(headersOf(buf).get("date")?.[0] ?? "") || Date.now());
    this.messages.push({
      id,
      threadId: opts.threadId ?? id,
      owner: owner.toLowerCase(),
      labelIds: opts.labels ?? ["INBOX", "UNREAD"],
      raw: buf,
      internalDate: date.getTime(),
      historyId: ++this.historySeq,
    });
    return id;
  }

  /** Every historyId given so far is too old from now on (Gmail answers 404). */
  forgetHistory() {
    this.historyFloor = this.historySeq;
  }

  /** From another process (POST /__control {mail: {...}} of the fake Google): messages delivered in bulk. */
  control(body: { deliver?: { owner: string; raw: string; date?: string }[] }) {
    for (const d of body.deliver ?? []) this.deliver(d.owner, d.raw, d.date ? { date: new Date(d.date) } : {});
    return { messages: this.messages.length, calls: this.calls };
  }

  sentBy(owner: string) {
    return this.messages.filter((m) => m.owner === owner.toLowerCase() && m.labelIds.includes("SENT"));
  }

  handle(method: string, path: string, url: URL, body: any, email: string, scopes: Set<string>): Response {
    const has = (need: string[]) => need.some((s) => scopes.has(s));
    const denied = () => apiError(403, "Request had insufficient authentication scopes.", "insufficientPermissions", "PERMISSION_DENIED");
    const mine = this.messages.filter((m) => m.owner === email.toLowerCase());
    const q = url.searchParams;
    if (method === "POST" && path === "/users/me/messages/send") {
      if (!has(SEND)) return denied();
      this.calls.send++;
      let raw = Buffer.from(String(body.raw ?? ""), "base64url");
      if (this.rewriteMessageId) raw = Buffer.from(raw.toString().replace(/^Message-ID:.*$/im, `Message-ID: <CA${randomBytes(10).toString("hex")}@mail.gmail.com>`));
      const id = this.deliver(email, raw, { labels: ["SENT"], threadId: body.threadId, date: new Date() });
      const m = this.messages.find((x) => x.id === id)!;
      return json({ id, threadId: m.threadId, labelIds: m.labelIds });
    }
    if (method !== "GET") return apiError(404, "Not Found", "notFound", "NOT_FOUND");
    if (!has(READ)) return denied();
    if (path === "/users/me/profile") {
      this.calls.profile++;
      return json({ emailAddress: email, messagesTotal: mine.length, historyId: String(this.historySeq) });
    }
    if (path === "/users/me/messages") {
      this.calls.list++;
      const query = q.get("q") ?? "";
      const after = /after:(\d+)/.exec(query);
      const msgid = /rfc822msgid:(\S+)/.exec(query);
      const found = mine
        .filter((m) => !m.labelIds.some((l) => l === "SPAM" || l === "TRASH"))
        .filter((m) => !after || m.internalDate >= Number(after[1]) * 1000)
        .filter((m) => !msgid || (headersOf(m.raw).get("message-id") ?? []).some((v) => v.replace(/^<|>$/g, "") === msgid[1]))
        .sort((a, b) => b.internalDate - a.internalDate);
      const offset = Number(q.get("pageToken") ?? 0);
      const size = Math.min(Number(q.get("maxResults") ?? 100), this.pageSize);
      const page = found.slice(offset, offset + size);
      return json({
        messages: page.map((m) => ({ id: m.id, threadId: m.threadId })),
        resultSizeEstimate: found.length,
        ...(offset + size < found.length ? { nextPageToken: String(offset + size) } : {}),
      });
    }
    if (path === "/users/me/history") {
      this.calls.history++;
      const start = Number(q.get("startHistoryId"));
      if (!Number.isFinite(start) || start <= this.historyFloor) return apiError(404, "Requested entity was not found.", "notFound", "NOT_FOUND");
      const added = mine.filter((m) => m.historyId > start).sort((a, b) => a.historyId - b.historyId);
      const offset = Number(q.get("pageToken") ?? 0);
      const size = Math.min(Number(q.get("maxResults") ?? 100), this.pageSize);
      const page = added.slice(offset, offset + size);
      return json({
        history: page.map((m) => ({ id: String(m.historyId), messages: [{ id: m.id, threadId: m.threadId }], messagesAdded: [{ message: { id: m.id, threadId: m.threadId, labelIds: m.labelIds } }] })),
        historyId: String(this.historySeq),
        ...(offset + size < added.length ? { nextPageToken: String(offset + size) } : {}),
      });
    }
    const one = path.match(/^\/users\/me\/messages\/([^/]+)$/);
    if (one) {
      const m = mine.find((x) => x.id === one[1]);
      if (!m) return apiError(404, "Requested entity was not found.", "notFound", "NOT_FOUND");
      const base = { id: m.id, threadId: m.threadId, labelIds: m.labelIds, historyId: String(m.historyId), internalDate: String(m.internalDate), sizeEstimate: m.raw.length };
      if (q.get("format") === "raw") {
        this.calls.raw++;
        return json({ ...base, raw: m.raw.toString("base64url") });
      }
      this.calls.metadata++;
      const wanted = q.getAll("metadataHeaders").map((h) => h.toLowerCase());
      const h = headersOf(m.raw);
      const headers = [...h.entries()].filter(([name]) => !wanted.length || wanted.includes(name)).flatMap(([name, values]) => values.map((value) => ({ name: canonical(name), value })));
      return json({ ...base, payload: { mimeType: "multipart/mixed", headers } });
    }
    return apiError(404, "Not Found", "notFound", "NOT_FOUND");
  }
}

const canonical = (name: string) => (name === "message-id" ? "Message-ID" : name.replace(/(^|-)([a-z])/g, (_, d, c) => d + c.toUpperCase()));

if (import.meta.main) {
  // The fake Google with Gmail attached, alone in its process (the bench): prints its URL.
  const { startFakeGoogle } = await import("./google");
  const google = startFakeGoogle(Number(process.env.FAKE_GOOGLE_PORT ?? 0));
  new FakeGmail(google);
  console.log(JSON.stringify({ url: google.url }));
}
