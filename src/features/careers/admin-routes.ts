import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { AppError } from "../../lib/errors";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { IdParam } from "../../lib/route-schemas";
import { memberActor } from "../events/record";
import { getJob, updateJob } from "../jobs/service";
import { JobIdParam } from "../jobs/model";
import { applicationsBySource } from "../applications/sources";
import { workspaceNameOf } from "../team/service";
import { CareersInput, CareersView, FormInput, FormView } from "./model";
import { formPatch, postingPatch } from "./posting-form";
import * as careers from "./service";
import { CareersSettingsPage } from "./pages/settings-page";
import { PostingPage } from "./pages/posting-page";

const strings = (body: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(body && typeof body === "object" ? body : {}).map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 20000) : ""]));

/** A suggested address from the workspace's name ("Acme Recruiting" → acme-recruiting). */
const slugFrom = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50) || "jobs";

/** GET/PUT /api/careers, GET/PUT /api/jobs/{id}/application-form, Settings → Careers site, and the job's Posting page. */
export function careersAdminRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ tags: ["Careers"] })
    .use(web.guard)
    .get("/api/careers", ({ workspaceId }) => ({ site: careers.careersSettings(deps, workspaceId) }), {
      auth: true,
      response: { 200: CareersView },
      detail: { summary: "The careers site's settings (null until it has an address)" },
    })
    .put("/api/careers", ({ workspaceId, body, me }) => ({ site: careers.saveCareers(deps, workspaceId, body, memberActor(me)) }), {
      can: "settings.update",
      body: CareersInput,
      response: { 200: CareersView },
      detail: { summary: "Set the careers site: its address (slug), introduction, privacy notice and the job feed's e-mail; a slug another workspace has is 409" },
    })
    .get("/api/jobs/:jobId/application-form", ({ workspaceId, params }) => ({ form: careers.applicationForm(deps, workspaceId, params.jobId) }), {
      auth: true,
      params: JobIdParam,
      response: { 200: FormView },
      detail: { summary: "A job's application form: each standard field required, optional or off, and its screening questions" },
    })
    .put("/api/jobs/:jobId/application-form", ({ workspaceId, params, body, me }) => ({ form: careers.saveApplicationForm(deps, workspaceId, params.jobId, body, memberActor(me)) }), {
      can: "jobs.write",
      params: JobIdParam,
      body: FormInput,
      response: { 200: FormView },
      detail: { summary: "Set a job's application form (fields and questions: yes_no, choice or text; a knock-out answer flags, never rejects)" },
    });

  const settingsPage = (
    me: { user: Parameters<Web["shell"]>[0] },
    workspaceId: number,
    values: Record<string, string> | null,
    errors: Record<string, string>,
    status = 200,
    toast: ReturnType<typeof takeFlash> = null,
  ) =>
    renderPage({
      title: "Careers site",
      status,
      toast,
      body: CareersSettingsPage({
        shell: web.shell(me.user),
        site: careers.careersSettings(deps, workspaceId),
        values: values ? { slug: values.slug ?? "", intro: values.intro ?? "", privacyNotice: values.privacyNotice ?? "", feedEmail: values.feedEmail ?? "" } : null,
        errors,
        suggested: slugFrom(workspaceNameOf(deps, workspaceId)),
      }),
    });

  const postingPage = (
    me: { user: Parameters<Web["shell"]>[0] },
    workspaceId: number,
    jobId: number,
    posted: Record<string, string> | null,
    errors: Record<string, string>,
    status = 200,
    toast: ReturnType<typeof takeFlash> = null,
  ) => {
    const job = getJob(deps, workspaceId, jobId);
    const site = careers.careersSettings(deps, workspaceId);
    return renderPage({
      title: `Posting · ${job.title}`,
      status,
      toast,
      body: PostingPage({
        shell: web.shell(me.user),
        job,
        form: careers.applicationForm(deps, workspaceId, jobId),
        publicUrl: site ? `/careers/${site.slug}/jobs/${job.id}` : null,
        posted,
        errors,
        sources: applicationsBySource(deps, workspaceId, jobId),
      }),
    });
  };

  const pages = new Elysia()
    .use(web.guard)
    .get("/settings/careers", ({ me, workspaceId, cookie }) => settingsPage(me, workspaceId, null, {}, 200, takeFlash(cookie)), { can: "settings.update" })
    .post(
      "/settings/careers",
      ({ me, workspaceId, body, cookie }) => {
        const values = strings(body);
        const parsed = CareersInput.safeParse(values);
        if (!parsed.success) {
          const errors: Record<string, string> = {};
          for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
          return settingsPage(me, workspaceId, values, errors, 400);
        }
        try {
          careers.saveCareers(deps, workspaceId, parsed.data, memberActor(me));
        } catch (e) {
          if (e instanceof AppError && e.status < 500) return settingsPage(me, workspaceId, values, e.fields ?? { slug: e.message }, e.status);
          throw e;
        }
        setFlash(cookie, { title: "Careers site saved", variant: "success" });
        return seeOther("/settings/careers");
      },
      { can: "settings.update" },
    )
    .get("/jobs/:id/posting", ({ me, workspaceId, params, cookie }) => postingPage(me, workspaceId, params.id, null, {}, 200, takeFlash(cookie)), { auth: true, params: IdParam })
    .post(
      "/jobs/:id/posting",
      ({ me, workspaceId, params, body, cookie }) => {
        const posted = strings(body);
        const patch = postingPatch(posted);
        if (!patch.ok) return postingPage(me, workspaceId, params.id, posted, patch.errors, 400);
        try {
          updateJob(deps, workspaceId, params.id, patch.value, memberActor(me));
        } catch (e) {
          if (e instanceof AppError && e.status < 500 && e.status !== 404) return postingPage(me, workspaceId, params.id, posted, e.fields ?? {}, e.status);
          throw e;
        }
        setFlash(cookie, { title: "Posting saved", variant: "success" });
        return seeOther(`/jobs/${params.id}/posting`);
      },
      { can: "jobs.write", params: IdParam },
    )
    .post(
      "/jobs/:id/application-form",
      ({ me, workspaceId, params, body, cookie }) => {
        const posted = strings(body);
        const patch = formPatch(posted);
        if (!patch.ok) return postingPage(me, workspaceId, params.id, posted, patch.errors, 400);
        careers.saveApplicationForm(deps, workspaceId, params.id, patch.value, memberActor(me));
        setFlash(cookie, { title: "Application form saved", variant: "success" });
        return seeOther(`/jobs/${params.id}/posting`);
      },
      { can: "jobs.write", params: IdParam },
    );
  return new Elysia().use(api).use(pages);
}
