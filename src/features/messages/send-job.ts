// The sending task of a message written in Frank (issue 55 item 3). Through the member's mailbox
// (its SMTP with the sealed app password, then the same bytes into its Sent folder), or without
// one through the workspace's SMTP with Reply-To the member. The message's state follows the task:
// pending (with the last error while it retries), sent, or failed with the reason.
import { z } from "zod";
import type { Deps } from "../../deps";
import { defineJob, PermanentFailure, type Job } from "../../lib/jobs";
import { recordEvent } from "../events/record";
import { appendToSent, compose, sendThroughMailbox, sendThroughWorkspace, smtpCode } from "./smtp";
import * as repo from "./repo";
import { stopForBounce, stopForBouncedMessage, unsubscribeTokenOf } from "./sequence-stop";
import { isProviderBox, providerFailureIsFinal, sendThroughProvider } from "./provider-mail";

export const sendMessageJob = defineJob("message.send", z.object({ messageId: z.number().int() }));

const NO_SMTP = "E-mail is off on this server (no SMTP_URL) and you have no mailbox connected";

const display = (name: string | null, address: string) => (name ? `"${name.replace(/["\\\r\n]/g, "")}" <${address}>` : address);

async function sendOne(deps: Deps, id: number): Promise<void> {
  const m = repo.messageById(deps.db, id);
  if (!m || m.sendState !== "pending") return; // erased, or already settled
  const to = (JSON.parse(m.toAddresses) as string[])[0]!;
  const box = m.mailboxId ? repo.mailboxById(deps.db, m.mailboxId) : undefined;
  // Gmail and Microsoft 365 send through their APIs (provider-mail.ts), IMAP mailboxes by their SMTP.
  const viaProvider = box && isProviderBox(box) ? box : undefined;
  const viaBox = viaProvider ?? (box?.smtpHost ? box : undefined);
  const from = viaBox ? display(m.fromName, viaBox.address) : deps.config.MAIL_FROM;
  const token = m.enrolmentId ? unsubscribeTokenOf(deps, m.enrolmentId) : null;
  const unsubscribeUrl = token ? `${deps.config.APP_URL}/u/${token}` : null;
  const text = unsubscribeUrl ? `${m.body}\n\n--\nTo receive no more of these e-mails: ${unsubscribeUrl}` : m.body;
  const raw = await compose({ messageId: m.messageId, from, replyTo: viaBox ? null : display(m.fromName, m.fromAddress), to, subject: m.subject, text, date: m.sentAt, unsubscribeUrl });
  try {
    if (viaProvider) await sendThroughProvider(deps, viaProvider, raw, m);
    else if (viaBox) {
      const pass = deps.secrets.open(viaBox.passwordSealed);
      await sendThroughMailbox({ host: viaBox.smtpHost!, port: viaBox.smtpPort ?? 587, user: viaBox.username, pass }, raw, { from, to });
      // Sent: a failure to file the copy does not send it twice (the sync would find it there otherwise).
      await appendToSent({ host: viaBox.imapHost, port: viaBox.imapPort, tls: viaBox.imapTls, user: viaBox.username, pass }, raw).catch((e) =>
        deps.log.info("message sent, not filed in Sent", { messageId: id, error: e instanceof Error ? e.message : String(e) }),
      );
    } else {
      if (!deps.config.SMTP_URL) throw new PermanentFailure(NO_SMTP);
      await sendThroughWorkspace(deps.config.SMTP_URL, raw, { from, to });
    }
  } catch (e) {
    if (e instanceof PermanentFailure) throw e;
    if (viaProvider) throw providerFailureIsFinal(e) ? new PermanentFailure(e instanceof Error ? e.message.slice(0, 300) : String(e)) : e;
    const code = smtpCode(e);
    const message = ((e as { response?: string }).response ?? (e instanceof Error ? e.message : String(e))).slice(0, 300);
    if (typeof code === "number" && code >= 500) throw new PermanentFailure(message);
    throw new Error(message);
  }
}

export function sendMessageJobs(deps: Deps): Job<any>[] {
  return [
    sendMessageJob.runs(
      async (p, ctx) => {
        try {
          await sendOne(deps, p.messageId);
        } catch (e) {
          // The reason stays on the message while it retries and when it fails for good.
          await ctx.whileLeased((tx) => repo.setSendState(tx, p.messageId, "pending", e instanceof Error ? e.message : String(e)));
          throw e;
        }
      },
      {
        timeoutMs: 120_000,
        settled: (tx, p, outcome) => {
          const m = repo.messageById(tx, p.messageId);
          if (!m || m.sendState !== "pending") return;
          repo.setSendState(tx, m.id, outcome === "done" ? "sent" : "failed", outcome === "done" ? null : m.sendError);
          if (outcome === "done") messageEvent(deps, tx, m, "message.sent");
          // Refused for good by the server (a 5xx, a bounce at send time): the candidate's sequences stop.
          else if (/^5\d\d\b/.test(m.sendError ?? "")) stopForBouncedMessage(deps, tx, m, m.sendError);
          // A sequence's step that could not be delivered otherwise stops its own enrolment.
          else if (m.enrolmentId) stopForBounce(deps, tx, m.enrolmentId, m.sendError);
        },
      },
    ),
  ];
}

/** The event of a message kept or sent: on the record and to the webhooks that subscribe. */
export function messageEvent(deps: Deps, tx: Parameters<typeof recordEvent>[1], m: repo.MessageRow, kind: "message.sent" | "message.received"): void {
  const data = {
    messageId: m.id,
    candidateId: m.participantId,
    contactId: m.contactId,
    subject: m.subject,
    from: m.fromAddress,
    to: JSON.parse(m.toAddresses) as string[],
    threadKey: m.threadKey,
    sentAt: m.sentAt.toISOString(),
  };
  recordEvent(deps, tx, {
    workspaceId: m.workspaceId,
    actor: m.authorId ? { userId: m.authorId, apiKeyId: null } : "system",
    subject: m.participantId ? { type: "candidate", id: m.participantId } : { type: "client_contact", id: m.contactId },
    kind,
    summary: `${kind === "message.sent" ? "E-mail sent" : "E-mail received"}: ${m.subject}`.slice(0, 200),
    data: { messageId: m.id },
    webhooks: [{ type: kind, data, candidateId: m.participantId }],
  });
}
