import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import { SKIPPED_LINK_TTL_MS } from "../../lib/mail";
import { redactSecrets } from "../../lib/redact";
import { DEMO_EMAIL, findUserByEmail } from "../auth/service";
import { latestMail, mailById, type MailboxMail, type Reader } from "./repo";

/**
 * Links are shown only while an e-mail is young (an hour): a reset or invitation link must not
 * stay readable at rest, and the `mail.forget-links` task removes it from the row then too.
 */
function asShown(deps: Deps, m: MailboxMail): MailboxMail {
  const young = deps.clock.now().getTime() - m.createdAt.getTime() < SKIPPED_LINK_TTL_MS;
  return young ? m : { ...m, html: redactSecrets(m.html), text: redactSecrets(m.text) };
}

export interface Member {
  email: string;
  workspaceId: number;
}

/**
 * A member reads the e-mails addressed to them; a reset or invitation link sent to a colleague is
 * a key to that colleague's account and is never shown. In demo mode the members of the demo
 * workspace also read its candidate e-mails, so a newcomer can follow a booking as the candidate.
 */
function readerOf(deps: Deps, member: Member): Reader {
  const demoWorkspace = deps.config.demo ? (findUserByEmail(deps, DEMO_EMAIL)?.workspaceId ?? null) : null;
  return { email: member.email, candidateMailOf: demoWorkspace !== null && demoWorkspace === member.workspaceId ? demoWorkspace : null };
}

/** The mailbox page's props: the latest e-mails the member may read. */
export function loadMailbox(deps: Deps, member: Member) {
  return { mails: latestMail(deps.db, readerOf(deps, member)).map((m) => asShown(deps, m)), linkHours: SKIPPED_LINK_TTL_MS / 3_600_000 };
}

/** One e-mail the member may read (any other is not found). */
export function memberMail(deps: Deps, member: Member, id: number) {
  const mail = mailById(deps.db, readerOf(deps, member), id);
  if (!mail) throw notFound();
  return asShown(deps, mail);
}
