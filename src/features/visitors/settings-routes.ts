import { Elysia } from "elysia";
import type { VisitorsDeps } from "./needs";
import type { Web } from "../auth/web";
import { memberActor } from "../events/record";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { embedOrigins, workspaceSite, workspaceZone } from "../auth/workspace-site";
import {
  AvailabilityForm,
  AvailabilityInput,
  EmbedOriginsInput,
  EmbedOriginsView,
  JobIdParam,
  JobQuestionsInput,
  JobQuestionsView,
  OutsideUrlsInput,
  QuestionsForm,
  SettingsPageQuery,
  SettingsView,
} from "./model";
import { getJobQuestions, jobsWithQuestions, saveAllowedOrigins, saveAvailability, saveJobQuestions, saveOutsideUrls, settingsView } from "./settings-service";
import { jobsOf } from "./partners";
import { SettingsPage } from "./pages/settings-page";

const PAGE = "/settings/candidate-pages";
// A refused form goes back to the page with the reason in a red toast; nothing is saved.
const refused = { back: PAGE, failed: "Not saved" };

/** The recruiter's side of the candidate pages: one signed-in page, its forms, and its API. */
export function visitorSettingsRoutes(deps: VisitorsDeps, web: Web) {
  const pages = new Elysia()
    .use(web.guard)
    .guard({ can: "settings.update" })
    .get(
      PAGE,
      ({ me, workspaceId, query, cookie }) => {
        const custom = jobsWithQuestions(deps, workspaceId);
        const jobs = jobsOf(deps, workspaceId).map((j) => ({ ...j, custom: custom.has(j.id) }));
        const wanted = query.job ? Number(query.job) : jobs[0]?.id;
        const chosen = jobs.find((j) => j.id === wanted) ?? jobs[0];
        return renderPage({
          title: "Candidate pages",
          toast: takeFlash(cookie),
          body: SettingsPage({
            shell: web.shell(me.user),
            appUrl: deps.config.APP_URL,
            settings: settingsView(deps, workspaceId),
            site: workspaceSite(deps, workspaceId),
            workspaceZone: workspaceZone(deps, workspaceId),
            jobs,
            job: chosen ? getJobQuestions(deps, workspaceId, chosen.id) : null,
          }),
        });
      },
      { query: SettingsPageQuery },
    )
    .post(
      `${PAGE}/availability`,
      ({ me, workspaceId, body, cookie }) => {
        saveAvailability(deps, workspaceId, me.user.id, body, memberActor(me));
        setFlash(cookie, { title: "Availability saved", variant: "success" });
        return seeOther(PAGE);
      },
      { body: AvailabilityForm, form: refused },
    )
    .post(
      `${PAGE}/questions`,
      ({ workspaceId, body, cookie, me }) => {
        saveJobQuestions(deps, workspaceId, body.jobId, body.questions, memberActor(me));
        setFlash(cookie, { title: "Questions saved", variant: "success" });
        return seeOther(`${PAGE}?job=${body.jobId}`);
      },
      { body: QuestionsForm, form: refused },
    )
    .post(
      `${PAGE}/urls`,
      ({ workspaceId, body, cookie, me }) => {
        saveOutsideUrls(deps, workspaceId, body, memberActor(me));
        setFlash(cookie, { title: "URLs saved", variant: "success" });
        return seeOther(PAGE);
      },
      { body: OutsideUrlsInput, form: refused },
    )
    .post(
      `${PAGE}/embed`,
      ({ workspaceId, body, cookie, me }) => {
        saveAllowedOrigins(deps, workspaceId, body.allowedOrigins, memberActor(me));
        setFlash(cookie, { title: "Allowed origins saved", variant: "success" });
        return seeOther(PAGE);
      },
      { body: EmbedOriginsInput, form: refused },
    );

  const reads = new Elysia({ prefix: "/api/candidate-pages", tags: ["Candidate pages"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/settings", ({ workspaceId }) => settingsView(deps, workspaceId), { response: { 200: SettingsView }, detail: { summary: "The candidate pages' settings" } })
    .get("/settings/embed", ({ workspaceId }) => ({ allowedOrigins: embedOrigins(deps, workspaceId) }), {
      response: { 200: EmbedOriginsView },
      detail: { summary: "The origins allowed to embed the prequalifier and booking pages" },
    })
    .get("/jobs/:jobId/questions", ({ workspaceId, params }) => getJobQuestions(deps, workspaceId, params.jobId), {
      params: JobIdParam,
      response: { 200: JobQuestionsView },
      detail: { summary: "A job's assessment questions" },
    });

  const writes = new Elysia({ prefix: "/api/candidate-pages", tags: ["Candidate pages"] })
    .use(web.guard)
    .guard({ can: "settings.update" })
    .put(
      "/settings/urls",
      ({ workspaceId, body, me }) => {
        saveOutsideUrls(deps, workspaceId, body, memberActor(me));
        return settingsView(deps, workspaceId);
      },
      { body: OutsideUrlsInput, response: { 200: SettingsView }, detail: { summary: "Set the outside chatbot or scheduler URLs" } },
    )
    .put(
      "/settings/availability",
      ({ me, workspaceId, body }) => {
        saveAvailability(deps, workspaceId, me.user.id, body, memberActor(me));
        return settingsView(deps, workspaceId);
      },
      { body: AvailabilityInput, response: { 200: SettingsView }, detail: { summary: "Set the intro-call hours (the caller hosts the calls)" } },
    )
    .put("/settings/embed", ({ workspaceId, body, me }) => saveAllowedOrigins(deps, workspaceId, body.allowedOrigins, memberActor(me)), {
      body: EmbedOriginsInput,
      response: { 200: EmbedOriginsView },
      detail: { summary: "Set the origins allowed to embed the prequalifier and booking pages" },
    })
    .put("/jobs/:jobId/questions", ({ workspaceId, params, body, me }) => saveJobQuestions(deps, workspaceId, params.jobId, body.questions, memberActor(me)), {
      params: JobIdParam,
      body: JobQuestionsInput,
      response: { 200: JobQuestionsView },
      detail: { summary: "Set a job's assessment questions (an empty list: the default set)" },
    });

  return new Elysia().use(pages).use(reads).use(writes);
}
