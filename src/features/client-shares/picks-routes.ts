import { Elysia } from "elysia";
import type { ClientSharesDeps } from "./needs";
import type { Web } from "../auth/web";
import { renderPage } from "../../lib/render";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { canonicalZone } from "../../lib/time-zone";

import { memberActor } from "../events/record";
import { SessionView } from "../scheduling/views";
import { z } from "zod";
import { PickInput, PickTimesQuery, ShareCandidateParam, TokenCandidateParam } from "./model";
import { offerPickedTimes, pickTimes, timesView } from "./interview-picks";
import { ClosedSharePage } from "./pages/client-page";
import { TimesPage } from "./pages/times-page";

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v == null || v === "" ? [] : [v]);
const PRIVATE = { "cache-control": "private, no-store" };
const OfferAnswer = z.object({ session: SessionView, dropped: z.array(z.string()) });

/**
 * Interview times (issue 39 item 2): the contact's times page under their link (rate-limited
 * with the rest of the link) and the recruiter's one step that offers the picks to the candidate.
 */
export function interviewPickRoutes(
  deps: ClientSharesDeps,
  web: Web,
  limited: (token: string, request: Request, server: { requestIP(r: Request): { address: string } | null } | null) => Response | null,
) {
  const page = (token: string, candidateId: number, tz: string | undefined, error: string | null = null, status?: number) => {
    const v = timesView(deps, token, candidateId);
    if (!("client" in v)) return renderPage({ title: "Shortlist", status: v.state === "unknown" ? 404 : 410, noindex: true, headers: PRIVATE, body: ClosedSharePage(v) });
    const zone = canonicalZone(tz) ?? v.sharerZone;
    return renderPage({ title: `Interview times for ${v.title}`, status, noindex: true, headers: PRIVATE, body: TimesPage({ v, token, tz: zone, error }) });
  };
  const client = new Elysia()
    .get("/s/:token/:candidateId/times", ({ params, query, request, server }) => limited(params.token, request, server) ?? page(params.token, params.candidateId, query.tz), {
      params: TokenCandidateParam,
      query: PickTimesQuery,
    })
    .post(
      "/s/:token/:candidateId/times",
      ({ params, body, request, server }) => {
        const stop = limited(params.token, request, server);
        if (stop) return stop;
        const raw = (body ?? {}) as Record<string, unknown>;
        const tz = typeof raw.timeZone === "string" ? raw.timeZone : undefined;
        const parsed = PickInput.safeParse({ starts: list(raw.start), timeZone: tz ?? "" });
        if (!parsed.success) return page(params.token, params.candidateId, tz, parsed.error.issues[0]?.message ?? "Check the form", 400);
        try {
          const r = pickTimes(deps, params.token, params.candidateId, parsed.data);
          if (r.state !== "saved") return page(params.token, params.candidateId, tz);
        } catch (e) {
          const status = (e as { status?: number }).status;
          if (status === 409 || status === 400) return page(params.token, params.candidateId, tz, (e as Error).message, status);
          throw e;
        }
        return seeOther(`/s/${params.token}?saved=${params.candidateId}#c${params.candidateId}`);
      },
      { params: TokenCandidateParam },
    );

  const recruiter = new Elysia({ tags: ["Shortlists"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/api/shares/:id/candidates/:candidateId/interview-offer",
      async ({ me, params, set }) => {
        const made = await offerPickedTimes(deps, me.user, memberActor(me), params.id, params.candidateId);
        set.status = 201;
        return made;
      },
      {
        params: ShareCandidateParam,
        response: { 201: OfferAnswer },
        detail: { summary: "Offer the interview times a client's contact picked to the candidate: a scheduling session with those slots (its booking link by e-mail)" },
      },
    )
    .post(
      "/shares/:id/candidates/:candidateId/interview-offer",
      async ({ me, params, cookie, query }) => {
        const { session, dropped } = await offerPickedTimes(deps, me.user, memberActor(me), params.id, params.candidateId);
        setFlash(cookie, {
          title: `${session.timeSlots?.length ?? ""} time${session.timeSlots?.length === 1 ? "" : "s"} offered to the candidate`.trim(),
          description: dropped.length ? `Left out, no longer free: ${dropped.join("; ")}` : "The candidate has the booking link by e-mail.",
          variant: "success",
        });
        return seeOther(`/shortlists/${Number(query.shortlist) || session.shortlistId || ""}`);
      },
      // The shortlist page's form names its shortlist (?shortlist=), so a refusal goes back there with the message.
      {
        params: ShareCandidateParam,
        query: z.object({ shortlist: z.string().max(20).optional() }),
        form: { back: (i: { query: Record<string, string | undefined> }) => `/shortlists/${Number(i.query.shortlist) || ""}`, failed: "Times not offered" },
      },
    );
  return new Elysia().use(client).use(recruiter);
}
