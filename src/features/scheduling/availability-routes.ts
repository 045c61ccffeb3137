import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import { z } from "zod";
import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { flashCookieHeader, setFlash, takeFlash } from "../../lib/flash";
import { renderPage } from "../../lib/render";
import { type FormFailure, type FormInput, seeOther } from "../../lib/route-options";
import { parseInput } from "../../lib/validate";
import { signedInOf } from "../auth/guard";
import { workspaceMembers } from "../auth/members";
import { can } from "../auth/permissions";
import { memberActor } from "../events/record";
import { type AvailabilityForm, fromForm, toForm } from "./availability-form";
import { AvailabilityAnswer, AvailabilityInput, AvailabilityQuery } from "./availability-model";
import { getAvailability, putAvailability } from "./availability";
import { AvailabilityPage } from "./pages/availability-page";
import { fromTypeForm, InterviewTypesPage, type TypeForm } from "./pages/interview-types-page";
import { ChangeLimits, ChangeLimitsInput, changeLimits, putChangeLimits } from "./change-limits";
import { IdParam, Success } from "../../lib/route-schemas";
import {
  createInterviewType,
  deleteInterviewType,
  InterviewTypeInput,
  InterviewTypeList,
  InterviewTypePatch,
  InterviewTypeView,
  interviewType,
  listInterviewTypes,
  updateInterviewType,
} from "./interview-types";

const FormBody = z.record(z.string(), z.string().max(20_000));
const PAGE = "/settings/availability";

