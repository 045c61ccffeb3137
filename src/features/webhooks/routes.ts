import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { parseInput } from "../../lib/validate";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { CreateWebhookForm, CreateWebhookInput, DeliveryParams, WebhookIdParam } from "./model";
import * as webhooks from "./service";
import { WebhooksPage } from "./pages/webhooks-page";

type Jar = Parameters<typeof setFlash>[0];
const see = (location: string) => new Response(null, { status: 303, headers: { location } });
const PAGE = "/settings/webhooks";

/** /api/webhooks (owner and admin) and the Settings → Webhooks page with its no-JavaScript forms. */
export function webhookRoutes(deps: Deps) {
  const api = new Elysia({ prefix: "/api/webhooks" })
    .use(authGuard(deps))
    .get("/", ({ me }) => ({ webhooks: webhooks.listWebhooks(deps, me.user) }), { can: "webhooks.manage" })
    .post(
      "/",
      ({ me, body, set }) => {
        set.status = 201;
        return webhooks.createWebhook(deps, me.user, parseInput(CreateWebhookInput, body));
      },
      { can: "webhooks.manage" },
    )
    .delete(
      "/:id",
      ({ me, params }) => {
        webhooks.deleteWebhook(deps, me.user, parseInput(WebhookIdParam, params).id);
        return { success: true as const };
      },
      { can: "webhooks.manage" },
    )
    .get("/:id/deliveries", ({ me, params }) => ({ deliveries: webhooks.listDeliveries(deps, me.user, parseInput(WebhookIdParam, params).id) }), { can: "webhooks.manage" })
    .post(
      "/:id/test",
      ({ me, params, set }) => {
        set.status = 202;
        return { delivery: webhooks.sendTestEvent(deps, me.user, parseInput(WebhookIdParam, params).id) };
      },
      { can: "webhooks.manage" },
    )
    .post(
      "/:id/deliveries/:deliveryId/resend",
      ({ me, params, set }) => {
        const p = parseInput(DeliveryParams, params);
        set.status = 202;
        return { delivery: webhooks.resendDelivery(deps, me.user, p.id, p.deliveryId) };
      },
      { can: "webhooks.manage" },
    );

  /** Runs a form's change and comes back to the page with a toast, either way. */
  const formPost = (run: () => void, done: string, cookie: Jar) => {
    try {
      run();
      setFlash(cookie, { title: done, variant: "success" });
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      setFlash(cookie, { title: "Not done", description: e.message, variant: "destructive" });
    }
    return see(PAGE);
  };

  const pages = new Elysia()
    .use(authGuard(deps))
    .get(PAGE, ({ me, cookie }) => renderPage({ title: "Webhooks", toast: takeFlash(cookie as Jar), body: WebhooksPage({ shell: makeShell(deps, me.user), data: webhooks.webhooksPageData(deps, me.user) }) }), { can: "webhooks.manage" })
    // Adding answers with the page itself, not a redirect: the secret is shown once and must not travel in a cookie or an address.
    .post(
      PAGE,
      ({ me, body }) => {
        const raw = (body ?? {}) as Record<string, unknown>;
        const form = { url: typeof raw.url === "string" ? raw.url.slice(0, 2000) : "", events: ([] as unknown[]).concat(raw.events ?? []).filter((e): e is string => typeof e === "string") };
        const shell = makeShell(deps, me.user);
        try {
          const created = webhooks.createWebhook(deps, me.user, parseInput(CreateWebhookForm, raw));
          return renderPage({
            title: "Webhooks",
            toast: { title: "Endpoint added", variant: "success" },
            body: WebhooksPage({ shell, data: webhooks.webhooksPageData(deps, me.user), created: { url: created.webhook.url, secret: created.secret } }),
          });
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          return renderPage({
            title: "Webhooks",
            status: e.status,
            toast: { title: "Endpoint not added", description: e.message, variant: "destructive" },
            body: WebhooksPage({ shell, data: webhooks.webhooksPageData(deps, me.user), errors: e.fields ?? {}, form }),
          });
        }
      },
      { can: "webhooks.manage" },
    )
    .post(`${PAGE}/:id/delete`, ({ me, params, cookie }) => formPost(() => webhooks.deleteWebhook(deps, me.user, parseInput(WebhookIdParam, params).id), "Endpoint deleted", cookie as Jar), { can: "webhooks.manage" })
    .post(`${PAGE}/:id/test`, ({ me, params, cookie }) => formPost(() => void webhooks.sendTestEvent(deps, me.user, parseInput(WebhookIdParam, params).id), "Test event queued", cookie as Jar), { can: "webhooks.manage" })
    .post(
      `${PAGE}/:id/deliveries/:deliveryId/resend`,
      ({ me, params, cookie }) => {
        const p = parseInput(DeliveryParams, params);
        return formPost(() => void webhooks.resendDelivery(deps, me.user, p.id, p.deliveryId), "Delivery queued again", cookie as Jar);
      },
      { can: "webhooks.manage" },
    );
  return new Elysia().use(api).use(pages);
}
