import { isValidTimeZone } from "../scheduling/slots";
import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { clientIp } from "../../lib/http";
import { AppError, notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { siteLinks } from "../../ui/links";
import { workspaceSite } from "../auth/workspace-site";
import { getChat, limitPost, resolveContext, restartChat, submitAnswer, type ChatContext } from "./chat-service";
import { bookIntroCall, introCallOptions } from "./intro-call-service";
import { getSettings, type CandidatePageSettings } from "./settings-service";
import { AnswerInput, BookIntroCallInput } from "./model";
import { cspWithFrame, visitorOf } from "./visitor-cookie";
import type { Visitor } from "./visitor-id";
import type { ChatKind } from "./questions";
import { OutsideFrame, VisitorLayout, type VisitorPage } from "./pages/visitor-layout";
import { ChatPage } from "./pages/chat-page";
import { privacyNoticeOf } from "./partners";
import { SchedulePage, type SchedulePageProps } from "./pages/schedule-page";

const see = (location: string) => new Response(null, { status: 303, headers: { location } });
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

/** The candidate pages (public: they never check a session) and their API under /api/visitors. */
export function visitorRoutes(deps: Deps) {
  const links = siteLinks(deps.config);
  const ipOf = (request: Request, server: any) => clientIp(request, server, deps.config.TRUST_PROXY);

  const page = (p: VisitorPage, visitor: Visitor, ctx: ChatContext | null, body: React.ReactElement, extra: { status?: number; headers?: Record<string, string> } = {}) =>
    renderPage({
      title: TITLES[p],
      description: DESCRIPTIONS[p],
      styles: "candidate",
      status: extra.status,
      headers: extra.headers,
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

  const chatGet = (kind: ChatKind) => ({ cookie, query, request, server, set }: any) => {
    const visitor = visitorOf(deps, cookie);
    const ctx = resolveContext(deps, visitor, query.c, { click: kind === "prequalifier", ip: ipOf(request, server) });
    if (!ctx) throw notReady();
    const s = getSettings(deps, ctx.workspaceId);
    const outside = kind === "prequalifier" ? s.prequalifierUrl : s.assessmentUrl;
    if (outside) return framed(kind, visitor, ctx, outside, set.headers["content-security-policy"]);
    return page(kind, visitor, ctx, ChatPage({ state: getChat(deps, visitor, kind, ctx), privacy: privacyNoticeOf(deps, ctx.workspaceId) }));
  };

  /** A form post without JavaScript: 303 back to the chat, or the chat with the refusal in it. */
  const chatPost = (kind: ChatKind) => ({ cookie, query, body, request, server }: any) => {
    const form = (body ?? {}) as Record<string, unknown>;
    const visitor = visitorOf(deps, cookie);
    const ctx = resolveContext(deps, visitor, form.c ?? query.c);
    if (!ctx) throw notReady();
    try {
      limitPost(deps, ipOf(request, server));
      const input = parseInput(AnswerInput, form);
      if (!isBot(input.website)) submitAnswer(deps, visitor, kind, ctx, input.answer, input.step ?? null);
      return see(withCode(`/${kind}`, ctx.code));
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const value = typeof form.answer === "string" ? form.answer.slice(0, 5000) : "";
      const state = getChat(deps, visitor, kind, ctx);
      return page(kind, visitor, ctx, ChatPage({ state, error: e.message, value, privacy: privacyNoticeOf(deps, ctx.workspaceId) }), { status: e.status, headers: e.headers });
    }
  };

  const restartPost = (kind: ChatKind) => ({ cookie, query, request, server }: any) => {
    const visitor = visitorOf(deps, cookie);
    const ctx = resolveContext(deps, visitor, query.c);
    if (!ctx) throw notReady();
    limitPost(deps, ipOf(request, server));
    restartChat(deps, visitor, kind, ctx);
    return see(withCode(`/${kind}`, ctx.code));
  };

  const zoneOf = (v: unknown) => (typeof v === "string" && v.length <= 64 && isValidTimeZone(v) ? v : undefined);

  const schedulePage = async (
    visitor: Visitor,
    ctx: ChatContext,
    props: Omit<SchedulePageProps, "options" | "code">,
    extra: { status?: number; headers?: Record<string, string> } = {},
    settings?: CandidatePageSettings,
  ) => {
    const options = await introCallOptions(deps, visitor, ctx, settings);
    return page("scheduleacall", visitor, ctx, SchedulePage({ ...props, options, code: ctx.code, emailConfigured: !!deps.config.SMTP_URL }), extra);
  };

  const pages = new Elysia()
    .get("/prequalifier", chatGet("prequalifier"))
    .post("/prequalifier", chatPost("prequalifier"))
    .post("/prequalifier/restart", restartPost("prequalifier"))
    .get("/assessment", chatGet("assessment"))
    .post("/assessment", chatPost("assessment"))
    .post("/assessment/restart", restartPost("assessment"))
    .get("/scheduleacall", async ({ cookie, query, set }: any) => {
      const visitor = visitorOf(deps, cookie);
      const ctx = resolveContext(deps, visitor, query.c);
      if (!ctx) throw notReady();
      const settings = getSettings(deps, ctx.workspaceId);
      const url = settings.schedulerUrl;
      if (url) return framed("scheduleacall", visitor, ctx, url, set.headers["content-security-policy"]);
      const day = typeof query.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(query.day) ? query.day : undefined;
      return schedulePage(visitor, ctx, { justBooked: query.booked === "1", day, tz: zoneOf(query.tz) }, {}, settings);
    })
    .post("/scheduleacall", async ({ cookie, query, body, request, server }: any) => {
      const form = (body ?? {}) as Record<string, unknown>;
      const visitor = visitorOf(deps, cookie);
      const ctx = resolveContext(deps, visitor, form.c ?? query.c);
      if (!ctx) throw notReady();
      const values = { name: String(form.name ?? "").slice(0, 200), email: String(form.email ?? "").slice(0, 300), start: String(form.start ?? "").slice(0, 40) };
      try {
        limitPost(deps, ipOf(request, server));
        const input = parseInput(BookIntroCallInput, { ...form, start: form.start ?? "" });
        if (!isBot(input.website)) await bookIntroCall(deps, visitor, ctx, input);
        const back = withCode("/scheduleacall", ctx.code);
        return see(back + (back.includes("?") ? "&" : "?") + "booked=1");
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        return schedulePage(visitor, ctx, { error: e.message, fieldErrors: e.fields, values, tz: zoneOf(form.tz) }, { status: e.status, headers: e.headers });
      }
    });

  const kindOf = (params: { kind: string }): ChatKind => {
    if (!KINDS.has(params.kind)) throw notFound();
    return params.kind as ChatKind;
  };
  const contextOf = (visitor: Visitor, code: unknown) => {
    const ctx = resolveContext(deps, visitor, code);
    if (!ctx) throw notReady();
    return ctx;
  };

  const api = new Elysia({ prefix: "/api/visitors" })
    .get("/intro-call", async ({ cookie, query }: any) => {
      const visitor = visitorOf(deps, cookie);
      return introCallOptions(deps, visitor, contextOf(visitor, query.c));
    })
    .post("/intro-call", async ({ cookie, body, request, server }: any) => {
      const visitor = visitorOf(deps, cookie);
      limitPost(deps, ipOf(request, server));
      const input = parseInput(BookIntroCallInput, body);
      const ctx = contextOf(visitor, input.c);
      if (isBot(input.website)) return { booked: null };
      return { booked: await bookIntroCall(deps, visitor, ctx, input) };
    })
    .get("/:kind", ({ cookie, query, params }: any) => {
      const kind = kindOf(params);
      const visitor = visitorOf(deps, cookie);
      return getChat(deps, visitor, kind, contextOf(visitor, query.c));
    })
    .post("/:kind/answer", ({ cookie, body, params, request, server }: any) => {
      const kind = kindOf(params);
      const visitor = visitorOf(deps, cookie);
      limitPost(deps, ipOf(request, server));
      const input = parseInput(AnswerInput, body);
      const ctx = contextOf(visitor, input.c);
      if (isBot(input.website)) return getChat(deps, visitor, kind, ctx);
      return submitAnswer(deps, visitor, kind, ctx, input.answer, input.step ?? null);
    })
    .post("/:kind/restart", ({ cookie, body, params, request, server }: any) => {
      const kind = kindOf(params);
      const visitor = visitorOf(deps, cookie);
      limitPost(deps, ipOf(request, server));
      return restartChat(deps, visitor, kind, contextOf(visitor, (body as any)?.c));
    });

  return new Elysia().use(pages).use(api);
}
