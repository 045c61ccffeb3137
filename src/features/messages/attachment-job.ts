// A CV attached to a kept message becomes a file of the candidate, or a candidate draft when the
// message is a contact's (the sender is not a candidate yet), in one click (issue 55 item 2). The
// click writes a task; the task fetches the attachment from the mailbox (by folder and UID, or by
// the provider's id of the message in Gmail and Microsoft 365) and
// hands it to the files or drafts feature, which check it as they check an upload.
import { z } from "zod";
import type { Deps } from "../../deps";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { defineJob, PermanentFailure, type Job } from "../../lib/jobs";
import { uploadFile } from "../candidate-files/service";
import { addDrafts } from "../candidate-drafts/service";
import { attachmentOf, openImap, readAttachment } from "./imap";
import { isProviderBox, providerClient, providerIdOf } from "./provider-mail";
import * as repo from "./repo";

const keepAttachmentJob = defineJob("message.attachment", z.object({ messageId: z.number().int(), index: z.number().int().min(0), memberId: z.number().int() }));

type Member = { id: number; workspaceId: number };

/** The click: checks the message and its attachment, and writes the task. Answers where the result will be. */
export function keepAttachment(deps: Deps, me: Member, messageId: number, index: number): { as: "file" | "draft"; name: string; participantId: number | null } {
  const m = repo.messageById(deps.db, messageId);
  if (!m || m.workspaceId !== me.workspaceId) throw notFound("Message not found");
  const list = JSON.parse(m.attachments) as { name: string }[];
  const a = list[index];
  if (!a) throw notFound("Attachment not found");
  if ((m.uid == null && !providerIdOf(m.folder)) || !m.folder || !m.mailboxId) throw badRequest("This e-mail is not in a connected mailbox any more");
  deps.db.transaction((tx) => keepAttachmentJob.enqueue(tx, { messageId, index, memberId: me.id }));
  return { as: m.participantId ? "file" : "draft", name: a.name, participantId: m.participantId };
}

async function fetchAndKeep(deps: Deps, p: { messageId: number; index: number; memberId: number }): Promise<void> {
  const m = repo.messageById(deps.db, p.messageId);
  if (!m) return; // erased or marked private meanwhile
  const box = m.mailboxId ? repo.mailboxById(deps.db, m.mailboxId) : undefined;
  const providerId = providerIdOf(m.folder);
  if (!box || (m.uid == null && !providerId) || !m.folder) throw new PermanentFailure("The mailbox of this e-mail is no longer connected");
  const a = providerId && isProviderBox(box) ? await attachmentOf(await (await providerClient(deps, box)).raw(providerId), p.index) : await fromImap(deps, box, m.folder, m.uid!, p.index);
  if (!a) throw new PermanentFailure("The e-mail or its attachment is no longer in the mailbox");
  const file = new File([new Uint8Array(a.content)], a.name, { type: a.type });
  const actor = { userId: p.memberId };
  try {
    if (m.participantId) await uploadFile(deps, m.workspaceId, m.participantId, file, actor, p.memberId);
    else await addDrafts(deps, m.workspaceId, [file], actor, p.memberId);
  } catch (e) {
    // Not a CV the files feature takes (type, size, too many): trying again cannot help.
    if (e instanceof AppError && e.status < 500) throw new PermanentFailure(e.message);
    throw e;
  }
}

/** An attachment of a message in an IMAP mailbox, by its folder and UID. */
async function fromImap(deps: Deps, box: repo.MailboxRow, folder: string, uid: number, index: number) {
  const c = openImap({ host: box.imapHost, port: box.imapPort, tls: box.imapTls, user: box.username, pass: deps.secrets.open(box.passwordSealed) });
  let a: Awaited<ReturnType<typeof readAttachment>>;
  await c.connect();
  try {
    const lock = await c.getMailboxLock(folder);
    try {
      a = await readAttachment(c, uid, index);
    } finally {
      lock.release();
    }
  } finally {
    await c.logout().catch(() => c.close());
  }
  return a;
}

export function attachmentJobs(deps: Deps): Job<any>[] {
  return [keepAttachmentJob.runs((p) => fetchAndKeep(deps, p), { timeoutMs: 120_000 })];
}
