import { Elysia } from "elysia";
import { assistantNotice } from "../suggestions/notice";
import type { VisitorsDeps } from "./needs";
import type { Web } from "../auth/web";
import { createElement } from "react";
import type { Server } from "bun";
import { renderPage } from "../../lib/render";
import { clientIp } from "../../lib/client-ip";
import { AppError, notFound } from "../../lib/errors";
import { posted, seeOther, type FormFailure, type FormInput, type RawInput } from "../../lib/route-options";
import { siteLinks } from "../../ui/links";
import { workspaceSite } from "../auth/workspace-site";

import { isValidTimeZone } from "../scheduling/slots";
import { getChat, limitPost, resolveContext, restartChat, submitAnswer, type ChatContext } from "./chat-service";
import { bookIntroCall, cancelVisitorCall, introCallOptions, moveVisitorCall } from "./intro-call-service";
import { getSettings, type CandidatePageSettings } from "./settings-service";
import { AnswerInput, BookedView, BookIntroCallInput, CancelIntroCallInput, ChatStateView, CodeQuery, IntroCallOptionsView, KindParam, MoveIntroCallInput, RestartBody, ScheduleQuery } from "./model";
import { assetUrl } from "../../lib/assets";
import { cspWithFrame, embedOriginsOfCode, visitorOf, visitorOfRequest } from "./visitor-cookie";
import type { Visitor } from "./visitor-id";
import type { ChatKind } from "./questions";
import { OutsideFrame, VisitorLayout, type VisitorPage } from "./pages/visitor-layout";
import { ChatPage } from "./pages/chat-page";
import { privacyNoticeOf } from "./partners";
import { SchedulePage, type SchedulePageProps } from "./pages/schedule-page";

const withCode = (path: string, code: string | null) => (code ? `${path}?c=${encodeURIComponent(code)}` : path);
const TITLES: Record<VisitorPage, string> = { prequalifier: "Prequalifier", assessment: "Assessment", scheduleacall: "Schedule a call" };
const DESCRIPTIONS: Record<VisitorPage, string> = {
  prequalifier: "Apply in a few minutes: answer a short chat with Frank, the hiring assistant, and your answers go to the hiring team.",
  assessment: "A short skills assessment for your application, answered in a chat with Frank, the hiring assistant.",
  scheduleacall: "Book a short intro call with the hiring team at a time that suits you.",
};
const KINDS = new Set(["prequalifier", "assessment"]);
const isBot = (website: unknown) => typeof website === "string" && website.trim() !== "";
const notReady = () => new AppError("not_found", 404, "This page is not available yet.");
type Extra = { status?: number; headers?: Record<string, string>; scripts?: string[] };

