// Writing from Frank (issue 55 item 3): a message to a candidate or a client contact, from the
// workspace's e-mail templates and their variables or typed, written with its sending task in one
// transaction. The task (send.ts) sends it through the member's mailbox, or the workspace's SMTP.
import { zoneOfMember } from "../auth/members";
import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import { getParticipant } from "../candidates/service";
import { contactsWithClient } from "../clients/service";
import { applicationsOfCandidate } from "../applications/service";
import { getTemplate, listTemplates, valuesFor, type EmailTemplate } from "../applications/templates";
import { fillTemplate, unknownVariables, type TemplateValues } from "../applications/template-text";
import { workspaceNameOf } from "../team/service";
import { randomToken } from "../../lib/crypto";
import type { Tx } from "../../db/tx";
import type { ComposeMessage, MessageView } from "./model";
import * as repo from "./repo";
import { messageView } from "./service";
import { sendMessageJob } from "./send-job";

export type Author = { id: number; workspaceId: number; role: string; name?: string | null; email: string };
export type Recipient = { participantId: number | null; contactId: number | null; name: string; to: string; values: TemplateValues };

const firstName = (name: string) => name.split(/\s+/)[0] ?? "";
const sender = (me: Author) => me.name || me.email;

/** The candidate as a recipient: the variables of their newest application's job (empty without one). */
export function candidateRecipient(deps: Deps, me: Author, participantId: number): Recipient {
  const p = getParticipant(deps, me.workspaceId, participantId);
  if (!p.emailAddress) throw badRequest("This candidate has no e-mail address", { to: "This candidate has no e-mail address" });
  const latest = applicationsOfCandidate(deps, me.workspaceId, participantId).sort((a, b) => b.id - a.id)[0];
  const name = p.name ?? "";
  const values: TemplateValues = latest
    ? valuesFor(deps, me.workspaceId, { participantId, jobId: latest.jobId }, me)
    : { "candidate.firstName": firstName(name), "candidate.name": name, "job.title": "", "client.name": "", "recruiter.name": sender(me), "company.name": workspaceNameOf(deps, me.workspaceId) };
  return { participantId, contactId: null, name, to: p.emailAddress, values };
}

/** A client's contact as a recipient: the candidate variables name the contact, client.name their client. */
export function contactRecipient(deps: Deps, me: Author, clientId: number, contactId: number): Recipient & { clientName: string; role: string | null; phone: string | null } {
  const c = contactsWithClient(deps, me.workspaceId, [contactId])[0];
  if (!c || c.clientId !== clientId) throw notFound("Contact not found");
  if (!c.email) throw badRequest("This contact has no e-mail address", { to: "This contact has no e-mail address" });
  const values: TemplateValues = {
    "candidate.firstName": firstName(c.name),
    "candidate.name": c.name,
    "job.title": "",
    "client.name": c.clientName,
    "recruiter.name": sender(me),
    "company.name": workspaceNameOf(deps, me.workspaceId),
  };
  return { participantId: null, contactId, name: c.name, to: c.email, values, clientName: c.clientName, role: c.role, phone: c.phone };
}

/** The subject and text to send: typed ones win; an empty one takes the template's; variables are filled in both. */
function draftOf(deps: Deps, workspaceId: number, input: ComposeMessage, values: TemplateValues): { subject: string; text: string; template: EmailTemplate | null } {
  const template = input.templateId ? getTemplate(deps, workspaceId, input.templateId) : null;
  const subject = input.subject?.trim() || template?.subject || "";
  const body = input.body?.trim() ? input.body : template?.body || "";
  if (!subject) throw badRequest("Subject is required", { subject: "Subject is required" });
  if (!body.trim()) throw badRequest("Message is required", { body: "Message is required" });
  for (const [field, text] of [
    ["subject", subject],
    ["body", body],
  ] as const) {
    const unknown = unknownVariables(text);
    if (unknown.length) throw badRequest(`Unknown variable: {{${unknown[0]}}}`, { [field]: `Unknown variable: {{${unknown[0]}}}` });
  }
  return {
    subject: fillTemplate(subject, values)
      .replace(/[\r\n]+/g, " ")
      .slice(0, 300),
    text: fillTemplate(body, values),
    template,
  };
}

/** The domain a member's messages are named under: their mailbox's address, else this server's. */
function idDomain(deps: Deps, address: string | null): string {
  const fromAddress = address ?? /<([^>]+)>/.exec(deps.config.MAIL_FROM)?.[1] ?? deps.config.MAIL_FROM;
  return /@([^>\s]+)$/.exec(fromAddress)?.[1] ?? "localhost";
}

