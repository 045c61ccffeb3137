import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { IdParam, Success } from "../../lib/route-schemas";
import { ConnectMailboxInput, MailboxList, MessageList, OneMailbox } from "./model";
import * as service from "./service";

/** /api/mailboxes (the member's own mailbox) and /api/participants/{id}/messages. */
export function messagesRoutes(deps: Deps, web: Web) {
  const mailboxes = new Elysia({ prefix: "/api/mailboxes", tags: ["Mailboxes"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ me }) => ({ mailboxes: service.listMailboxes(deps, me.user) }), { response: { 200: MailboxList }, detail: { summary: "The member's connected mailbox and its sync state" } })
    .post(
      "",
      async ({ me, body, set }) => {
        const mailbox = await service.connectMailbox(deps, me.user, body);
        set.status = 201;
        return { mailbox };
      },
      { body: ConnectMailboxInput, response: { 201: OneMailbox }, detail: { summary: "Connect the member's mailbox by IMAP (and SMTP); the app password is sealed at rest" } },
    )
    .delete(
      "",
      ({ me }) => {
        service.disconnectMailbox(deps, me.user);
        return { success: true as const };
      },
      { response: { 200: Success }, detail: { summary: "Disconnect the member's mailbox (the messages kept stay on the timelines)" } },
    );
  const messages = new Elysia({ prefix: "/api/participants", tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/:id/messages", ({ workspaceId, params }) => ({ messages: service.messagesOfCandidate(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: MessageList },
      detail: { summary: "The e-mails with the candidate found in the members' mailboxes, newest first" },
    });
  return new Elysia().use(mailboxes).use(messages);
}
