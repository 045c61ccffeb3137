import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { IdParam } from "../../lib/route-schemas";

import { devLimiter } from "../../lib/dev-pages";
import { MailboxPage } from "./pages";
import { loadMailbox, memberMail } from "./service";

/**
 * /dev/mailbox: the e-mails written, so a newcomer without SMTP can follow a reset link. A developer
 * page (DEV_PAGES, on in demo mode; otherwise the routes do not exist), shown only to a
 * signed-in user and only with the e-mails addressed to that user (and, in demo mode, the demo
 * workspace's candidate e-mails): reset links and invitations are keys to accounts.
 */
export function mailboxRoutes(deps: Deps, web: Web) {
  if (!deps.config.devPages) return new Elysia();
  const limit = devLimiter(() => deps.clock.now().getTime());
  return new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/dev/mailbox", ({ workspaceId, me }) => {
      limit(me.user.id);
      return renderPage({ title: "Mailbox", body: MailboxPage(loadMailbox(deps, { email: me.user.email, workspaceId })) });
    })
    .get(
      "/dev/mailbox/:id",
      ({ params, workspaceId, me }) => {
        limit(me.user.id);
        const mail = memberMail(deps, { email: me.user.email, workspaceId }, params.id);
        // The e-mail's own HTML, shown as the recipient would see it.
        return new Response(mail.html, {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "referrer-policy": "no-referrer",
            "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
          },
        });
      },
      { params: IdParam },
    );
}
