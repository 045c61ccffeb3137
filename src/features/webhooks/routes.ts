import { Elysia } from "elysia";
import type { WebhooksDeps } from "./needs";
import type { Web } from "../auth/web";
import { IdParam, Success } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { posted, seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { signedInOf } from "../auth/guard";
import { CreatedWebhook, CreateWebhookForm, CreateWebhookInput, DeliveryAnswer, DeliveryList, DeliveryParams, WebhookList } from "./model";
import * as webhooks from "./service";
import { WebhooksPage, type WebhooksPageProps } from "./pages/webhooks-page";

const PAGE = "/settings/webhooks";

/** /api/webhooks and Settings → Webhooks (owner and admin): outgoing webhooks (issue 19). */
export function webhookRoutes(deps: WebhooksDeps, web: Web) {
  return new Elysia().use(webhookApi(deps, web)).use(webhookPages(deps, web));
}

function webhookApi(deps: WebhooksDeps, web: Web) {
  return new Elysia({ prefix: "/api/webhooks", tags: ["Webhooks"] })
    .use(web.guard)
    .guard({ can: "webhooks.manage" })
    .get("", ({ me }) => ({ webhooks: webhooks.listWebhooks(deps, me.user) }), {
      response: { 200: WebhookList },
      detail: { summary: "List the workspace's webhook endpoints (without their secrets)" },
    })
    .post(
      "",
      async ({ me, body, set }) => {
        const created = await webhooks.createWebhook(deps, me.user, body);
        set.status = 201;
        return created;
      },
      { body: CreateWebhookInput, response: { 201: CreatedWebhook }, detail: { summary: "Add an endpoint (its whsec_ signing secret is in this answer only)" } },
    )
    .delete(
      "/:id",
      ({ me, params }) => {
        webhooks.deleteWebhook(deps, me.user, params.id);
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Delete an endpoint and its delivery log" } },
    )
    .get("/:id/deliveries", ({ me, params }) => ({ deliveries: webhooks.listDeliveries(deps, me.user, params.id) }), {
      params: IdParam,
      response: { 200: DeliveryList },
      detail: { summary: "An endpoint's deliveries, newest first (the last 100)" },
    })
    .post(
      "/:id/test",
      ({ me, params, set }) => {
        set.status = 202;
        return { delivery: webhooks.sendTestEvent(deps, me.user, params.id) };
      },
      { params: IdParam, response: { 202: DeliveryAnswer }, detail: { summary: "Queue a webhook.test event to this endpoint" } },
    )
    .post(
      "/:id/deliveries/:deliveryId/resend",
      ({ me, params, set }) => {
        set.status = 202;
        return { delivery: webhooks.resendDelivery(deps, me.user, params.id, params.deliveryId) };
      },
      { params: DeliveryParams, response: { 202: DeliveryAnswer }, detail: { summary: "Queue a delivery again (same webhook-id and body)" } },
    );
}

function webhookPages(deps: WebhooksDeps, web: Web) {
  type User = WebhooksPageProps["shell"]["user"];
  const page = (user: User, props: Omit<WebhooksPageProps, "shell" | "data">, status = 200, toast: Parameters<typeof renderPage>[0]["toast"] = null) =>
    renderPage({ title: "Webhooks", status, toast, body: WebhooksPage({ shell: web.shell(user), data: webhooks.webhooksPageData(deps, user), ...props }) });
  const refused = (failure: FormFailure, input: FormInput) =>
    page(signedInOf(input.request)!.user, { errors: failure.fields ?? {}, form: { url: posted(input, "url", 2000), events: postedEvents(input) } }, failure.status, {
      title: "Endpoint not added",
      description: failure.message,
      variant: "destructive",
    });
  const back = { back: PAGE, failed: "Not done" };
  return (
    new Elysia({ prefix: PAGE })
      .use(web.guard)
      .guard({ can: "webhooks.manage" })
      .get("", ({ me, cookie }) => page(me.user, {}, 200, takeFlash(cookie)))
      // Adding answers with the page itself, not a redirect: the secret is shown once and must not travel in a cookie or an address.
      .post(
        "",
        async ({ me, body }) => {
          const created = await webhooks.createWebhook(deps, me.user, body);
          return page(me.user, { created: { url: body.url, secret: created.secret } }, 200, { title: "Endpoint added", variant: "success" });
        },
        { body: CreateWebhookForm, form: { render: refused } },
      )
      .post(
        "/:id/delete",
        ({ me, params, cookie }) => {
          webhooks.deleteWebhook(deps, me.user, params.id);
          setFlash(cookie, { title: "Endpoint deleted", variant: "success" });
          return seeOther(PAGE);
        },
        { params: IdParam, form: back },
      )
      .post(
        "/:id/test",
        ({ me, params, cookie }) => {
          webhooks.sendTestEvent(deps, me.user, params.id);
          setFlash(cookie, { title: "Test event queued", variant: "success" });
          return seeOther(PAGE);
        },
        { params: IdParam, form: back },
      )
      .post(
        "/:id/deliveries/:deliveryId/resend",
        ({ me, params, cookie }) => {
          webhooks.resendDelivery(deps, me.user, params.id, params.deliveryId);
          setFlash(cookie, { title: "Delivery queued again", variant: "success" });
          return seeOther(PAGE);
        },
        { params: DeliveryParams, form: back },
      )
  );
}

/** The ticked boxes of a refused form, to tick them again. */
function postedEvents(input: FormInput): string[] {
  const v = input.body.events;
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((e): e is string => typeof e === "string").slice(0, 20);
}
