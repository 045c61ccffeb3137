import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { flashCookieHeader, setFlash, takeFlash } from "../../lib/flash";
import { seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { signedInOf } from "../auth/guard";
import { memberActor } from "../events/record";
import { ConfirmInput, Confirmed, Discarded, DraftList, DraftsMade, OneDraft } from "./model";
import * as drafts from "./service";
import { DraftsPage, type DraftErrors } from "./pages/drafts-page";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** CVs that become candidates: the API (upload, list, one, confirm, discard) and the review page's plain forms. */
export function candidateDraftRoutes(deps: Deps, web: Web) {
  const page = (workspaceId: number, user: Parameters<Web["shell"]>[0], opts: { toast?: ReturnType<typeof takeFlash>; status?: number; errors?: DraftErrors } = {}) => {
    const list = drafts.listDrafts(deps, workspaceId);
    // Nothing to edit yet: the page reloads itself until the first proposals are there (no script needed).
    const waiting = list.length > 0 && list.every((d) => d.status === "reading");
    return renderPage({
      title: "Drafts from CVs",
      status: opts.status,
      toast: opts.toast,
      headers: waiting ? { refresh: "3" } : {},
      body: DraftsPage({ shell: web.shell(user), drafts: list, errors: opts.errors ?? null }),
    });
  };
  // A refused confirmation: the page again, the draft's form with what was typed and each field's message.
  const confirmFailed = (failure: FormFailure, input: FormInput) => {
    const me = signedInOf(input.request);
    if (!me) return new Response(null, { status: 401 });
    const id = Number(input.params.id);
    if (failure.status === 404) return seeOther("/candidates/drafts", { "set-cookie": flashCookieHeader({ title: "Not confirmed", description: failure.message, variant: "destructive" }) });
    return page(me.user.workspaceId, me.user, {
      status: failure.status,
      toast: { title: "Not confirmed", description: failure.message, variant: "destructive" },
      errors: { id, posted: input.body, fields: failure.fields ?? {}, message: failure.message },
    });
  };

  return new Elysia({ tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/api/participants/from-files",
      async ({ me, workspaceId, body, set }) => {
        const made = await drafts.addDrafts(deps, workspaceId, drafts.filesOf(body), memberActor(me), me.user.id);
        set.status = 201;
        return made;
      },
      {
        response: { 201: DraftsMade },
        detail: { summary: "Draft candidates from CVs (multipart, one or more `file` fields, at most 20): each file is read and its fields proposed in the job queue" },
      },
    )
    .get("/api/participant-drafts", ({ workspaceId }) => ({ drafts: drafts.listDrafts(deps, workspaceId) }), {
      response: { 200: DraftList },
      detail: { summary: "The workspace's draft candidates from CVs, oldest first" },
    })
    .get("/api/participant-drafts/:id", ({ workspaceId, params }) => ({ draft: drafts.getDraft(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: OneDraft },
      detail: { summary: "One draft candidate: its status, proposed fields and the candidate its e-mail would merge into" },
    })
    .post(
      "/api/participant-drafts/:id/confirm",
      ({ me, workspaceId, params, body, set }) => {
        const r = drafts.confirmDraft(deps, workspaceId, params.id, body, memberActor(me));
        set.status = r.merged ? 200 : 201;
        return r;
      },
      {
        params: IdParam,
        body: ConfirmInput,
        response: { 200: Confirmed, 201: Confirmed },
        detail: { summary: "Confirm a draft with its corrected fields: a new candidate (201), or the candidate who has its e-mail (200, merged: empty fields filled)" },
      },
    )
    .delete("/api/participant-drafts/:id", ({ me, workspaceId, params }) => drafts.discardDraft(deps, workspaceId, params.id, memberActor(me)), {
      params: IdParam,
      response: { 200: Discarded },
      detail: { summary: "Discard a draft and its file" },
    })
    .get("/candidates/drafts", ({ me, workspaceId, cookie }) => page(workspaceId, me.user, { toast: takeFlash(cookie) }))
    .post(
      "/candidates/drafts",
      async ({ me, workspaceId, body, cookie }) => {
        const r = await drafts.addDrafts(deps, workspaceId, drafts.filesOf(body), memberActor(me), me.user.id);
        const refused = r.refused.map((f) => `${f.name}: ${f.message}`).join(" · ");
        setFlash(cookie, {
          title: `${plural(r.drafts.length, "CV")} added: check each draft below`,
          description: refused ? `Not added: ${refused}` : undefined,
          variant: refused ? "default" : "success",
        });
        return seeOther("/candidates/drafts");
      },
      // Back to the page the form was on (the candidates list or the drafts page).
      { form: { back: (i: FormInput) => (i.body.back === "/candidates/drafts" ? "/candidates/drafts" : "/candidates"), failed: "No CV added" } },
    )
    .post(
      "/candidates/drafts/:id/confirm",
      ({ me, workspaceId, params, body, cookie }) => {
        const r = drafts.confirmDraft(deps, workspaceId, params.id, body, memberActor(me));
        const who = r.candidate.name || r.candidate.emailAddress || `Candidate #${r.candidate.id}`;
        setFlash(
          cookie,
          r.merged
            ? {
                title: `CV added to ${who}`,
                description: `The e-mail was known: merged into candidate #${r.candidate.id}${r.filled.length ? `, filled ${r.filled.join(", ")}` : ""}${r.kept.length ? `; kept their own ${r.kept.join(", ")}` : ""}.`,
                variant: "success",
              }
            : { title: `${who} added`, variant: "success" },
        );
        return seeOther("/candidates/drafts");
      },
      { params: IdParam, body: ConfirmInput, form: { render: confirmFailed } },
    )
    .post(
      "/candidates/drafts/:id/discard",
      ({ me, workspaceId, params, cookie }) => {
        drafts.discardDraft(deps, workspaceId, params.id, memberActor(me));
        setFlash(cookie, { title: "Draft discarded", variant: "success" });
        return seeOther("/candidates/drafts");
      },
      { params: IdParam, form: { back: "/candidates/drafts", failed: "Not discarded" } },
    );
}
