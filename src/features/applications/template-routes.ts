import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { IdParam, Success } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { CreateTemplateInput, OneTemplate, PreviewQuery, PreviewView, TemplateList, UpdateTemplateInput } from "./model";
import * as templates from "./templates";
import { stagesOf } from "./stages";
import { TemplatesPage } from "./pages/templates-page";

const PAGE = "/settings/email-templates";
const form = { back: PAGE, failed: "Template not saved" };

/** /api/email-templates and Settings → E-mail templates: members read and preview; owners and admins write. */
export function templateRoutes(deps: Deps, web: Web) {
  const read = new Elysia({ prefix: "/api/email-templates", tags: ["E-mail templates"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => ({ templates: templates.listTemplates(deps, workspaceId) }), { response: { 200: TemplateList }, detail: { summary: "The workspace's stage e-mail templates" } })
    .get("/:id", ({ workspaceId, params }) => ({ template: templates.getTemplate(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: OneTemplate },
      detail: { summary: "One template" },
    })
    .get("/:id/preview", ({ me, params, query }) => templates.previewTemplate(deps, me.user, params.id, query.applicationId), {
      params: IdParam,
      query: PreviewQuery,
      response: { 200: PreviewView },
      detail: { summary: "The template filled in for one application's candidate" },
    });
  const write = new Elysia({ prefix: "/api/email-templates", tags: ["E-mail templates"] })
    .use(web.guard)
    .guard({ can: "pipeline.manage" })
    .post(
      "",
      ({ me, body, set }) => {
        set.status = 201;
        return { template: templates.createTemplate(deps, me.user, body) };
      },
      {
        body: CreateTemplateInput,
        response: { 201: OneTemplate },
        detail: { summary: "Add a template ({{candidate.firstName}}, {{candidate.name}}, {{job.title}}, {{client.name}}, {{recruiter.name}}, {{company.name}})" },
      },
    )
    .patch("/:id", ({ me, params, body }) => ({ template: templates.updateTemplate(deps, me.user, params.id, body) }), {
      params: IdParam,
      body: UpdateTemplateInput,
      response: { 200: OneTemplate },
      detail: { summary: "Change a template or the stage it is sent on" },
    })
    .delete(
      "/:id",
      ({ me, params }) => {
        templates.deleteTemplate(deps, me.user, params.id);
        return { success: true as const };
      },
      { params: IdParam, response: { 200: Success }, detail: { summary: "Delete a template" } },
    );
  const pages = new Elysia()
    .use(web.guard)
    .guard({ can: "pipeline.manage" })
    .get(PAGE, ({ me, workspaceId, cookie }) =>
      renderPage({
        title: "E-mail templates",
        toast: takeFlash(cookie),
        body: TemplatesPage({ shell: web.shell(me.user), templates: templates.listTemplates(deps, workspaceId), stages: stagesOf(deps, workspaceId) }),
      }),
    )
    .post(
      PAGE,
      ({ me, body, cookie }) => {
        templates.createTemplate(deps, me.user, body);
        setFlash(cookie, { title: "Template added", variant: "success" });
        return seeOther(PAGE);
      },
      { body: CreateTemplateInput, form },
    )
    .post(
      `${PAGE}/:id`,
      ({ me, params, body, cookie }) => {
        templates.updateTemplate(deps, me.user, params.id, body);
        setFlash(cookie, { title: "Template saved", variant: "success" });
        return seeOther(PAGE);
      },
      { params: IdParam, body: UpdateTemplateInput, form },
    )
    .post(
      `${PAGE}/:id/delete`,
      ({ me, params, cookie }) => {
        templates.deleteTemplate(deps, me.user, params.id);
        setFlash(cookie, { title: "Template deleted", variant: "success" });
        return seeOther(PAGE);
      },
      { params: IdParam, form },
    );
  return new Elysia().use(read).use(write).use(pages);
}
