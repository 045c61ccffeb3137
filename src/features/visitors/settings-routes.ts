import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError, notFound } from "../../lib/errors";
import { formBool, parseInput } from "../../lib/validate";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { workspaceSite } from "../auth/workspace-site";
import { AvailabilityInput, JobQuestionsInput, OutsideUrlsInput } from "./model";
import { getJobQuestions, getSettings, jobsWithQuestions, saveAvailability, saveJobQuestions, saveOutsideUrls } from "./settings-service";
import { jobsOf } from "./partners";
import { SettingsPage } from "./pages/settings-page";

const PAGE = "/settings/candidate-pages";
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

const jobIdOf = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw notFound("Job not found");
  return n;
};

/** The weekly table of the form (on_D, start_D, end_D for D = 0…6) as availability input. */
function availabilityFromForm(form: Record<string, unknown>) {
  const weekly = [];
  for (let d = 0; d < 7; d++) if (formBool(form[`on_${d}`])) weekly.push({ day: d, start: form[`start_${d}`], end: form[`end_${d}`] });
  return { introCallMinutes: form.introCallMinutes, timeZone: form.timeZone, weekly };
}

/** The recruiter's side of the candidate pages: one signed-in page and its API. */
export function visitorSettingsRoutes(deps: Deps) {
  /** Runs a form's save; a refusal comes back as a toast on the page, nothing saved. */
  const formPost = (save: (ctx: any, form: Record<string, unknown>) => string | void, done: string) => (ctx: any) => {
    const form = (ctx.body ?? {}) as Record<string, unknown>;
    try {
      const back = save(ctx, form) ?? PAGE;
      setFlash(ctx.cookie, { title: done, variant: "success" });
      return see(back);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      setFlash(ctx.cookie, { title: "Not saved", description: e.message, variant: "destructive" });
      return see(PAGE);
    }
  };

  const pages = new Elysia()
    .use(authGuard(deps))
    .get(
      PAGE,
      ({ me, workspaceId, query, cookie }) => {
        const custom = jobsWithQuestions(deps, workspaceId);
        const jobs = jobsOf(deps, workspaceId).map((j) => ({ ...j, custom: custom.has(j.id) }));
        const wanted = query.job ? Number(query.job) : jobs[0]?.id;
        const chosen = jobs.find((j) => j.id === wanted) ?? jobs[0];
        return renderPage({
          title: "Candidate pages",
          toast: takeFlash(cookie as any),
          body: SettingsPage({
            shell: makeShell(deps, me.user),
            appUrl: deps.config.APP_URL,
            settings: getSettings(deps, workspaceId),
            site: workspaceSite(deps, workspaceId),
            jobs,
            job: chosen ? getJobQuestions(deps, workspaceId, chosen.id) : null,
          }),
        });
      },
      { can: "settings.update" },
    )
    .post(
      `${PAGE}/availability`,
      formPost(({ me, workspaceId }, form) => {
        saveAvailability(deps, workspaceId, me.user.id, parseInput(AvailabilityInput, availabilityFromForm(form)));
      }, "Availability saved"),
      { can: "settings.update" },
    )
    .post(
      `${PAGE}/questions`,
      formPost(({ workspaceId }, form) => {
        const jobId = jobIdOf(form.jobId);
        const lines = typeof form.questions === "string" ? form.questions.split(/\r?\n/) : [];
        saveJobQuestions(deps, workspaceId, jobId, parseInput(JobQuestionsInput, { questions: lines }).questions);
        return `${PAGE}?job=${jobId}`;
      }, "Questions saved"),
      { can: "settings.update" },
    )
    .post(
      `${PAGE}/urls`,
      formPost(({ workspaceId }, form) => {
        saveOutsideUrls(deps, workspaceId, parseInput(OutsideUrlsInput, form));
      }, "URLs saved"),
      { can: "settings.update" },
    );

  const api = new Elysia({ prefix: "/api/candidate-pages" })
    .use(authGuard(deps))
    .get("/settings", ({ workspaceId }) => getSettings(deps, workspaceId), { auth: true })
    .put("/settings/urls", ({ workspaceId, body }) => saveOutsideUrls(deps, workspaceId, parseInput(OutsideUrlsInput, body)), { can: "settings.update" })
    .put("/settings/availability", ({ me, workspaceId, body }) => saveAvailability(deps, workspaceId, me.user.id, parseInput(AvailabilityInput, body)), { can: "settings.update" })
    .get("/jobs/:jobId/questions", ({ workspaceId, params }) => getJobQuestions(deps, workspaceId, jobIdOf(params.jobId)), { auth: true })
    .put(
      "/jobs/:jobId/questions",
      ({ workspaceId, params, body }) => saveJobQuestions(deps, workspaceId, jobIdOf(params.jobId), parseInput(JobQuestionsInput, body).questions),
      { can: "settings.update" },
    );

  return new Elysia().use(pages).use(api);
}
