import { Elysia } from "elysia";
import type { ClientsDeps } from "./needs";
import type { Web } from "../auth/web";
import { IdParam, Success } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { ClientJobForm, ClientList, ContactInput, ContactParams, CreateClientInput, OneClient, OneContact, UpdateClientInput, UpdateContactInput } from "./model";
import * as clients from "./service";
import { ClientsPage } from "./pages/clients-page";
import { ClientPage } from "./pages/client-page";
import { clientPageData, type ClientExtras } from "./page-data";

const member = (me: { user: { id: number; role: string; workspaceId: number } }) => me.user;

/**
 * /api/clients and the pages /clients and /clients/{id} (forms that work without JavaScript).
 * `extras` adds what other features know of a client (its funnel), wired in app.ts.
 */
export function clientRoutes(deps: ClientsDeps, web: Web, extras: ClientExtras = {}) {
  const api = new Elysia({ prefix: "/api/clients", tags: ["Clients"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => ({ clients: clients.listClients(deps, workspaceId) }), { response: { 200: ClientList }, detail: { summary: "List the agency's clients with their contacts" } })
    .post(
      "",
      ({ me, body, set }) => {
        set.status = 201;
        return { client: clients.createClient(deps, member(me), body) };
      },
      { body: CreateClientInput, response: { 201: OneClient }, detail: { summary: "Add a client" } },
    )
    .get("/:id", ({ workspaceId, params }) => ({ client: clients.getClient(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: OneClient },
      detail: { summary: "A client with its contacts" },
    })
    .patch("/:id", ({ me, params, body }) => ({ client: clients.updateClient(deps, member(me), params.id, body) }), {
      params: IdParam,
      body: UpdateClientInput,
      response: { 200: OneClient },
      detail: { summary: "Change a client's name, website or notes" },
    })
    .delete(
      "/:id",
      ({ me, params }) => {
        clients.deleteClient(deps, member(me), params.id);
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Delete a client (refused while it has jobs)" } },
    )
    .post(
      "/:id/contacts",
      ({ me, params, body, set }) => {
        set.status = 201;
        return { contact: clients.addContact(deps, member(me), params.id, body) };
      },
      { params: IdParam, body: ContactInput, response: { 201: OneContact }, detail: { summary: "Add a contact to a client" } },
    )
    .patch("/:id/contacts/:contactId", ({ me, params, body }) => ({ contact: clients.updateContact(deps, member(me), params.id, params.contactId, body) }), {
      params: ContactParams,
      body: UpdateContactInput,
      response: { 200: OneContact },
      detail: { summary: "Change a client's contact" },
    })
    .delete(
      "/:id/contacts/:contactId",
      ({ me, params }) => {
        clients.deleteContact(deps, member(me), params.id, params.contactId);
        return { success: true as const };
      },
      { params: ContactParams, response: { 200: Success }, detail: { summary: "Remove a client's contact" } },
    );

  const back = (input: { params: Record<string, string> }) => (input.params.id ? `/clients/${Number(input.params.id) || ""}` : "/clients");
  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/clients", ({ me, workspaceId, cookie }) =>
      renderPage({ title: "Clients", toast: takeFlash(cookie), body: ClientsPage({ shell: web.shell(me.user), clients: clients.listClients(deps, workspaceId) }) }),
    )
    .get(
      "/clients/:id",
      ({ me, workspaceId, params, cookie }) => {
        const data = clientPageData(deps, workspaceId, params.id, extras);
        return renderPage({ title: data.client.name, toast: takeFlash(cookie), body: ClientPage({ shell: web.shell(me.user), data }) });
      },
      { params: IdParam },
    )
    .post(
      "/clients",
      ({ me, body, cookie }) => {
        const c = clients.createClient(deps, member(me), body);
        setFlash(cookie, { title: "Client added", variant: "success" });
        return seeOther(`/clients/${c.id}`);
      },
      { body: CreateClientInput, form: { back: "/clients", failed: "Client not added" } },
    )
    .post(
      "/clients/:id",
      ({ me, params, body, cookie }) => {
        clients.updateClient(deps, member(me), params.id, body);
        setFlash(cookie, { title: "Client saved", variant: "success" });
        return seeOther(`/clients/${params.id}`);
      },
      { params: IdParam, body: UpdateClientInput, form: { back, failed: "Client not saved" } },
    )
    .post(
      "/clients/:id/delete",
      ({ me, params, cookie }) => {
        clients.deleteClient(deps, member(me), params.id);
        setFlash(cookie, { title: "Client deleted", variant: "success" });
        return seeOther("/clients");
      },
      { params: IdParam, form: { back, failed: "Client not deleted" } },
    )
    .post(
      "/clients/:id/contacts",
      ({ me, params, body, cookie }) => {
        clients.addContact(deps, member(me), params.id, body);
        setFlash(cookie, { title: "Contact added", variant: "success" });
        return seeOther(`/clients/${params.id}`);
      },
      { params: IdParam, body: ContactInput, form: { back, failed: "Contact not added" } },
    )
    .post(
      "/clients/:id/jobs",
      ({ me, params, body, cookie }) => {
        const job = clients.addJobForClient(deps, member(me), params.id, body);
        setFlash(cookie, { title: "Job created", variant: "success" });
        return seeOther(`/jobs/${job.id}`);
      },
      { params: IdParam, body: ClientJobForm, form: { back, failed: "Job not created" } },
    )
    .post(
      "/clients/:id/contacts/:contactId/delete",
      ({ me, params, cookie }) => {
        clients.deleteContact(deps, member(me), params.id, params.contactId);
        setFlash(cookie, { title: "Contact removed", variant: "success" });
        return seeOther(`/clients/${params.id}`);
      },
      { params: ContactParams, form: { back, failed: "Contact not removed" } },
    );
  return new Elysia().use(api).use(pages);
}
