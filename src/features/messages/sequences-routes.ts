import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { routeOptions, seeOther } from "../../lib/route-options";
import { badRequest } from "../../lib/errors";
import { EnrolInput, EnrolmentView, EnrolResult, OneSequence, SequenceCandidateParams, SequenceInput, SequenceList, SequencePatch } from "./model";
import { createSequence, enrol, listSequences, unenrol, updateSequence } from "./sequences";
import { unsubscribe } from "./sequence-stop";
import { templatesForCompose } from "./compose";
import { SequencesPage, STEP_ROWS } from "./pages/sequences-page";
import { UnsubscribePage } from "./pages/unsubscribe-page";

/** The no-script form's fields (step0Template, step0Delay, step0Business, ...) as a sequence. */
function sequenceOfForm(body: Record<string, unknown>) {
  const steps = Array.from({ length: STEP_ROWS }, (_, i) => ({
    templateId: Number(body[`step${i}Template`]) || 0,
    delayDays: Number(body[`step${i}Delay`]) || 0,
    businessDays: body[`step${i}Business`] === "1",
  })).filter((s) => s.templateId > 0);
  const parsed = SequenceInput.safeParse({ name: body.name, steps });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid sequence");
  return parsed.data;
}

const candidateBack = (i: { params: Record<string, string> }) => `/candidates/${Number(i.params.id) || ""}`;
const FormBody = z.record(z.string(), z.unknown());
const Token = z.object({ token: z.string().max(100) });

/** /api/sequences, the /sequences page, enrolling from a candidate's page, and the unsubscribe link. */
export function sequencesRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api/sequences", tags: ["Sequences"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => ({ sequences: listSequences(deps, workspaceId) }), {
      response: { 200: SequenceList },
      detail: { summary: "The workspace's sequences with their steps and enrolments" },
    })
    .post(
      "",
      ({ me, body, set }) => {
        set.status = 201;
        return { sequence: createSequence(deps, me.user, body) };
      },
      { body: SequenceInput, response: { 201: OneSequence }, detail: { summary: "Make a sequence: named steps, each a template and a delay in days (business days or not)" } },
    )
    .patch("/:id", ({ me, params, body }) => ({ sequence: updateSequence(deps, me.user, params.id, body) }), {
      params: IdParam,
      body: SequencePatch,
      response: { 200: OneSequence },
      detail: { summary: "Rename a sequence, change its steps, pause or resume it" },
    })
    .post("/:id/enrolments", ({ me, params, body }) => enrol(deps, me.user, params.id, body.candidateIds), {
      params: IdParam,
      body: EnrolInput,
      response: { 200: EnrolResult },
      detail: { summary: "Enrol candidates (each gets the steps from the enrolling member's mailbox); refused ones say why" },
    })
    .delete("/:id/enrolments/:candidateId", ({ me, params }) => ({ enrolment: unenrol(deps, me.user, params.id, params.candidateId) }), {
      params: SequenceCandidateParams,
      response: { 200: z.object({ enrolment: EnrolmentView }) },
      detail: { summary: "Stop a candidate's enrolment" },
    });

  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/sequences", ({ me, workspaceId, cookie }) =>
      renderPage({
        title: "Sequences",
        toast: takeFlash(cookie),
        body: SequencesPage({ shell: web.shell(me.user), sequences: listSequences(deps, workspaceId), templates: templatesForCompose(deps, workspaceId) }),
      }),
    )
    .post(
      "/sequences",
      ({ me, body, cookie }) => {
        createSequence(deps, me.user, sequenceOfForm(body));
        setFlash(cookie, { title: "Sequence created", variant: "success" });
        return seeOther("/sequences");
      },
      { body: FormBody, form: { back: "/sequences", failed: "Sequence not created" } },
    )
    .post(
      "/sequences/:id/:action",
      ({ me, params, cookie }) => {
        updateSequence(deps, me.user, params.id, { paused: params.action === "pause" });
        setFlash(cookie, { title: params.action === "pause" ? "Sequence paused" : "Sequence resumed", variant: "success" });
        return seeOther("/sequences");
      },
      { params: z.object({ id: z.coerce.number().int().positive(), action: z.enum(["pause", "resume"]) }), form: { back: "/sequences", failed: "Sequence not changed" } },
    )
    .post(
      "/candidates/:id/sequences",
      ({ me, params, body, cookie }) => {
        const r = enrol(deps, me.user, body.sequenceId, [params.id]);
        setFlash(cookie, r.refused.length ? { title: "Not enrolled", description: r.refused[0]!.reason, variant: "destructive" } : { title: "Enrolled", variant: "success" });
        return seeOther(`/candidates/${params.id}#candidate-sequences`);
      },
      { params: IdParam, body: z.object({ sequenceId: z.coerce.number().int().positive() }), form: { back: candidateBack, failed: "Not enrolled" } },
    )
    .post(
      "/sequences/:id/enrolments/:candidateId/stop",
      ({ me, params, cookie }) => {
        unenrol(deps, me.user, params.id, params.candidateId);
        setFlash(cookie, { title: "Sequence stopped for this candidate", variant: "success" });
        return seeOther(`/candidates/${params.candidateId}#candidate-sequences`);
      },
      { params: SequenceCandidateParams, form: { back: "/sequences", failed: "Not stopped" } },
    );

  // The link in each sequence e-mail: mail programs post it themselves (List-Unsubscribe-Post), from anywhere.
  const link = new Elysia({ tags: ["Sequences"] })
    .use(routeOptions())
    .get(
      "/u/:token",
      ({ params }) =>
        renderPage({ title: "Unsubscribe", styles: "candidate", noindex: true, body: UnsubscribePage({ token: params.token, done: false, known: /^[A-Za-z0-9_-]{20,64}$/.test(params.token) }) }),
      {
        params: Token,
      },
    )
    .post(
      "/u/:token",
      ({ params }) => {
        const known = unsubscribe(deps, params.token);
        return renderPage({ title: "Unsubscribe", styles: "candidate", noindex: true, status: known ? 200 : 404, body: UnsubscribePage({ token: params.token, done: known, known }) });
      },
      { params: Token, crossSite: true, parse: "none", detail: { summary: "One-click unsubscribe from a sequence (RFC 8058 List-Unsubscribe-Post)" } },
    );
  return new Elysia().use(api).use(pages).use(link);
}
