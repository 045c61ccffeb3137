import { Elysia } from "elysia";
import type { ClientSharesDeps } from "./needs";
import type { Web } from "../auth/web";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { badRequest } from "../../lib/errors";
import { tokenLimiter } from "../../lib/token-limit";
import { limitSpace } from "../../lib/rate-limit";
import { attachment } from "../../lib/content-disposition";
import { memberZone } from "../../lib/time-zone";

import { memberActor } from "../events/record";
import { getShortlist, membersOf, notesOfShortlist, setCandidateNote } from "../shortlists/service";
import { MemberParam } from "../shortlists/model";
import { AnswerInput, AnswerList, ShareInput, ShareList, SharesMade, OneShare, TokenCandidateParam, TokenFileParam, TokenParam } from "./model";
import * as shares from "./service";
import * as clientPage from "./client-page";
import { ClientSharePage, ClosedSharePage, WaitPage } from "./pages/client-page";
import { ShortlistPage } from "./pages/shortlist-page";
import { interviewPickRoutes } from "./picks-routes";

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v == null || v === "" ? [] : [v]);

/** The Share form's fields as the API's input (checkboxes post a name once per ticked box). */
function shareFromForm(body: Record<string, unknown>) {
  const on = (v: unknown) => v === "true" || v === "on";
  const parsed = ShareInput.safeParse({
    contactIds: list(body.contactIds),
    fields: list(body.fields),
    expiresAt: body.expiresAt || null,
    moveApplications: on(body.moveApplications),
    allowScheduling: on(body.allowScheduling),
    interviewDuration: body.interviewDuration || undefined,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Check the form");
  if (!parsed.data.fields?.length) throw badRequest("Tick at least one field the client sees");
  return parsed.data;
}

// The client's page is private (its address is the key) and personal: never stored by a shared cache.
const PRIVATE = { "cache-control": "private, no-store" };

/**
 * Shares of a shortlist: the API, the recruiter's /shortlists/{id} page with its forms, and the
 * client's /s/{token} page (no sign-in, rate-limited per token).
 */
export function clientShareRoutes(deps: ClientSharesDeps, web: Web) {
  const api = new Elysia({ tags: ["Shortlists"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/api/shortlists/:id/shares",
      ({ me, params, body, set }) => {
        set.status = 201;
        return { shares: shares.shareShortlist(deps, me.user, memberActor(me), params.id, body) };
      },
      { params: IdParam, body: ShareInput, response: { 201: SharesMade }, detail: { summary: "Share a shortlist with client contacts: one private link per contact, e-mailed to them" } },
    )
    .get("/api/shortlists/:id/shares", ({ workspaceId, params }) => ({ shares: shares.sharesOfShortlist(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: ShareList },
      detail: { summary: "A shortlist's shares (active, expired and revoked), with first and last view" },
    })
    .get("/api/shortlists/:id/answers", ({ workspaceId, params }) => (getShortlist(deps, workspaceId, params.id), { answers: shares.answersOfShortlist(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: AnswerList },
      detail: { summary: "The clients' answers on a shortlist, newest first" },
    })
    .delete("/api/shares/:id", ({ me, workspaceId, params }) => ({ share: shares.revokeShare(deps, workspaceId, params.id, memberActor(me)) }), {
      params: IdParam,
      response: { 200: OneShare },
      detail: { summary: "Revoke a share: its link stops working at once" },
    });

  const back = (input: { params: Record<string, string> }) => `/shortlists/${Number(input.params.id) || ""}`;
  const recruiter = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/shortlists/:id",
      ({ me, workspaceId, params, cookie }) => {
        const s = getShortlist(deps, workspaceId, params.id);
        const notes = notesOfShortlist(deps, workspaceId, s.id);
        const data = {
          shortlist: { id: s.id, name: s.name },
          candidates: membersOf(deps, workspaceId, s.candidateIds).map((p) => ({ id: p.id, name: p.name, role: p.roleApplied || p.jobTitle, city: p.city, note: notes.get(p.id) ?? null })),
          shares: shares.sharesOfShortlist(deps, workspaceId, s.id),
          answers: shares.answersOfShortlist(deps, workspaceId, s.id),
          clients: deps.listClients(workspaceId).map((c) => ({ id: c.id, name: c.name, contacts: c.contacts })),
          now: deps.clock.now(),
          timeZone: memberZone(me.user),
        };
        return renderPage({ title: s.name, toast: takeFlash(cookie), body: ShortlistPage({ shell: web.shell(me.user), data }) });
      },
      { params: IdParam },
    )
    .post(
      "/shortlists/:id/shares",
      ({ me, params, body, cookie }) => {
        const made = shares.shareShortlist(deps, me.user, memberActor(me), params.id, shareFromForm((body ?? {}) as Record<string, unknown>));
        setFlash(cookie, { title: `Shared with ${made.map((s) => s.contact.name).join(", ")}`, description: "Each contact has their own link by e-mail.", variant: "success" });
        return seeOther(`/shortlists/${params.id}`);
      },
      { params: IdParam, form: { back, failed: "Not shared" } },
    )
    .post(
      "/shortlists/:id/candidates/:candidateId/note",
      ({ me, workspaceId, params, body, cookie }) => {
        const note = String((body as Record<string, unknown> | undefined)?.note ?? "").trim();
        if (note.length > 2000) throw badRequest("Note must be at most 2000 characters");
        setCandidateNote(deps, workspaceId, params.id, params.candidateId, note || null, memberActor(me));
        setFlash(cookie, { title: "Note saved", variant: "success" });
        return seeOther(`/shortlists/${params.id}`);
      },
      { params: MemberParam, form: { back, failed: "Note not saved" } },
    )
    .post(
      "/shares/:id/revoke",
      ({ me, workspaceId, params, cookie }) => {
        const s = shares.revokeShare(deps, workspaceId, params.id, memberActor(me));
        setFlash(cookie, { title: `Link of ${s.contact.name} revoked`, variant: "success" });
        return seeOther(`/shortlists/${s.shortlistId}`);
      },
      { params: IdParam, form: { back: "/candidates", failed: "Not revoked" } },
    );

  // 120 requests per link in 10 minutes: a contact reading and answering 10 candidates uses 20;
  // strings that name no link, 60 per address in 10 minutes.
  const limiter = tokenLimiter({
    spaces: { links: limitSpace(deps, "share-link"), addresses: limitSpace(deps, "share-link.address") },
    perLink: 120,
    perAddress: 60,
    windowMs: 10 * 60_000,
    now: () => deps.clock.now().getTime(),
    trustProxy: deps.config.TRUST_PROXY,
    known: (token) => {
      const share = clientPage.openShare(deps, token);
      return !("state" in share && share.state === "unknown");
    },
  });
  const limited = (token: string, request: Request, server: Parameters<typeof limiter.hit>[2]) => {
    const r = limiter.hit(token, request, server);
    if (r.ok) return null;
    return renderPage({
      title: "Too many requests",
      status: 429,
      noindex: true,
      headers: { ...PRIVATE, "retry-after": String(r.retryAfter) },
      body: WaitPage({ text: `Too many requests from this link. Please try again in ${Math.ceil(r.retryAfter / 60)} minute(s).` }),
    });
  };
  const show = (token: string, extra: { saved?: number | null; error?: { candidateId: number; message: string } | null; status?: number; recordView?: boolean } = {}) => {
    const view = clientPage.clientView(deps, token, { recordView: extra.recordView ?? false });
    if (view.state !== "open") return renderPage({ title: "Shortlist", status: view.state === "unknown" ? 404 : 410, noindex: true, headers: PRIVATE, body: ClosedSharePage(view) });
    return renderPage({
      title: view.shortlistName,
      status: extra.status,
      noindex: true,
      headers: PRIVATE,
      description: `Candidates from ${view.agency}`,
      body: ClientSharePage({ view, token, saved: extra.saved ?? null, error: extra.error ?? null }),
    });
  };
  const client = new Elysia()
    .get("/s/:token", ({ params, query, request, server }) => limited(params.token, request, server) ?? show(params.token, { saved: Number(query.saved) || null, recordView: true }), {
      params: TokenParam,
    })
    .get(
      "/s/:token/files/:fileId",
      async ({ params, request, server }) => {
        const stop = limited(params.token, request, server);
        if (stop) return stop;
        const { file, bytes } = await clientPage.sharedFile(deps, params.token, params.fileId);
        return new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            "content-type": file.contentType,
            "content-disposition": attachment(file.name),
            "x-content-type-options": "nosniff",
            "x-robots-tag": "noindex",
            "content-security-policy": "default-src 'none'; sandbox",
            ...PRIVATE,
          },
        });
      },
      { params: TokenFileParam },
    )
    .post(
      "/s/:token/:candidateId",
      ({ params, body, request, server }) => {
        const stop = limited(params.token, request, server);
        if (stop) return stop;
        const raw = (body ?? {}) as Record<string, unknown>;
        const parsed = AnswerInput.safeParse({ verdict: raw.verdict || null, comment: raw.comment, interview: raw.interview === "1" || raw.interview === "true" });
        if (!parsed.success) return show(params.token, { error: { candidateId: params.candidateId, message: parsed.error.issues[0]?.message ?? "Check the form" }, status: 400 });
        try {
          const r = clientPage.answer(deps, params.token, params.candidateId, parsed.data);
          if (r.state !== "saved") return show(params.token);
          // Asking for an interview goes on to the recruiter's free times, when the share offers them.
          if (parsed.data.interview && r.canPickTimes) return seeOther(`/s/${params.token}/${params.candidateId}/times`);
        } catch (e) {
          const status = (e as { status?: number }).status;
          if (status && status < 500) return show(params.token, { error: { candidateId: params.candidateId, message: (e as Error).message }, status });
          throw e;
        }
        return seeOther(`/s/${params.token}?saved=${params.candidateId}#c${params.candidateId}`);
      },
      { params: TokenCandidateParam },
    );
  return new Elysia()
    .use(api)
    .use(recruiter)
    .use(client)
    .use(interviewPickRoutes(deps, web, limited));
}