/** The candidate pages (public: they never check a session) and their API under /api/visitors. */
export function visitorRoutes(deps: VisitorsDeps, web: Web) {
  const links = siteLinks(deps.config);
  const ipOf = (request: Request, server: Server<unknown> | null) => clientIp(request, server, deps.config.TRUST_PROXY);
  // A campaign's pages may be framed by its workspace's site (the code comes in the query or the form).
  const campaignOrigins = ({ query, body }: RawInput) => embedOriginsOfCode(deps, (body as { c?: unknown } | null)?.c ?? query.c);

  const page = (p: VisitorPage, visitor: Visitor, ctx: ChatContext | null, body: React.ReactElement, extra: Extra = {}) =>
    renderPage({
      title: TITLES[p],
      description: DESCRIPTIONS[p],
      styles: "candidate",
      status: extra.status,
      headers: extra.headers,
      scripts: extra.scripts,
      // Home goes to the workspace's own site when it has one, else nowhere (not the recruiters' sign-in).
      body: VisitorLayout({ links, home: ctx ? workspaceSite(deps, ctx.workspaceId).siteUrl : null, visitorId: visitor.id, page: p, code: ctx?.code ?? null, children: body }),
    });

  /** The workspace's outside chatbot or scheduler, framed, with the visitor id passed along. */
  const framed = (p: VisitorPage, visitor: Visitor, ctx: ChatContext, url: string, csp: unknown) => {
    const u = new URL(url);
    u.searchParams.set("prequalifier_id", visitor.id);
    if (ctx.code) u.searchParams.set("c", ctx.code);
    return page(p, visitor, ctx, OutsideFrame({ url: u.toString(), title: TITLES[p] }), { headers: cspWithFrame(csp, url) });
  };

  /** A refused form post of a visitor page: the page again with the refusal (the visitor as their cookies say). */
  const contextOfForm = (input: FormInput) => {
    const visitor = visitorOfRequest(deps, input.request);
    return { visitor, ctx: resolveContext(deps, visitor, input.body.c ?? input.query.c) };
  };
  const refusal = (failure: FormFailure) => ({ status: failure.status, headers: failure.headers });
  const unavailable = (p: VisitorPage, visitor: Visitor, failure: FormFailure) => page(p, visitor, null, createElement("p", { className: "text-sm text-red-700" }, failure.message), refusal(failure));

  const zoneOf = (v: unknown) => (typeof v === "string" && v.length <= 64 && isValidTimeZone(v) ? v : undefined);

  const schedulePage = async (visitor: Visitor, ctx: ChatContext, props: Omit<SchedulePageProps, "options" | "code">, extra: Extra = {}, settings?: CandidatePageSettings) => {
    const options = await introCallOptions(deps, visitor, ctx, settings);
    // The booking pages' small script: with JavaScript on, the times are shown in the browser's zone (issue 60).
    const scripts = options.booked || (options.open && options.slots.length) ? [assetUrl("booking.js")] : [];
    return page("scheduleacall", visitor, ctx, SchedulePage({ ...props, options, code: ctx.code, emailConfigured: !!deps.config.SMTP_URL }), { ...extra, scripts });
  };

  const chatPages = (kind: ChatKind) =>
    new Elysia()
      .use(web.guard)
      .guard({ embeddable: campaignOrigins })
      .get(
        `/${kind}`,
        ({ cookie, query, request, server, set }) => {
          const visitor = visitorOf(deps, cookie, request);
          const ctx = resolveContext(deps, visitor, query.c, { click: kind === "prequalifier", ip: ipOf(request, server) });
          if (!ctx) throw notReady();
          const s = getSettings(deps, ctx.workspaceId);
          const outside = kind === "prequalifier" ? s.prequalifierUrl : s.assessmentUrl;
          if (outside) return framed(kind, visitor, ctx, outside, set.headers["content-security-policy"]);
          return page(kind, visitor, ctx, ChatPage({ state: getChat(deps, visitor, kind, ctx), privacy: privacyNoticeOf(deps, ctx.workspaceId), assistant: assistantNotice(deps, ctx.workspaceId) }));
        },
        { query: CodeQuery },
      )
      // A form post without JavaScript: 303 back to the chat, or the chat with the refusal in it.
      .post(
        `/${kind}`,
        ({ cookie, query, body, request, server }) => {
          const visitor = visitorOf(deps, cookie, request);
          const ctx = resolveContext(deps, visitor, body.c ?? query.c);
          if (!ctx) throw notReady();
          limitPost(deps, ipOf(request, server));
          if (!isBot(body.website)) submitAnswer(deps, visitor, kind, ctx, body.answer, body.step ?? null);
          return seeOther(withCode(`/${kind}`, ctx.code));
        },
        {
          query: CodeQuery,
          body: AnswerInput,
          form: {
            render: (failure: FormFailure, input: FormInput) => {
              const { visitor, ctx } = contextOfForm(input);
              if (!ctx) return unavailable(kind, visitor, failure);
              const state = getChat(deps, visitor, kind, ctx);
              return page(
                kind,
                visitor,
                ctx,
                ChatPage({ state, error: failure.message, value: posted(input, "answer", 5000), privacy: privacyNoticeOf(deps, ctx.workspaceId), assistant: assistantNotice(deps, ctx.workspaceId) }),
                refusal(failure),
              );
            },
          },
        },
      )
      .post(
        `/${kind}/restart`,
        ({ cookie, query, request, server }) => {
          const visitor = visitorOf(deps, cookie, request);
          const ctx = resolveContext(deps, visitor, query.c);
          if (!ctx) throw notReady();
          limitPost(deps, ipOf(request, server));
          restartChat(deps, visitor, kind, ctx);
          return seeOther(withCode(`/${kind}`, ctx.code));
        },
        { query: CodeQuery },
      );

  const withTz = (path: string, tz: string | undefined) => (tz ? path + (path.includes("?") ? "&" : "?") + `tz=${encodeURIComponent(tz)}` : path);
  /** A refused cancel or move: the booked call again, with the refusal. */
  const changeFailed = async (failure: FormFailure, input: FormInput) => {
    const { visitor, ctx } = contextOfForm(input);
    if (!ctx) return unavailable("scheduleacall", visitor, failure);
    const start = posted(input, "start", 40);
    return schedulePage(visitor, ctx, { error: failure.message, fieldErrors: failure.fields, values: { start }, tz: zoneOf(input.body.tz ?? input.query.tz), move: !!start }, refusal(failure));
  };

  const schedule = new Elysia()
    .use(web.guard)
    .guard({ embeddable: campaignOrigins })
    .get(
      "/scheduleacall",
      async ({ cookie, query, request, set }) => {
        const visitor = visitorOf(deps, cookie, request);
        const ctx = resolveContext(deps, visitor, query.c);
        if (!ctx) throw notReady();
        const settings = getSettings(deps, ctx.workspaceId);
        const url = settings.schedulerUrl;
        if (url) return framed("scheduleacall", visitor, ctx, url, set.headers["content-security-policy"]);
        const day = typeof query.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(query.day) ? query.day : undefined;
        return schedulePage(visitor, ctx, { justBooked: query.booked === "1", day, tz: zoneOf(query.tz), cancel: query.cancel === "1", move: query.move === "1" }, {}, settings);
      },
      { query: ScheduleQuery },
    )
    .post(
      "/scheduleacall",
      async ({ cookie, query, body, request, server }) => {
        const visitor = visitorOf(deps, cookie, request);
        const ctx = resolveContext(deps, visitor, body.c ?? query.c);
        if (!ctx) throw notReady();
        limitPost(deps, ipOf(request, server));
        if (!isBot(body.website)) await bookIntroCall(deps, visitor, ctx, body);
        const back = withCode("/scheduleacall", ctx.code);
        return seeOther(back + (back.includes("?") ? "&" : "?") + "booked=1");
      },
      {
        query: CodeQuery,
        body: BookIntroCallInput,
        form: {
          render: async (failure: FormFailure, input: FormInput) => {
            const { visitor, ctx } = contextOfForm(input);
            if (!ctx) return unavailable("scheduleacall", visitor, failure);
            const values = { name: posted(input, "name", 200), email: posted(input, "email", 300), start: posted(input, "start", 40) };
            return schedulePage(visitor, ctx, { error: failure.message, fieldErrors: failure.fields, values, tz: zoneOf(input.body.tz) }, refusal(failure));
          },
        },
      },
    )
    // The booked call's own changes (issue 60), as an interview's manage page offers them.
    .post(
      "/scheduleacall/cancel",
      async ({ cookie, query, body, request, server }) => {
        const visitor = visitorOf(deps, cookie, request);
        const ctx = resolveContext(deps, visitor, body.c ?? query.c);
        if (!ctx) throw notReady();
        limitPost(deps, ipOf(request, server));
        await cancelVisitorCall(deps, visitor, ctx);
        return seeOther(withTz(withCode("/scheduleacall", ctx.code), zoneOf(body.tz ?? query.tz)));
      },
      { query: ScheduleQuery, body: CancelIntroCallInput, form: { render: changeFailed } },
    )
    .post(
      "/scheduleacall/move",
      async ({ cookie, query, body, request, server }) => {
        const visitor = visitorOf(deps, cookie, request);
        const ctx = resolveContext(deps, visitor, body.c ?? query.c);
        if (!ctx) throw notReady();
        limitPost(deps, ipOf(request, server));
        await moveVisitorCall(deps, visitor, ctx, body.start);
        const back = withTz(withCode("/scheduleacall", ctx.code), zoneOf(body.tz ?? query.tz));
        return seeOther(back + (back.includes("?") ? "&" : "?") + "booked=1");
      },
      { query: ScheduleQuery, body: MoveIntroCallInput, form: { render: changeFailed } },
    );

  const kindOf = (params: { kind: string }): ChatKind => {
    if (!KINDS.has(params.kind)) throw notFound();
    return params.kind as ChatKind;
  };
  const contextOf = (visitor: Visitor, code: unknown) => {
    const ctx = resolveContext(deps, visitor, code);
    if (!ctx) throw notReady();
    return ctx;
  };

  // The chat island's API: public, the visitor is their cookie.
  const api = new Elysia({ prefix: "/api/visitors", tags: ["Candidate pages"] })
    .get(
      "/intro-call",
      ({ cookie, query, request }) => {
        const visitor = visitorOf(deps, cookie, request);
        return introCallOptions(deps, visitor, contextOf(visitor, query.c));
      },
      { query: CodeQuery, response: { 200: IntroCallOptionsView }, detail: { summary: "The intro-call slots a visitor may book" } },
    )
    .post(
      "/intro-call",
      async ({ cookie, body, request, server }) => {
        const visitor = visitorOf(deps, cookie, request);
        limitPost(deps, ipOf(request, server));
        const ctx = contextOf(visitor, body.c);
        if (isBot(body.website)) return { booked: null };
        return { booked: await bookIntroCall(deps, visitor, ctx, body) };
      },
      { body: BookIntroCallInput, response: { 200: BookedView }, detail: { summary: "Book an intro call (after the prequalifier)" } },
    )
    .get(
      "/:kind",
      ({ cookie, query, params, request }) => {
        const kind = kindOf(params);
        const visitor = visitorOf(deps, cookie, request);
        return getChat(deps, visitor, kind, contextOf(visitor, query.c));
      },
      { params: KindParam, query: CodeQuery, response: { 200: ChatStateView }, detail: { summary: "A visitor's prequalifier or assessment chat" } },
    )
    .post(
      "/:kind/answer",
      ({ cookie, body, params, request, server }) => {
        const kind = kindOf(params);
        const visitor = visitorOf(deps, cookie, request);
        limitPost(deps, ipOf(request, server));
        const ctx = contextOf(visitor, body.c);
        if (isBot(body.website)) return getChat(deps, visitor, kind, ctx);
        return submitAnswer(deps, visitor, kind, ctx, body.answer, body.step ?? null);
      },
      { params: KindParam, body: AnswerInput, response: { 200: ChatStateView }, detail: { summary: "Answer the chat's current question" } },
    )
    .post(
      "/:kind/restart",
      ({ cookie, body, params, request, server }) => {
        const kind = kindOf(params);
        const visitor = visitorOf(deps, cookie, request);
        limitPost(deps, ipOf(request, server));
        return restartChat(deps, visitor, kind, contextOf(visitor, body.c));
      },
      { params: KindParam, body: RestartBody, response: { 200: ChatStateView }, detail: { summary: "Start the chat again" } },
    );

  return new Elysia().use(chatPages("prequalifier")).use(chatPages("assessment")).use(schedule).use(api);
}
