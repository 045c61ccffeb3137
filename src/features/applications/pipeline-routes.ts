import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { AddStageInput, ChangeStageInput, PipelineView, ReasonsInput, RemoveStageQuery } from "./model";
import * as pipeline from "./pipeline-settings";
import { PipelineSettingsPage } from "./pages/pipeline-settings-page";

const PAGE = "/settings/pipeline";
const form = { back: PAGE, failed: "Pipeline not changed" };

/** /api/pipeline and Settings → Pipeline (owners and admins): the stages and the reasons for Rejected. */
export function pipelineRoutes(deps: Deps, web: Web) {
  // Every member reads the stages (the board's columns); owners and admins change them.
  const read = new Elysia({ prefix: "/api/pipeline", tags: ["Pipeline"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => pipeline.getPipeline(deps, workspaceId), { response: { 200: PipelineView }, detail: { summary: "The workspace's stages in order and the reasons for Rejected" } });
  const api = new Elysia({ prefix: "/api/pipeline", tags: ["Pipeline"] })
    .use(web.guard)
    .guard({ can: "pipeline.manage" })
    .post(
      "/stages",
      ({ me, body, set }) => {
        set.status = 201;
        return pipeline.addStage(deps, me.user, body);
      },
      { body: AddStageInput, response: { 201: PipelineView }, detail: { summary: "Add a stage (before Rejected)" } },
    )
    .patch("/stages/:id", ({ me, params, body }) => pipeline.changeStage(deps, me.user, params.id, body), {
      params: IdParam,
      body: ChangeStageInput,
      response: { 200: PipelineView },
      detail: { summary: "Rename a stage (its applications stay) or move it" },
    })
    .delete("/stages/:id", ({ me, params, query }) => pipeline.removeStage(deps, me.user, params.id, query.moveTo), {
      params: IdParam,
      query: RemoveStageQuery,
      response: { 200: PipelineView },
      detail: { summary: "Remove a stage; one holding applications needs ?moveTo={stageId}" },
    })
    .put("/reject-reasons", ({ me, body }) => pipeline.setRejectReasons(deps, me.user, body.reasons), {
      body: ReasonsInput,
      response: { 200: PipelineView },
      detail: { summary: "Set the reasons offered for Rejected" },
    });

  const pages = new Elysia()
    .use(web.guard)
    .guard({ can: "pipeline.manage" })
    .get(PAGE, ({ me, workspaceId, cookie }) =>
      renderPage({ title: "Pipeline", toast: takeFlash(cookie), body: PipelineSettingsPage({ shell: web.shell(me.user), pipeline: pipeline.getPipeline(deps, workspaceId) }) }),
    )
    .post(
      `${PAGE}/stages`,
      ({ me, body, cookie }) => {
        pipeline.addStage(deps, me.user, body);
        setFlash(cookie, { title: "Stage added", variant: "success" });
        return seeOther(PAGE);
      },
      { body: AddStageInput, form },
    )
    .post(
      `${PAGE}/stages/:id`,
      ({ me, params, body, cookie }) => {
        pipeline.changeStage(deps, me.user, params.id, body);
        setFlash(cookie, { title: "Stage saved", variant: "success" });
        return seeOther(PAGE);
      },
      { params: IdParam, body: ChangeStageInput, form },
    )
    .post(
      `${PAGE}/stages/:id/remove`,
      ({ me, params, body, cookie }) => {
        pipeline.removeStage(deps, me.user, params.id, body.moveTo);
        setFlash(cookie, { title: "Stage removed", variant: "success" });
        return seeOther(PAGE);
      },
      { params: IdParam, body: RemoveStageQuery, form },
    )
    .post(
      `${PAGE}/reasons`,
      ({ me, body, cookie }) => {
        pipeline.setRejectReasons(deps, me.user, body.reasons);
        setFlash(cookie, { title: "Reasons saved", variant: "success" });
        return seeOther(PAGE);
      },
      { body: ReasonsInput, form },
    );
  return new Elysia().use(read).use(api).use(pages);
}
