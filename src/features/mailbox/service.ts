import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import { latestMail, mailById } from "./repo";

/** The mailbox page's props: the workspace's latest e-mails. */
export function loadMailbox(deps: Deps, workspaceId: number) {
  return { mails: latestMail(deps.db, workspaceId) };
}

/** One e-mail of the workspace (another workspace's is not found). */
export function workspaceMail(deps: Deps, workspaceId: number, id: number) {
  const mail = mailById(deps.db, workspaceId, id);
  if (!mail) throw notFound();
  return mail;
}
