// Settings → Mailbox for Gmail and Microsoft 365 (issue 55 item 1), plain forms. "Connect Gmail"
// uses the member's Google connection when its grant reads mail; otherwise it starts the consent
// (the calendar's round trip, asking for the mail scopes too) and comes back here to connect.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { AppError } from "../../lib/errors";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { mailGrant } from "../calendar/mail-grant";
import { providerConfigured } from "../calendar/connection";
import { connectProviderMailbox, grantMissing, PROVIDER_NAME } from "./provider-connect";
import type { ProviderKind } from "./provider-mail";

const CALENDAR_OF = { gmail: "google", microsoft: "microsoft" } as const;
const SLUG = { google: "gmail", microsoft: "microsoft" } as const;

export interface ProviderChoice {
  provider: ProviderKind;
  action: string;
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
          ? `Uses your ${calendar} connection (${grant.email}); you may be asked to allow reading and sending mail.`
          : grant
            ? `Signs you in with ${calendar}; your calendar connection moves to ${calendar} too (one per member).`
            : `Signs you in with ${calendar} and connects its calendar too.`;
      return { provider: p, action: `/settings/mailbox/${CALENDAR_OF[p]}`, label: `Connect ${PROVIDER_NAME[p]}`, hint };
    });
}

const Back = z.object({ connected: z.string().max(10).optional(), error: z.string().max(60).optional() });

export function providerMailboxPages(deps: Deps, web: Web) {
  const consent = (calendar: "google" | "microsoft") => seeOther(`/auth/${calendar}/calendar?returnTo=/settings/mailbox/${calendar}`);
  const pagesOf = (calendar: "google" | "microsoft") => {
    const provider = SLUG[calendar];
    return new Elysia()
      .use(web.guard)
      .guard({ auth: true })
      .post(
        `/settings/mailbox/${calendar}`,
        async ({ me, cookie }) => {
          // No connection of this provider yet, or its grant does not read mail: ask for it by consent.
          if (grantMissing(deps, me.user, provider)) return consent(calendar);
          try {
            const m = await connectProviderMailbox(deps, me.user, provider);
            setFlash(cookie, { title: "Mailbox connected", description: `${m.address}: the last 90 days are being read.`, variant: "success" });
            return seeOther("/settings/mailbox");
          } catch (e) {
            if (e instanceof AppError && e.status === 400) return consent(calendar);
            throw e;
          }
        },
        { form: { back: "/settings/mailbox", failed: "Mailbox not connected" } },
      )
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
      );
  };
  return new Elysia().use(pagesOf("google")).use(pagesOf("microsoft"));
}
