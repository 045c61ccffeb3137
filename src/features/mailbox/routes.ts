import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { notFound } from "../../lib/errors";
import { MailboxPage } from "./pages";
import { latestMail, mailById } from "./repo";

/**
 * /dev/mailbox: the outbox, readable in demo mode only, so a newcomer without SMTP can
 * follow a reset link. Outside demo mode the routes do not exist (404).
 */
export function mailboxRoutes(deps: Deps) {
  const guard = () => {
    if (!deps.config.demo) throw notFound();
  };
  return new Elysia()
    .get("/dev/mailbox", () => {
      guard();
      return renderPage({ title: "Mailbox", body: MailboxPage({ mails: latestMail(deps.db) }) });
    })
    .get("/dev/mailbox/:id", ({ params }) => {
      guard();
      const mail = mailById(deps.db, Number(params.id));
      if (!mail) throw notFound();
      // The e-mail's own HTML, shown as the recipient would see it.
      return new Response(mail.html, {
        headers: { "content-type": "text/html; charset=utf-8", "referrer-policy": "no-referrer", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'" },
      });
    });
}
