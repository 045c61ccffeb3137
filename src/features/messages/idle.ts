// IMAP IDLE where the server offers it (issue 55 item 1): one connection per mailbox waits on its
// INBOX, and a new message there queues the mailbox's sync at once instead of at the next poll.
// Polling stays as the safety net (and is all a server without IDLE gets). One set of watchers per
// process that runs tasks; a sync queued twice is one (requestMailboxSync skips a waiting one).
import { ImapFlow } from "imapflow";
import type { Deps } from "../../deps";
import * as repo from "./repo";
import { requestMailboxSync } from "./work";

interface Watcher {
  client: ImapFlow;
  /** The mailbox's row as it was when the watch began (a reconnect with new details restarts it). */
  signature: string;
}

const signatureOf = (r: repo.MailboxRow) => `${r.imapHost}:${r.imapPort}:${r.imapTls}:${r.username}:${r.passwordSealed}`;

export class MailboxWatchers {
  private readonly watchers = new Map<number, Watcher>();
  /** Mailboxes whose server has no IDLE: not tried again until their details change. */
  private readonly noIdle = new Map<number, string>();
  private stopped = false;

  constructor(private readonly deps: Deps) {}

  /** Starts a watch for each mailbox without one, and ends those of mailboxes gone or changed. */
  refresh(): void {
    if (this.stopped) return;
    const rows = new Map(
      repo
        .allMailboxIds(this.deps.db)
        .map((id) => repo.mailboxById(this.deps.db, id))
        // IMAP only: Gmail and Microsoft 365 are read through their APIs, by polling.
        .filter((r): r is repo.MailboxRow => !!r && r.provider === "imap")
        .map((r) => [r.id, r]),
    );
    for (const [id, w] of this.watchers) {
      const r = rows.get(id);
      if (!r || signatureOf(r) !== w.signature) this.end(id);
    }
    for (const r of rows.values()) {
      if (this.watchers.has(r.id) || this.noIdle.get(r.id) === signatureOf(r)) continue;
      void this.start(r);
    }
  }

  /** How many mailboxes are watched now. */
  get size(): number {
    return this.watchers.size;
  }

  private async start(r: repo.MailboxRow): Promise<void> {
    const client = new ImapFlow({
      host: r.imapHost,
      port: r.imapPort,
      secure: r.imapTls,
      auth: { user: r.username, pass: this.deps.secrets.open(r.passwordSealed) },
      logger: false,
      // IDLE soon after opening, and renewed well within the 29 minutes servers allow.
      autoIdleDelay: 1000,
      maxIdleTime: 5 * 60_000,
    });
    const signature = signatureOf(r);
    this.watchers.set(r.id, { client, signature });
    client.on("error", () => this.end(r.id));
    client.on("close", () => {
      if (this.watchers.get(r.id)?.client === client) this.watchers.delete(r.id);
    });
    client.on("exists", () => {
      try {
        this.deps.db.transaction((tx) => requestMailboxSync(tx, r.id), { behavior: "immediate" });
      } catch (e) {
        this.deps.log.error("mailbox idle: sync not queued", { mailboxId: r.id, error: e instanceof Error ? e.message : String(e) });
      }
    });
    try {
      await client.connect();
      if (!client.capabilities.has("IDLE")) {
        this.noIdle.set(r.id, signature);
        this.end(r.id);
        return;
      }
      await client.mailboxOpen("INBOX");
    } catch {
      // Wrong details or the server is away: the sync says so on the mailbox; the next refresh tries again.
      this.end(r.id);
    }
  }

  private end(id: number): void {
    const w = this.watchers.get(id);
    if (!w) return;
    this.watchers.delete(id);
    w.client.close();
  }

  stop(): void {
    this.stopped = true;
    for (const id of this.watchers.keys()) this.end(id);
  }
}

/** Watches the mailboxes with IDLE, refreshed every `seconds` (new, changed and removed mailboxes). */
export function startMailboxIdle(deps: Deps, seconds = 30): { stop(): void; watchers: MailboxWatchers } {
  const watchers = new MailboxWatchers(deps);
  watchers.refresh();
  const t = setInterval(() => watchers.refresh(), seconds * 1000);
  return {
    watchers,
    stop: () => {
      clearInterval(t);
      watchers.stop();
    },
  };
}