/** Writes the message (state pending) and its sending task in one transaction; it starts a thread of its own. */
export function writeMessage(deps: Deps, me: Author, r: Recipient, input: ComposeMessage): MessageView {
  requirePermission(me, "candidates.write");
  return messageView(deps.db.transaction((tx) => writeMessageIn(deps, tx, me, r, input)));
}

/** The same inside the caller's transaction (a sequence's step writes its next step with it). */
export function writeMessageIn(deps: Deps, tx: Tx, me: Author, r: Recipient, input: ComposeMessage, extra: { enrolmentId?: number } = {}): repo.MessageRow {
  const { subject, text } = draftOf(deps, me.workspaceId, input, r.values);
  const box = repo.mailboxOfUser(tx, me.workspaceId, me.id);
  const messageId = `<frank-${randomToken(12)}@${idDomain(deps, box?.address ?? null)}>`;
  const m = repo.insertMessage(tx, {
    workspaceId: me.workspaceId,
    mailboxId: box?.id ?? null,
    participantId: r.participantId,
    contactId: r.contactId,
    direction: "out",
    messageId,
    inReplyTo: null,
    threadKey: messageId,
    fromAddress: (box ? box.address : me.email).toLowerCase(),
    fromName: me.name ?? null,
    toAddresses: JSON.stringify([r.to.toLowerCase()]),
    ccAddresses: "[]",
    subject,
    body: text,
    quoted: null,
    attachments: "[]",
    authorId: me.id,
    enrolmentId: extra.enrolmentId ?? null,
    sendState: "pending",
    sentAt: deps.clock.now(),
  })!;
  sendMessageJob.enqueue(tx, { messageId: m.id });
  return m;
}

/** The workspace's templates, for the compose form. */
export const templatesForCompose = (deps: Deps, workspaceId: number) => listTemplates(deps, workspaceId).map((t) => ({ id: t.id, name: t.name }));

/** What the compose form shows for a member (their mailbox, the workspace's templates). */
export function composeContext(deps: Deps, me: Author): { templates: { id: number; name: string }[]; mailbox: string | null; replyTo: string } {
  return { templates: templatesForCompose(deps, me.workspaceId), mailbox: repo.mailboxOfUser(deps.db, me.workspaceId, me.id)?.address ?? null, replyTo: me.email };
}

/** The candidate's page: their e-mails by thread and the form to write to them. */
export function candidateMessagesPart(deps: Deps, me: Author, participantId: number) {
  const p = getParticipant(deps, me.workspaceId, participantId);
  return {
    messages: repo.messagesOfParticipant(deps.db, me.workspaceId, participantId).map(messageView),
    timeZone: zoneOfMember(deps, me.workspaceId, me.id),
    compose: { action: `/candidates/${participantId}/messages`, to: { name: p.name ?? "", address: p.emailAddress ?? null }, ...composeContext(deps, me) },
  };
}

/** /clients/{id}/contacts/{contactId}: the contact, their e-mails and the compose form. */
export function contactPageData(deps: Deps, me: Author, clientId: number, contactId: number) {
  const contacts = contactsWithClient(deps, me.workspaceId, [contactId]);
  const c = contacts[0];
  if (!c || c.clientId !== clientId) throw notFound("Contact not found");
  return {
    clientId,
    clientName: c.clientName,
    contact: { id: c.id, name: c.name, email: c.email, role: c.role, phone: c.phone },
    messages: repo.messagesOfContact(deps.db, me.workspaceId, contactId).map(messageView),
    timeZone: zoneOfMember(deps, me.workspaceId, me.id),
    compose: { action: `/clients/${clientId}/contacts/${contactId}/messages`, to: { name: c.name, address: c.email }, ...composeContext(deps, me) },
  };
}

/** GET /api/clients/{id}/contacts/{contactId}/messages (another client's contact: 404). */
export function contactMessages(deps: Deps, me: Author, clientId: number, contactId: number): MessageView[] {
  return contactPageData(deps, me, clientId, contactId).messages;
}

/** The page a person's e-mails are on (after a thread of theirs is marked private). */
export function pageOfPerson(deps: Deps, workspaceId: number, who: { participantId: number | null; contactId: number | null }): string {
  if (who.participantId) return `/candidates/${who.participantId}#messages`;
  const c = who.contactId ? contactsWithClient(deps, workspaceId, [who.contactId])[0] : undefined;
  return c ? `/clients/${c.clientId}/contacts/${c.id}#messages` : "/clients";
}
