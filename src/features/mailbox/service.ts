import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import { SKIPPED_LINK_TTL_MS } from "../../lib/mail";
import { redactSecrets } from "../../lib/redact";
import { latestMail, mailById, type MailboxMail } from "./repo";

/**
 * Links are shown only while an e-mail is young (an hour): a reset or invitation link must not
 * stay readable at rest, and the `mail.forget-links` task removes it from the row then too.
 */
function asShown(deps: Deps, m: MailboxMail): MailboxMail {
  const young = deps.clock.now().getTime() - m.createdAt.getTime() < SKIPPED_LINK_TTL_MS;
  return young ? m : { ...m, html: redactSecrets(m.html), text: redactSecrets(m.text) };
}

/** The mailbox page's props: the workspace's latest e-mails. */
export function loadMailbox(deps: Deps, workspaceId: number) {
  return { mails: latestMail(deps.db, workspaceId).map((m) => asShown(deps, m)), linkHours: SKIPPED_LINK_TTL_MS / 3_600_000 };
}

/** One e-mail of the workspace (another workspace's is not found). */
export function workspaceMail(deps: Deps, workspaceId: number, id: number) {
  const mail = mailById(deps.db, workspaceId, id);
  if (!mail) throw notFound();
  return asShown(deps, mail);
}