// Every zone Intl knows, for the form's select (read once).
let zoneList: string[] | null = null;
const zones = () => (zoneList ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")]);

/** The posted form checked by the API's schema; a refusal names the form field it is about. */
function checkForm(form: AvailabilityForm): AvailabilityInput {
  const raw = fromForm(form);
  try {
    return parseInput(AvailabilityInput, raw);
  } catch (e) {
    if (!(e instanceof AppError) || !e.fields) throw e;
    const [key, message] = Object.entries(e.fields)[0]!;
    const [top, index] = key.split(".");
    const weekly = raw.weekly as { day: number }[];
    const field = top === "weekly" && index !== undefined && weekly[Number(index)] ? `day${weekly[Number(index)]!.day}` : (top ?? "body");
    throw badRequest(message, { [field]: message });
  }
}

/** GET/PUT /api/availability and Settings → Availability (issue 36 item 1). */
export function availabilityRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api/availability", tags: ["Availability"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ me, query }) => getAvailability(deps, me.user, query.userId), {
      query: AvailabilityQuery,
      response: { 200: AvailabilityAnswer },
      detail: { summary: "A member's availability for interviews (one's own; owners and admins any member's with ?userId=)" },
    })
    .put("", ({ me, query, body }) => putAvailability(deps, me.user, memberActor(me), body, query.userId), {
      query: AvailabilityQuery,
      body: AvailabilityInput,
      response: { 200: AvailabilityAnswer },
      detail: { summary: "Change a member's availability; fields left out keep their values" },
    });

  type Failure = { message: string; field?: string };
  const page = (
    me: Parameters<Web["shell"]>[0],
    userId: number | undefined,
    form: AvailabilityForm | null,
    opts: { status?: number; error?: Failure | null; toast?: ReturnType<typeof takeFlash>; changes?: { form: Record<string, string>; error: Failure } },
  ) => {
    const saved = getAvailability(deps, me, userId);
    const limits = changeLimits(deps, me.workspaceId);
    const changes = {
      candidateChangeCutoffHours: opts.changes?.form.candidateChangeCutoffHours ?? String(limits.candidateChangeCutoffHours),
      maxCandidateMoves: opts.changes?.form.maxCandidateMoves ?? String(limits.maxCandidateMoves),
      editable: can(me, "settings.update"),
      error: opts.changes?.error ?? null,
    };
    const members = can(me, "members.update") ? workspaceMembers(deps, me.workspaceId).map((m) => ({ id: m.id, name: m.name || m.email })) : null;
    const subjectId = userId ?? me.id;
    const member = members?.find((m) => m.id === subjectId) ?? { id: me.id, name: me.name || me.email };
    return renderPage({
      title: "Availability",
      status: opts.status,
      toast: opts.toast ?? null,
      body: AvailabilityPage({ shell: web.shell(me), form: form ?? toForm(saved), member, members, zones: zones(), error: opts.error, changes }),
    });
  };

  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(PAGE, ({ me, query, cookie }) => page(me.user, query.userId, null, { toast: takeFlash(cookie) }), { query: AvailabilityQuery })
    .post(
      PAGE,
      ({ me, query, body, cookie }) => {
        putAvailability(deps, me.user, memberActor(me), checkForm(body), query.userId);
        setFlash(cookie, { title: "Availability saved", variant: "success" });
        return seeOther(query.userId ? `${PAGE}?userId=${query.userId}` : PAGE);
      },
      {
        query: AvailabilityQuery,
        body: FormBody,
        // A refusal shows the form again with what was typed and the message beside it.
        form: { render: (failure: FormFailure, input: FormInput) => failurePage(failure, input) },
      },
    );

  // Candidates' change limits from the same page, without JavaScript (issue 36 item 6).
  const CHANGES = `${PAGE}/candidate-changes`;
  const wholeOrText = (v: string | undefined) => (v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
  const changesPages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .post(
      CHANGES,
      ({ me, body, cookie }) => {
        const input = parseInput(ChangeLimitsInput, { candidateChangeCutoffHours: wholeOrText(body.candidateChangeCutoffHours), maxCandidateMoves: wholeOrText(body.maxCandidateMoves) });
        putChangeLimits(deps, me.user, memberActor(me), input);
        setFlash(cookie, { title: "Candidates' change limits saved", variant: "success" });
        return seeOther(PAGE);
      },
      {
        body: FormBody,
        form: {
          render: (failure: FormFailure, input: FormInput) => {
            const signedIn = signedInOf(input.request)?.user;
            if (!signedIn) return seeOther("/login");
            if (failure.status === 403) return seeOther(PAGE, { "set-cookie": flashCookieHeader({ title: "Not saved", description: failure.message, variant: "destructive" }) });
            const form = Object.fromEntries(Object.entries(input.body).filter(([, v]) => typeof v === "string")) as Record<string, string>;
            const field = failure.fields ? Object.keys(failure.fields)[0] : undefined;
            return page(signedIn, undefined, null, {
              status: failure.status,
              changes: { form, error: { message: failure.message, field } },
              toast: { title: "Not saved", description: failure.message, variant: "destructive" },
            });
          },
        },
      },
    );

  function failurePage(failure: FormFailure, input: FormInput) {
    const signedIn = signedInOf(input.request)?.user;
    if (!signedIn) return seeOther("/login");
    // Another member's hours without the right to them (or no such member): back to one's own.
    if (failure.status === 403 || failure.status === 404) return seeOther(PAGE, { "set-cookie": flashCookieHeader({ title: "Not saved", description: failure.message, variant: "destructive" }) });
    const userId = input.query.userId ? Number(input.query.userId) || undefined : undefined;
    const form = Object.fromEntries(Object.entries(input.body).filter(([, v]) => typeof v === "string")) as AvailabilityForm;
    const field = failure.fields ? Object.keys(failure.fields)[0] : undefined;
    return page(signedIn, userId, form, { status: failure.status, error: { message: failure.message, field }, toast: { title: "Not saved", description: failure.message, variant: "destructive" } });
  }

  // Candidates' change limits (issue 36 item 6): every member reads them, owners and admins change them.
  const limits = new Elysia({ prefix: "/api/scheduling-settings", tags: ["Availability"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => changeLimits(deps, workspaceId), {
      response: { 200: ChangeLimits },
      detail: { summary: "How close to the start candidates may still move or cancel (hours), and how many moves an interview allows" },
    })
    .put("", ({ me, body }) => putChangeLimits(deps, me.user, memberActor(me), body), {
      body: ChangeLimitsInput,
      response: { 200: ChangeLimits },
      detail: { summary: "Change the candidates' change limits" },
    });

  // Interview types (issue 36 item 5): every member reads and uses them; scheduling.write changes them.
  const types = new Elysia({ prefix: "/api/interview-types", tags: ["Availability"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("", ({ workspaceId }) => ({ interviewTypes: listInterviewTypes(deps, workspaceId) }), { response: { 200: InterviewTypeList }, detail: { summary: "The workspace's interview types" } })
    .get("/:id", ({ workspaceId, params }) => interviewType(deps, workspaceId, params.id), { params: IdParam, response: { 200: InterviewTypeView }, detail: { summary: "One interview type" } })
    .post(
      "",
      ({ workspaceId, me, body, set }) => {
        set.status = 201;
        return createInterviewType(deps, workspaceId, memberActor(me), body);
      },
      { can: "scheduling.write", body: InterviewTypeInput, response: { 201: InterviewTypeView }, detail: { summary: "Add an interview type" } },
    )
    .patch("/:id", ({ workspaceId, me, params, body }) => updateInterviewType(deps, workspaceId, params.id, memberActor(me), body), {
      can: "scheduling.write",
      params: IdParam,
      body: InterviewTypePatch,
      response: { 200: InterviewTypeView },
      detail: { summary: "Change an interview type (fields left out keep their values)" },
    })
    .delete(
      "/:id",
      ({ workspaceId, me, params }) => {
        deleteInterviewType(deps, workspaceId, params.id, memberActor(me));
        return { success: true as const };
      },
      { can: "scheduling.write", params: IdParam, response: { 200: Success }, detail: { summary: "Delete an interview type (sessions made from it keep what they copied)" } },
    );

  // Settings → Interview types without JavaScript: the same service and schema as the API.
  const TypeFormBody = z.record(z.string(), z.union([z.string().max(2000), z.array(z.string().max(20)).max(50)]));
  const TYPES_PAGE = "/settings/interview-types";
  const typesPage = (me: Parameters<Web["shell"]>[0], editId: number | undefined, form: TypeForm | null, error: string | null, status = 200, toast: ReturnType<typeof takeFlash> = null) => {
    const list = listInterviewTypes(deps, me.workspaceId);
    return renderPage({
      title: "Interview types",
      status,
      toast: error ? { title: "Not saved", description: error, variant: "destructive" } : toast,
      body: InterviewTypesPage({
        shell: web.shell(me),
        types: list,
        members: workspaceMembers(deps, me.workspaceId).map((m) => ({ id: m.id, name: m.name || m.email })),
        editing: editId ? (list.find((t) => t.id === editId) ?? null) : null,
        form,
        error,
      }),
    });
  };
  const typeFailed = (failure: FormFailure, input: FormInput) => {
    const signedIn = signedInOf(input.request)?.user;
    if (!signedIn) return seeOther("/login");
    const id = Number(input.params.id) || undefined;
    return typesPage(signedIn, id, input.body as TypeForm, failure.message, failure.status);
  };
  const typePages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(TYPES_PAGE, ({ me, query, cookie }) => typesPage(me.user, query.edit ? Number(query.edit) || undefined : undefined, null, null, 200, takeFlash(cookie)), {
      query: z.object({ edit: z.string().max(20).optional() }),
    })
    .post(
      TYPES_PAGE,
      ({ me, body, cookie }) => {
        createInterviewType(deps, me.user.workspaceId, memberActor(me), parseInput(InterviewTypeInput, fromTypeForm(body)));
        setFlash(cookie, { title: "Interview type added", variant: "success" });
        return seeOther(TYPES_PAGE);
      },
      { can: "scheduling.write", body: TypeFormBody, form: { render: typeFailed } },
    )
    .post(
      `${TYPES_PAGE}/:id`,
      ({ me, params, body, cookie }) => {
        updateInterviewType(deps, me.user.workspaceId, params.id, memberActor(me), parseInput(InterviewTypePatch, fromTypeForm(body)));
        setFlash(cookie, { title: "Interview type saved", variant: "success" });
        return seeOther(TYPES_PAGE);
      },
      { can: "scheduling.write", params: IdParam, body: TypeFormBody, form: { render: typeFailed } },
    )
    .post(
      `${TYPES_PAGE}/:id/delete`,
      ({ me, params, cookie }) => {
        deleteInterviewType(deps, me.user.workspaceId, params.id, memberActor(me));
        setFlash(cookie, { title: "Interview type deleted", variant: "success" });
        return seeOther(TYPES_PAGE);
      },
      { can: "scheduling.write", params: IdParam, form: { back: TYPES_PAGE, failed: "Not deleted" } },
    );

  return new Elysia().use(api).use(pages).use(changesPages).use(limits).use(types).use(typePages);
}
