import { Elysia } from "elysia";
import { tokenLimiter } from "../../lib/token-limit";
import { limitSpace } from "../../lib/rate-limit";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { seeOther } from "../../lib/route-options";
import { setFlash } from "../../lib/flash";
import { badRequest } from "../../lib/errors";

import { InterviewIdParam } from "../scheduling/views";
import { CriteriaInput, CriteriaView, FeedbackInput, FeedbackList, JobParam, OneFeedback, TokenParam } from "./model";
import * as feedback from "./service";
import { ScorecardPage } from "./pages/scorecard-page";

/** The scorecard's posted fields as the API's input: `rating.<criterion>` → ratings. */
function fromForm(body: Record<string, unknown>) {
  const ratings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k.startsWith("rating.") && v !== "") ratings[k.slice(7)] = v;
  return FeedbackInput.safeParse({ recommendation: body.recommendation, notes: body.notes, ratings });
}

/** Interview feedback: the API for members and the private /feedback/{token} scorecard. */
export function feedbackRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ tags: ["Interview feedback"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/api/interviews/:id/feedback", ({ workspaceId, params }) => feedback.feedbackOfInterview(deps, workspaceId, params.id), {
      params: InterviewIdParam,
      response: { 200: FeedbackList },
      detail: { summary: "An interview's scorecards and their summary" },
    })
    .post(
      "/api/interviews/:id/feedback",
      ({ me, params, body, set }) => {
        set.status = 201;
        return { feedback: feedback.giveFeedback(deps, me.user, params.id, body) };
      },
      { params: InterviewIdParam, body: FeedbackInput, response: { 201: OneFeedback }, detail: { summary: "Give (or change) your own scorecard for an interview" } },
    )
    .get("/api/participants/:id/feedback", ({ workspaceId, params }) => feedback.feedbackOfCandidate(deps, workspaceId, params.id), {
      params: IdParam,
      response: { 200: FeedbackList },
      detail: { summary: "Every scorecard about a candidate, with the summary" },
    })
    .get("/api/jobs/:jobId/scorecard", ({ workspaceId, params }) => ({ jobId: params.jobId, criteria: feedback.scorecardCriteria(deps, workspaceId, params.jobId) }), {
      params: JobParam,
      response: { 200: CriteriaView },
      detail: { summary: "The criteria a job's scorecard rates 1–5" },
    })
    .put("/api/jobs/:jobId/scorecard", ({ workspaceId, params, body }) => ({ jobId: params.jobId, criteria: feedback.setCriteria(deps, workspaceId, params.jobId, body.criteria) }), {
      params: JobParam,
      body: CriteriaInput,
      response: { 200: CriteriaView },
      detail: { summary: "Change the criteria of a job's scorecard" },
    });

  // No sign-in: the link is the interviewer's (a member or a client contact).
  const page = (token: string, extra: { saved?: boolean; error?: string | null; status?: number } = {}) => {
    const s = feedback.scorecardOf(deps, token);
    return renderPage({
      title: `Feedback on ${s.candidateName}`,
      status: extra.status,
      noindex: true,
      body: ScorecardPage({ ...s, action: `/feedback/${token}`, saved: extra.saved, error: extra.error }),
    });
  };
  // 60 requests per link in 10 minutes (a scorecard is read and sent a few times); strings that
  // name no link, 60 per address.
  const limiter = tokenLimiter({
    spaces: { links: limitSpace(deps, "feedback-link"), addresses: limitSpace(deps, "feedback-link.address") },
    perLink: 60,
    perAddress: 60,
    windowMs: 10 * 60_000,
    now: () => deps.clock.now().getTime(),
    trustProxy: deps.config.TRUST_PROXY,
    known: (token) => feedback.knownToken(deps, token),
  });
  const pages = new Elysia()
    .get(
      "/feedback/:token",
      ({ params, query, request, server }) => {
        limiter.enforce(params.token, request, server);
        return page(params.token, { saved: query.saved === "1" });
      },
      { params: TokenParam },
    )
    .post(
      "/feedback/:token",
      ({ params, body, request, server }) => {
        limiter.enforce(params.token, request, server);
        const parsed = fromForm((body ?? {}) as Record<string, unknown>);
        if (!parsed.success) return page(params.token, { error: parsed.error.issues[0]?.message ?? "Check the form", status: 400 });
        feedback.answerScorecard(deps, params.token, parsed.data);
        return seeOther(`/feedback/${params.token}?saved=1`);
      },
      { params: TokenParam },
    );
  // The member's own scorecard on the interview page, without JavaScript.
  const memberForm = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/interview-details/:id/feedback",
      ({ me, params, body, cookie }) => {
        const parsed = fromForm((body ?? {}) as Record<string, unknown>);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Check the form");
        feedback.giveFeedback(deps, me.user, params.id, parsed.data);
        setFlash(cookie, { title: "Feedback saved", variant: "success" });
        return seeOther(`/interview-details/${params.id}`);
      },
      { params: InterviewIdParam, form: { back: (i: { params: Record<string, string> }) => `/interview-details/${encodeURIComponent(i.params.id ?? "")}`, failed: "Feedback not saved" } },
    );
  return new Elysia().use(api).use(pages).use(memberForm);
}
