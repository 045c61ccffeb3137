import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../lib/errors";
import { getParticipant } from "../candidates/service";
import { recordActivity } from "../team/activity";
import { checkLogin } from "./imap";
import type { ConnectMailbox, MailboxView, MessageView } from "./model";
import * as repo from "./repo";
import { requestMailboxSync } from "./work";
import { providerIdOf } from "./provider-mail";

/** A mailbox not synced for this long shows as stale. */
const STALE_MS = 15 * 60 * 1000;
type Member = { id: number; workspaceId: number };

export function mailboxView(deps: Deps, r: repo.MailboxRow): MailboxView {
  const stale = r.state === "ok" && (!r.lastSyncedAt || deps.clock.now().getTime() - r.lastSyncedAt.getTime() > STALE_MS);
  return {
    id: r.id,
    userId: r.userId,
    provider: r.provider,
    address: r.address,
    imapHost: r.provider === "imap" ? r.imapHost : null,
    imapPort: r.provider === "imap" ? r.imapPort : null,
    state: r.state === "error" ? "error" : stale ? "stale" : "ok",
    reason: r.stateReason,
    lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
  };
}

/** The member's own mailbox (a member never sees another's details beyond their state). */
export function listMailboxes(deps: Deps, me: Member): MailboxView[] {
  const r = repo.mailboxOfUser(deps.db, me.workspaceId, me.id);
  return r ? [mailboxView(deps, r)] : [];
}

/** Connects the member's IMAP mailbox: the login is tried first; the password is sealed; a first sync is queued. */
export async function connectMailbox(deps: Deps, me: Member, input: ConnectMailbox): Promise<MailboxView> {
  try {
    await checkLogin({ host: input.imapHost, port: input.imapPort, tls: input.imapTls, user: input.username, pass: input.password });
  } catch (e) {
    const why = (e as { responseText?: string }).responseText ?? (e instanceof Error ? e.message : String(e));
    throw badRequest(`The mailbox refused the login: ${why}`.slice(0, 300), { password: "The mailbox refused the login" });
  }
  const row = deps.db.transaction((tx) => {
    repo.deleteMailbox(tx, me.workspaceId, me.id);
    const r = repo.insertMailbox(tx, {
      workspaceId: me.workspaceId,
      userId: me.id,
      address: input.address.toLowerCase(),
      imapHost: input.imapHost,
      imapPort: input.imapPort,
      imapTls: input.imapTls,
      smtpHost: input.smtpHost ?? null,
      smtpPort: input.smtpPort ?? null,
      username: input.username,
      passwordSealed: deps.secrets.seal(input.password),
    });
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "mailbox.connected", objectType: "mailbox", objectId: r.id, summary: `Mailbox ${r.address} connected` });
    requestMailboxSync(tx, r.id);
    return r;
  });
  return mailboxView(deps, row);
}

export function disconnectMailbox(deps: Deps, me: Member): void {
  deps.db.transaction((tx) => {
    if (!repo.deleteMailbox(tx, me.workspaceId, me.id)) throw notFound("No mailbox connected");
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "mailbox.disconnected", objectType: "mailbox", summary: "Mailbox disconnected" });
  });
}

const parseList = <T>(s: string): T[] => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

export function messageView(r: repo.MessageRow): MessageView {
  return {
    id: r.id,
    direction: r.direction === "out" ? "out" : "in",
    threadKey: r.threadKey,
    messageId: r.messageId,
    inReplyTo: r.inReplyTo,
    from: { address: r.fromAddress, name: r.fromName },
    to: parseList(r.toAddresses),
    cc: parseList(r.ccAddresses),
    subject: r.subject,
    body: r.body,
    quoted: r.quoted,
    attachments: parseList(r.attachments),
    sentAt: r.sentAt.toISOString(),
    authorId: r.authorId,
    participantId: r.participantId,
    contactId: r.contactId,
    inMailbox: r.mailboxId != null && (r.uid != null || providerIdOf(r.folder) != null),
    state: r.sendState === "pending" || r.sendState === "sent" || r.sendState === "failed" ? r.sendState : null,
    error: r.sendError,
  };
}

/** GET /api/participants/{id}/messages: newest first. */
export function messagesOfCandidate(deps: Deps, workspaceId: number, participantId: number): MessageView[] {
  getParticipant(deps, workspaceId, participantId); // another workspace's id: 404
  return repo.messagesOfParticipant(deps.db, workspaceId, participantId).map(messageView);
}

/** Erasure (in its transaction): the candidate's kept messages go. */
export function forgetMessagesOf(tx: Parameters<typeof repo.deleteMessagesOf>[0], workspaceId: number, participantId: number): number {
  return repo.deleteMessagesOf(tx, workspaceId, participantId);
}

/** Mailboxes by state, for /metrics. */
export function mailboxStateCounts(deps: Deps): { state: MailboxView["state"]; count: number }[] {
  const counts = { ok: 0, stale: 0, error: 0 };
  for (const id of repo.allMailboxIds(deps.db)) {
    const r = repo.mailboxById(deps.db, id);
    if (r) counts[mailboxView(deps, r).state]++;
  }
  return (Object.keys(counts) as MailboxView["state"][]).map((state) => ({ state, count: counts[state] }));
}

/**
 * A member marks a thread private (issue 55 item 2): its messages are deleted from Frank, and
 * its Message-IDs are kept so no message of it is synced again. Answers whose page it was on.
 */
export function markThreadPrivate(deps: Deps, me: Member, messageId: number): { participantId: number | null; contactId: number | null; deleted: number } {
  const m = repo.messageById(deps.db, messageId);
  if (!m || m.workspaceId !== me.workspaceId) throw notFound("Message not found");
  return deps.db.transaction((tx) => {
    const thread = repo.messagesOfThread(tx, me.workspaceId, m.threadKey);
    const ids = new Set([m.threadKey, ...thread.flatMap((x) => [x.messageId, ...(x.inReplyTo ? [x.inReplyTo] : [])])]);
    repo.addPrivateIds(tx, me.workspaceId, [...ids]);
    const deleted = repo.deleteThread(tx, me.workspaceId, m.threadKey);
    recordActivity(deps, tx, {
      workspaceId: me.workspaceId,
      userId: me.id,
      action: "message.thread_private",
      objectType: "message_thread",
      objectId: m.id,
      summary: `E-mail thread ‘${m.subject}’ marked private`,
    });
    return { participantId: m.participantId, contactId: m.contactId, deleted };
  });
}

/** "Sync now": the member's mailbox is read again soon (a task). */
export function syncMailboxNow(deps: Deps, me: Member): MailboxView {
  const r = repo.mailboxOfUser(deps.db, me.workspaceId, me.id);
  if (!r) throw notFound("No mailbox connected");
  deps.db.transaction((tx) => requestMailboxSync(tx, r.id));
  return mailboxView(deps, r);
}
