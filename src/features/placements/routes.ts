import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { parseInput } from "../../lib/validate";
import { memberActor } from "../events/record";
import { CreatePlacementInput, NewPlacementQuery, OnePlacement, PlacementList, PlacementsQuery, UpdatePlacementInput, splitsFromForm } from "./model";
import * as placements from "./service";
import { formDefaults, placementsPageData, placementPageData } from "./page-data";
import { PlacementsPage } from "./pages/placements-page";
import { PlacementPage } from "./pages/placement-page";
import { NewPlacementPage } from "./pages/new-placement-page";

const FormBody = z.record(z.string(), z.string());
/** A form's fields as the API's input: the split's rows become `splits`, blank fields none. */
const fromForm = (body: Record<string, string>) => {
  const splits = splitsFromForm(body)?.map((s) => ({ userId: s.userId, percent: s.percent }));
  const rest = Object.fromEntries(Object.entries(body).filter(([k, v]) => !/^split\d+(User|Percent)$/.test(k) && v !== ""));
  return { ...rest, ...(splits ? { splits } : {}) };
};
const back = (input: { params: Record<string, string> }) => (input.params.id ? `/placements/${Number(input.params.id) || ""}` : "/placements");

/** /api/placements and the pages /placements, /placements/new and /placements/{id} (plain forms, no script). */
export function placementRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api/placements", tags: ["Placements"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ me, query }) => ({ placements: placements.listPlacements(deps, me.user, query) }), {
      query: PlacementsQuery,
      response: { 200: PlacementList },
      detail: { summary: "Placements, newest start first (from/to by start date, clientId, jobId, recruiterId, applicationId); a recruiter's own" },
    })
    .post(
      "",
      ({ me, body, set }) => {
        set.status = 201;
        return { placement: placements.createPlacement(deps, me.user, body, memberActor(me)) };
      },
      { body: CreatePlacementInput, response: { 201: OnePlacement }, detail: { summary: "Record a placement (moves its application to the closing success stage)" } },
    )
    .get("/:id", ({ me, params }) => ({ placement: placements.getPlacement(deps, me.user, params.id) }), { params: IdParam, response: { 200: OnePlacement }, detail: { summary: "One placement" } })
    .patch("/:id", ({ me, params, body }) => ({ placement: placements.updatePlacement(deps, me.user, params.id, body, memberActor(me)) }), {
      params: IdParam,
      body: UpdatePlacementInput,
      response: { 200: OnePlacement },
      detail: { summary: "Change a placement, or mark it invoiced, paid or fallen through within the guarantee (with refundPercent)" },
    });

  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/placements",
      ({ me, query, cookie }) => renderPage({ title: "Placements", toast: takeFlash(cookie), body: PlacementsPage({ shell: web.shell(me.user), data: placementsPageData(deps, me.user, query) }) }),
      { query: PlacementsQuery },
    )
    .get(
      "/placements/new",
      ({ me, query, cookie }) =>
        renderPage({ title: "Record a placement", toast: takeFlash(cookie), body: NewPlacementPage({ shell: web.shell(me.user), data: formDefaults(deps, me.user, query.application) }) }),
      { query: NewPlacementQuery },
    )
    .get(
      "/placements/:id",
      ({ me, params, cookie }) => {
        const data = placementPageData(deps, me.user, params.id);
        return renderPage({ title: `Placement: ${data.placement.jobTitle}`, toast: takeFlash(cookie), body: PlacementPage({ shell: web.shell(me.user), data }) });
      },
      { params: IdParam },
    )
    .post(
      "/placements",
      ({ me, body, cookie }) => {
        const p = placements.createPlacement(deps, me.user, parseInput(CreatePlacementInput, fromForm(body)), memberActor(me));
        setFlash(cookie, { title: "Placement recorded", description: `Fee ${p.fee} ${p.currency}`, variant: "success" });
        return seeOther(`/placements/${p.id}`);
      },
      { body: FormBody, form: { back: (i: { body: Record<string, unknown> }) => `/placements/new?application=${Number(i.body.applicationId) || ""}`, failed: "Placement not recorded" } },
    )
    .post(
      "/placements/:id",
      ({ me, params, body, cookie }) => {
        const { action, ...fields } = body;
        const input =
          action === "invoiced"
            ? { invoicedOn: fields.on || null }
            : action === "paid"
              ? { paidOn: fields.on || null }
              : action === "fell-through"
                ? { fellThroughOn: fields.on || null, refundPercent: fields.refundPercent }
                : fromForm(fields);
        placements.updatePlacement(deps, me.user, params.id, parseInput(UpdatePlacementInput, input), memberActor(me));
        const title = action === "invoiced" ? "Marked invoiced" : action === "paid" ? "Marked paid" : action === "fell-through" ? "Marked fallen through" : "Placement saved";
        setFlash(cookie, { title, variant: "success" });
        return seeOther(`/placements/${params.id}`);
      },
      { params: IdParam, body: FormBody, form: { back, failed: "Placement not saved" } },
    );
  return new Elysia().use(api).use(pages);
}
