import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { IdParam, Success } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { z } from "zod";
import { BulkComposeInput, BulkComposeResult } from "./model";
import { bulkComposeData, writeToEach } from "./bulk-compose";
import { BulkComposePage } from "./pages/bulk-compose-page";
import { AttachmentParams, ComposeMessageInput, ContactMessageParams, KeptAttachment, MessageList, OneMessage } from "./model";
import { keepAttachment } from "./attachment-job";
import { candidateRecipient, contactMessages, contactPageData, contactRecipient, pageOfPerson, writeMessage } from "./compose";
import { markThreadPrivate } from "./service";
import { ContactPage } from "./pages/contact-page";

const SENDING = "E-mail on its way";

/** Writing to candidates and contacts (API and plain forms), a contact's page, marking a thread private. */
export function composeRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api", tags: ["Messages"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/participants/:id/messages",
      ({ me, params, body, set }) => {
        set.status = 201;
        return { message: writeMessage(deps, me.user, candidateRecipient(deps, me.user, params.id), body) };
      },
      {
        params: IdParam,
        body: ComposeMessageInput,
        response: { 201: OneMessage },
        detail: {
          summary:
            "Write an e-mail to the candidate ({subject, body} or {templateId}, variables filled): sent by a task through the member's mailbox, or the workspace's SMTP with Reply-To the member; state pending, then sent or failed",
        },
      },
    )
    .get("/clients/:id/contacts/:contactId/messages", ({ me, params }) => ({ messages: contactMessages(deps, me.user, params.id, params.contactId) }), {
      params: ContactMessageParams,
      response: { 200: MessageList },
      detail: { summary: "The e-mails with a client's contact (found in the members' mailboxes or written in Frank), newest first" },
    })
    .post(
      "/clients/:id/contacts/:contactId/messages",
      ({ me, params, body, set }) => {
        set.status = 201;
        return { message: writeMessage(deps, me.user, contactRecipient(deps, me.user, params.id, params.contactId), body) };
      },
      { params: ContactMessageParams, body: ComposeMessageInput, response: { 201: OneMessage }, detail: { summary: "Write an e-mail to a client's contact (as to a candidate)" } },
    )
    .post("/messages/bulk", ({ me, body }) => writeToEach(deps, me.user, body.candidateIds, body), {
      body: BulkComposeInput,
      response: { 200: BulkComposeResult },
      detail: { summary: "Write one e-mail to each of several candidates (never one e-mail to many); those without an address are refused, saying so" },
    })
    .post(
      "/messages/:id/attachments/:index/keep",
      ({ me, params, set }) => {
        set.status = 202;
        return keepAttachment(deps, me.user, params.id, params.index);
      },
      {
        params: AttachmentParams,
        response: { 202: KeptAttachment },
        detail: { summary: "Keep an attachment of an e-mail found in a mailbox: a file of the candidate, or a candidate draft when the e-mail is a contact's (a task fetches it)" },
      },
    )
    .post(
      "/messages/:id/private",
      ({ me, params }) => {
        markThreadPrivate(deps, me.user, params.id);
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Mark the thread of a message private: its messages are deleted from Frank and never synced again" } },
    );

  const candidateBack = (i: { params: Record<string, string> }) => `/candidates/${Number(i.params.id) || ""}#messages`;
  const contactBack = (i: { params: Record<string, string> }) => `/clients/${Number(i.params.id) || ""}/contacts/${Number(i.params.contactId) || ""}#messages`;
  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/candidates/:id/messages",
      ({ me, params, body, cookie }) => {
        writeMessage(deps, me.user, candidateRecipient(deps, me.user, params.id), body);
        setFlash(cookie, { title: SENDING, variant: "success" });
        return seeOther(`/candidates/${params.id}#messages`);
      },
      { params: IdParam, body: ComposeMessageInput, form: { back: candidateBack, failed: "E-mail not sent" } },
    )
    .get(
      "/clients/:id/contacts/:contactId",
      ({ me, params, cookie }) => {
        const data = contactPageData(deps, me.user, params.id, params.contactId);
        return renderPage({ title: data.contact.name, toast: takeFlash(cookie), body: ContactPage({ shell: web.shell(me.user), data }) });
      },
      { params: ContactMessageParams },
    )
    .post(
      "/clients/:id/contacts/:contactId/messages",
      ({ me, params, body, cookie }) => {
        writeMessage(deps, me.user, contactRecipient(deps, me.user, params.id, params.contactId), body);
        setFlash(cookie, { title: SENDING, variant: "success" });
        return seeOther(`/clients/${params.id}/contacts/${params.contactId}#messages`);
      },
      { params: ContactMessageParams, body: ComposeMessageInput, form: { back: contactBack, failed: "E-mail not sent" } },
    )
    .get(
      "/messages/compose",
      ({ me, query, cookie }) => renderPage({ title: "Write to candidates", toast: takeFlash(cookie), body: BulkComposePage({ shell: web.shell(me.user), ...bulkComposeData(deps, me.user, query) }) }),
      { query: z.object({ candidates: z.preprocess((v) => (Array.isArray(v) ? v.join(",") : v), z.string().max(5000).optional()), shortlist: z.string().max(20).optional() }) },
    )
    .post(
      "/messages/compose",
      ({ me, body, cookie }) => {
        const r = writeToEach(deps, me.user, body.candidateIds, body);
        setFlash(cookie, {
          title: `${r.messages.length} e-mail${r.messages.length === 1 ? "" : "s"} on their way`,
          description: r.refused.length ? `Not written to ${r.refused.length}: ${r.refused[0]!.reason}` : "One to each candidate.",
          variant: "success",
        });
        return seeOther(body.shortlist ? `/shortlists/${body.shortlist}` : "/candidates");
      },
      {
        body: BulkComposeInput,
        form: { back: (i: { body: Record<string, unknown> }) => (Number(i.body.shortlist) ? `/messages/compose?shortlist=${Number(i.body.shortlist)}` : "/candidates"), failed: "E-mails not sent" },
      },
    )
    .post(
      "/messages/:id/attachments/:index/keep",
      ({ me, params, cookie }) => {
        const r = keepAttachment(deps, me.user, params.id, params.index);
        setFlash(cookie, {
          title: r.as === "file" ? "Adding the CV" : "Making a candidate draft",
          description: r.as === "file" ? `${r.name} shows under CVs and documents in a moment.` : `${r.name} shows under Candidates → Drafts in a moment.`,
          variant: "success",
        });
        return seeOther(r.participantId ? `/candidates/${r.participantId}#cv-files` : "/candidates/drafts");
      },
      { params: AttachmentParams, form: { back: "/candidates", failed: "Attachment not kept" } },
    )
    .post(
      "/messages/:id/private",
      ({ me, params, cookie }) => {
        const r = markThreadPrivate(deps, me.user, params.id);
        setFlash(cookie, { title: "Thread marked private", description: `${r.deleted} e-mail(s) deleted from Frank; this thread is not synced again.`, variant: "success" });
        return seeOther(pageOfPerson(deps, me.user.workspaceId, r));
      },
      { params: IdParam, form: { back: "/candidates", failed: "Thread not marked private" } },
    );
  return new Elysia().use(api).use(pages);
}
