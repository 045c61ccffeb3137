// A fake of Microsoft Graph's mail endpoints (the ones Frank's mailbox uses) beside the fake
// Microsoft: attach it to a FakeMicrosoft and Frank's Graph mail client reaches it with the fake's
// access tokens (their scope must hold Mail.ReadWrite to read, Mail.Send to send). Message delta
// per folder with nextLink and deltaLink; expireDeltaLinks() makes every delta link given so far
// answer 410 syncStateNotFound; sendMail (MIME, base64) files the message in Sent Items.
import { randomBytes } from "node:crypto";
import type { FakeMicrosoft } from "./microsoft";
import { headersOf } from "./gmail";
import addressparser from "nodemailer/lib/addressparser";

const json = (body: unknown, status = 200) => Response.json(body, { status });
const graphError = (status: number, code: string, message: string) => json({ error: { code, message } }, status);
type Folder = "inbox" | "sentitems";

export interface FakeMailItem {
  id: string;
  owner: string;
  folder: Folder;
  raw: Buffer;
  receivedDateTime: string;
  change: number;
  isRead: boolean;
}

const recipients = (v: string[] | undefined) =>
  (v ?? []).flatMap((x) => (addressparser(x, { flatten: true }) as { name?: string; address?: string }[]).map((a) => ({ emailAddress: { name: a.name ?? "", address: a.address ?? "" } })));

export class FakeMicrosoftMail {
  items: FakeMailItem[] = [];
  changeSeq = 0;
  epoch = 0;
  pageSize = 100;
  calls = { delta: 0, value: 0, sendMail: 0 };
  /** Each sendMail's MIME bytes (as Exchange received them). */
  sent: { owner: string; raw: Buffer }[] = [];

  constructor(private readonly ms: FakeMicrosoft) {
    ms.mail = this;
  }

  deliver(owner: string, raw: string | Buffer, opts: { folder?: Folder; date?: Date } = {}): string {
    const buf = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const date = opts.date ?? new Date(Date.parse(headersOf(buf).get("date")?.[0] ?? "") || Date.now());
    const id = "AAMkMsg-" + randomBytes(10).toString("base64url");
    this.items.push({ id, owner: owner.toLowerCase(), folder: opts.folder ?? "inbox", raw: buf, receivedDateTime: date.toISOString(), change: ++this.changeSeq, isRead: false });
    return id;
  }

  /** A message changes (read in Outlook): the next delta names it again. */
  touch(id: string) {
    const m = this.items.find((x) => x.id === id)!;
    m.isRead = true;
    m.change = ++this.changeSeq;
  }

  /** Every delta link given so far is expired (Graph's 410 syncStateNotFound). */
  expireDeltaLinks() {
    this.epoch++;
  }

  inFolder(owner: string, folder: Folder) {
    return this.items.filter((m) => m.owner === owner.toLowerCase() && m.folder === folder);
  }

  private view(m: FakeMailItem) {
    const h = headersOf(m.raw);
    return {
      id: m.id,
      internetMessageId: h.get("message-id")?.[0] ?? null,
      receivedDateTime: m.receivedDateTime,
      isDraft: false,
      isRead: m.isRead,
      from: recipients(h.get("from"))[0] ?? null,
      toRecipients: recipients(h.get("to")),
      ccRecipients: recipients(h.get("cc")),
    };
  }

  handle(method: string, path: string, url: URL, rawBody: string, email: string, scope: string): Response | null {
    const can = (s: string) => scope.split(/\s+/).includes(s);
    const denied = () => graphError(403, "ErrorAccessDenied", "Access is denied. Check credentials and try again.");
    if (method === "POST" && path === "/me/sendMail") {
      if (!can("Mail.Send")) return denied();
      this.calls.sendMail++;
      const raw = Buffer.from(rawBody, "base64");
      if (!/^message-id:/im.test(raw.toString())) return graphError(400, "ErrorMimeContentInvalid", "The MIME content is invalid.");
      this.sent.push({ owner: email, raw });
      // Exchange files what it sent in Sent Items (saveToSentItems, the MIME send's default).
      this.deliver(email, raw, { folder: "sentitems", date: new Date() });
      return new Response(null, { status: 202 });
    }
    if (!path.startsWith("/me/mailFolders/") && !path.startsWith("/me/messages/")) return null;
    if (!can("Mail.ReadWrite") && !can("Mail.Read")) return denied();
    const folderOnly = path.match(/^\/me\/mailFolders\/(inbox|sentitems)$/);
    if (folderOnly) return json({ id: `folder-${folderOnly[1]}`, displayName: folderOnly[1] === "inbox" ? "Inbox" : "Sent Items" });
    const value = path.match(/^\/me\/messages\/([^/]+)\/\$value$/);
    if (value) {
      const m = this.items.find((x) => x.id === decodeURIComponent(value[1]!) && x.owner === email.toLowerCase());
      if (!m) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
      this.calls.value++;
      return new Response(new Uint8Array(m.raw), { headers: { "content-type": "text/plain" } });
    }
    const delta = path.match(/^\/me\/mailFolders\/(inbox|sentitems)\/messages\/delta$/);
    if (!delta || method !== "GET") return graphError(404, "ResourceNotFound", "Not found");
    this.calls.delta++;
    const folder = delta[1] as Folder;
    const q = url.searchParams;
    // $skiptoken: epoch.asOf.since.offset.from; $deltatoken: epoch.since.from.
    let epoch: number, asOf: number, since: number, offset: number, from: number;
    const skip = q.get("$skiptoken");
    const token = q.get("$deltatoken");
    if (skip) [epoch, asOf, since, offset, from] = skip.split(".").map(Number) as [number, number, number, number, number];
    else if (token) {
      [epoch, since, from] = token.split(".").map(Number) as [number, number, number];
      asOf = this.changeSeq;
      offset = 0;
    } else {
      const f = /receivedDateTime ge (\S+)/.exec(q.get("$filter") ?? "");
      from = f ? Date.parse(f[1]!) : 0;
      epoch = this.epoch;
      asOf = this.changeSeq;
      since = -1;
      offset = 0;
    }
    if (epoch !== this.epoch) return graphError(410, "SyncStateNotFound", "The sync state generation is not found. Please re-sync. (syncStateNotFound)");
    const items = this.inFolder(email, folder)
      .filter((m) => Date.parse(m.receivedDateTime) >= from && m.change > since && m.change <= asOf)
      .sort((a, b) => a.change - b.change);
    const page = items.slice(offset, offset + this.pageSize);
    const more = offset + this.pageSize < items.length;
    const base = `${this.ms.url}/v1.0/me/mailFolders/${folder}/messages/delta`;
    return json({
      value: page.map((m) => this.view(m)),
      ...(more ? { "@odata.nextLink": `${base}?$skiptoken=${epoch}.${asOf}.${since}.${offset + this.pageSize}.${from}` } : { "@odata.deltaLink": `${base}?$deltatoken=${epoch}.${asOf}.${from}` }),
    });
  }
}
