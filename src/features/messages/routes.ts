import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { IdParam, Success } from "../../lib/route-schemas";
import { ConnectAnyMailboxInput, ConnectMailboxInput, MailboxList, MessageList, OneMailbox } from "./model";
import { connectProviderMailbox } from "./provider-connect";
import { providerChoices, providerMailboxPages } from "./provider-routes";
import * as service from "./service";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { MailboxPage } from "./pages/mailbox-page";

/** /api/mailboxes (the member's own mailbox) and /api/participants/{id}/messages. */
export function messagesRoutes(deps: Deps, web: Web) {
  const mailboxes = new Elysia({ prefix: "/api/mailboxes", tags: ["Mailboxes"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ me }) => ({ mailboxes: service.listMailboxes(deps, me.user) }), { response: { 200: MailboxList }, detail: { summary: "The member's connected mailbox and its sync state" } })
    .post(
      "",
      async ({ me, body, set }) => {
        const mailbox = "provider" in body ? await connectProviderMailbox(deps, me.user, body.provider) : await service.connectMailbox(deps, me.user, body);
        set.status = 201;
        return { mailbox };
      },
      {
        body: ConnectAnyMailboxInput,
        response: { 201: OneMailbox },
        detail: {
          summary:
            "Connect the member's mailbox: Gmail or Microsoft 365 through their calendar connection (its grant must include the mail scopes), or any other by IMAP (and SMTP) with an app password sealed at rest",
        },
      },
    )
    .delete(
      "",
      ({ me }) => {
        service.disconnectMailbox(deps, me.user);
        return { success: true as const };
      },
      { response: { 200: Success }, detail: { summary: "Disconnect the member's mailbox (the messages kept stay on the timelines)" } },
    )
    .post(
      "/sync",
      ({ me, set }) => {
        set.status = 202;
        return { mailbox: service.syncMailboxNow(deps, me.user) };
      },
      { response: { 202: OneMailbox }, detail: { summary: "Sync the member's mailbox now (a task; its state shows the outcome)" } },
    );
  const page = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/settings/mailbox", ({ me, cookie }) =>
      renderPage({
        title: "Mailbox",
        toast: takeFlash(cookie),
        body: MailboxPage({ shell: web.shell(me.user), mailbox: service.listMailboxes(deps, me.user)[0] ?? null, providers: providerChoices(deps, me.user) }),
      }),
    )
    .post(
      "/settings/mailbox",
      async ({ me, body, cookie }) => {
        const m = await service.connectMailbox(deps, me.user, body);
        setFlash(cookie, { title: "Mailbox connected", description: `${m.address}: the last 90 days are being read.`, variant: "success" });
        return seeOther("/settings/mailbox");
      },
      { body: ConnectMailboxInput, form: { back: "/settings/mailbox", failed: "Mailbox not connected" } },
    )
    .post(
      "/settings/mailbox/sync",
      ({ me, cookie }) => {
        service.syncMailboxNow(deps, me.user);
        setFlash(cookie, { title: "Sync started", variant: "success" });
        return seeOther("/settings/mailbox");
      },
      { form: { back: "/settings/mailbox", failed: "Not synced" } },
    )
    .post(
      "/settings/mailbox/disconnect",
      ({ me, cookie }) => {
        service.disconnectMailbox(deps, me.user);
        setFlash(cookie, { title: "Mailbox disconnected", variant: "success" });
        return seeOther("/settings/mailbox");
      },
      { form: { back: "/settings/mailbox", failed: "Mailbox not disconnected" } },
    );
  const messages = new Elysia({ prefix: "/api/participants", tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/:id/messages", ({ workspaceId, params }) => ({ messages: service.messagesOfCandidate(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: MessageList },
      detail: { summary: "The e-mails with the candidate found in the members' mailboxes, newest first" },
    });
  return new Elysia().use(mailboxes).use(messages).use(page).use(providerMailboxPages(deps, web));
}
