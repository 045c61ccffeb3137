// Settings → Mailbox for Gmail and Microsoft 365 (issue 55 item 1), no script needed. "Connect
// Gmail" is a link to the calendar's consent round trip with the mail scopes added (incremental:
// the calendar's grant stays), which comes back here to connect the mailbox. A link, not a form:
// the page's CSP (form-action 'self') stops a form's redirect to the provider.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { AppError } from "../../lib/errors";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { mailGrant } from "../calendar/mail-grant";
import { providerConfigured } from "../calendar/connection";
import { connectProviderMailbox, PROVIDER_NAME } from "./provider-connect";
import type { ProviderKind } from "./provider-mail";

const CALENDAR_OF = { gmail: "google", microsoft: "microsoft" } as const;
const SLUG = { google: "gmail", microsoft: "microsoft" } as const;

export interface ProviderChoice {
  provider: ProviderKind;
  /** Starts the consent (the calendar's round trip, asking for the mail scopes too). */
  href: string;
  label: string;
  hint: string;
}

/** The providers this server is set up for, and what connecting each does for this member. */
export function providerChoices(deps: Deps, me: { id: number }): ProviderChoice[] {
  const grant = mailGrant(deps, me.id);
  return (["gmail", "microsoft"] as const)
    .filter((p) => providerConfigured(deps, CALENDAR_OF[p]))
    .map((p) => {
      const calendar = p === "gmail" ? "Google" : "Microsoft";
      const hint =
        grant?.provider === CALENDAR_OF[p]
          ? `Uses your ${calendar} connection (${grant.email}), adding permission to read and send mail.`
          : grant
            ? `Signs you in with ${calendar}; your calendar connection moves to ${calendar} too (one per member).`
            : `Signs you in with ${calendar} and connects its calendar too.`;
      return { provider: p, href: `/auth/${CALENDAR_OF[p]}/calendar?returnTo=/settings/mailbox/${CALENDAR_OF[p]}`, label: `Connect ${PROVIDER_NAME[p]}`, hint };
    });
}

const Back = z.object({ connected: z.string().max(10).optional(), error: z.string().max(60).optional() });

export function providerMailboxPages(deps: Deps, web: Web) {
  const pagesOf = (calendar: "google" | "microsoft") => {
    const provider = SLUG[calendar];
    return (
      new Elysia()
        .use(web.guard)
        .guard({ auth: true })
        // Back from the consent (the calendar's callback redirects here): connect, or say why not.
        .get(
          `/settings/mailbox/${calendar}`,
          async ({ me, cookie, query }) => {
            if (query.connected === "true") {
              try {
                const m = await connectProviderMailbox(deps, me.user, provider);
                setFlash(cookie, { title: "Mailbox connected", description: `${m.address}: the last 90 days are being read.`, variant: "success" });
              } catch (e) {
                if (!(e instanceof AppError)) throw e;
                setFlash(cookie, { title: "Mailbox not connected", description: e.message, variant: "destructive" });
              }
            } else if (query.error) setFlash(cookie, { title: "Mailbox not connected", description: `${PROVIDER_NAME[provider]} did not allow access (${query.error}).`, variant: "destructive" });
            return seeOther("/settings/mailbox");
          },
          { query: Back },
        )
    );
  };
  return new Elysia().use(pagesOf("google")).use(pagesOf("microsoft"));
}
