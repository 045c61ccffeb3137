import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { memberActor } from "../events/record";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { signedInOf } from "../auth/guard";
import { IdParam } from "../candidates/model";
import { ownAnswers } from "../../lib/route-schemas";
import { NoteInput } from "../candidates/edit-model";
import { MergeForm, MergeInput, MergeIntoInput, listDuplicates } from "../candidates/service-merge";
import { patchParticipant, addNote, type Actor } from "../candidates/service-records";
import { testDataIds } from "../candidates/service-erasure";
import { updateCandidateSettings } from "../candidates/settings";
import { importCandidatesCsv } from "../candidates/import";
import { textPieces } from "../candidates/import-request";
import { candidateActivity } from "./activity";
import { eraseCandidate, eraseCandidates } from "./erase";
import { exportCandidate, exportFileName } from "./export";
import { mergeCandidates } from "./merge";
import { CandidateActivity, CandidateExport, CandidateForm, CandidateSettingsForm, DuplicateList, Erased, ImportForm, MergeResult, TestDataCount, TestDataRemoved } from "./model";
import { memberZone } from "../../lib/time-zone";
import { loadCandidatePage, loadCandidateSettingsPage } from "./page-data";
import { CandidatePage } from "./pages/candidate-page";
import { backLink } from "../../ui/back-link";
import { ImportPage } from "./pages/import-page";
import { PrivacyPage } from "./pages/privacy-page";
import { CandidateSettingsPage } from "./pages/settings-page";

const actorOf = (u: { id: number; name: string | null; email: string }): Actor => ({ userId: u.id, name: u.name?.trim() || u.email });
/** Back to the candidate's page a form came from (only a numeric id makes an address). */
const candidatePage = (input: FormInput) => (/^\d+$/.test(input.params.id ?? "") ? `/candidates/${input.params.id}` : "/dashboard");

/**
 * One person across features: the candidate page, activity, data export, erasure, duplicates
 * and merge. It sits above candidates, shortlists, scheduling, visitors, monitor and chat so
 * none of them imports another to forget a person.
 */
export function peopleRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ prefix: "/api/participants", tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/duplicates", ({ workspaceId }) => ({ duplicates: listDuplicates(deps, workspaceId) }), {
      response: { 200: DuplicateList },
      detail: { summary: "Candidates that share an e-mail address" },
    })
    .post("/merge", ({ body, workspaceId, me }) => mergeCandidates(deps, workspaceId, body, me.user.id, me.apiKey?.id), {
      body: MergeInput,
      response: { 200: MergeResult },
      detail: { summary: "Merge duplicates into the record to keep" },
    })
    .get("/test-data", ({ workspaceId }) => ({ count: testDataIds(deps, workspaceId).length }), {
      response: { 200: TestDataCount },
      detail: { summary: "How many candidates are test data" },
    })
    .delete("/test-data", ({ workspaceId, me }) => ({ success: true as const, removed: eraseCandidates(deps, workspaceId, testDataIds(deps, workspaceId), memberActor(me)) }), {
      response: { 200: TestDataRemoved },
      detail: { summary: "Erase every test candidate" },
    })
    // The same merge with the record to keep in the path: {mergeIds | duplicateIds, fields}.
    .post("/:id/merge", ({ params, body, workspaceId, me }) => mergeCandidates(deps, workspaceId, { ...body, keepId: params.id }, me.user.id, me.apiKey?.id), {
      params: IdParam,
      body: MergeIntoInput,
      response: { 200: MergeResult },
      detail: { summary: "Merge duplicates into this candidate" },
    })
    .get("/:id/activity", ({ params, workspaceId, me }) => candidateActivity(deps, workspaceId, params.id, memberZone(me.user)), {
      params: IdParam,
      response: { 200: CandidateActivity },
      detail: { summary: "A candidate's timeline, newest first" },
    })
    // A file download: the answer is a Response, so it declares no response schema.
    .get(
      "/:id/export",
      ({ params, workspaceId }) =>
        new Response(JSON.stringify(exportCandidate(deps, workspaceId, params.id), null, 2), {
          headers: { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${exportFileName(params.id)}"`, "cache-control": "no-store" },
        }),
      {
        params: IdParam,
        detail: {
          summary: "Everything held about a candidate, as a JSON file",
          responses: ownAnswers({ 200: { description: "The candidate's data, as an attachment", content: { "application/json": CandidateExport } } }),
        },
      },
    )
    .delete("/:id", ({ params, workspaceId, me }) => ({ success: true as const, ...eraseCandidate(deps, workspaceId, params.id, memberActor(me)) }), {
      params: IdParam,
      response: { 200: Erased },
      detail: { summary: "Erase a candidate from every table" },
    });

  // The import page's failure: the page again with a red toast, at the failure's status.
  const importFailed = (failure: FormFailure, input: FormInput) => {
    const me = signedInOf(input.request);
    if (!me) return new Response(null, { status: 401 });
    return renderPage({
      title: "Import candidates",
      status: failure.status,
      body: ImportPage({ shell: web.shell(me.user), result: null }),
      toast: { title: "Not imported", description: "Choose a CSV file whose first row names the columns, with an emailAddress column.", variant: "destructive" },
    });
  };

  const pages = new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get("/candidates/settings", ({ me, workspaceId, cookie }) =>
      renderPage({ title: "Candidate settings", toast: takeFlash(cookie), body: CandidateSettingsPage({ shell: web.shell(me.user), data: loadCandidateSettingsPage(deps, workspaceId) }) }),
    )
    .post(
      "/candidates/merge",
      ({ body, workspaceId, me, cookie }) => {
        mergeCandidates(deps, workspaceId, body, me.user.id);
        setFlash(cookie, { title: "Duplicates merged", variant: "success" });
        return seeOther("/candidates/settings");
      },
      { body: MergeForm, form: { back: "/candidates/settings", failed: "Not saved" } },
    )
    .post("/candidates/test-data/delete", ({ workspaceId, cookie, me }) => {
      const n = eraseCandidates(deps, workspaceId, testDataIds(deps, workspaceId), memberActor(me));
      setFlash(cookie, { title: "Test data removed", description: `${n} test candidate${n === 1 ? "" : "s"} removed`, variant: "success" });
      return seeOther("/candidates/settings");
    })
    .get("/candidates/import", ({ me }) => renderPage({ title: "Import candidates", body: ImportPage({ shell: web.shell(me.user), result: null }) }))
    // The upload without JavaScript: the whole file in one request, the result on the page.
    .post(
      "/candidates/import",
      async ({ body, workspaceId, me }) => {
        const result = await importCandidatesCsv(deps, workspaceId, body.file ? textPieces(body.file.stream()) : "", { dryRun: body.dryRun === "1", userId: me.user.id });
        return renderPage({ title: "Import candidates", body: ImportPage({ shell: web.shell(me.user), result }) });
      },
      { body: ImportForm, form: { render: importFailed } },
    )
    .get(
      "/candidates/:id",
      ({ params, workspaceId, me, cookie, request }) => {
        // Issue 60: back to where the member came from (the list, the board, the dashboard...).
        const back = backLink(request.headers.get("referer"), [new URL(deps.config.APP_URL).origin, new URL(request.url).origin], `/candidates/${params.id}`, {
          href: "/candidates",
          label: "← Back to Candidates",
        });
        return renderPage({
          title: "Candidate",
          toast: takeFlash(cookie),
          body: CandidatePage({ shell: web.shell(me.user), data: loadCandidatePage(deps, workspaceId, params.id, me.user, memberZone(me.user)), back }),
        });
      },
      { params: IdParam },
    )
    // The page's forms without JavaScript: each answers 303 back to the page with a toast.
    .post(
      "/candidates/:id",
      ({ params, body, workspaceId, me, cookie }) => {
        patchParticipant(deps, workspaceId, params.id, body, actorOf(me.user));
        setFlash(cookie, { title: "Candidate saved", variant: "success" });
        return seeOther(`/candidates/${params.id}`);
      },
      { params: IdParam, body: CandidateForm, form: { back: candidatePage, failed: "Not saved" } },
    )
    .post(
      "/candidates/:id/notes",
      ({ params, body, workspaceId, me, cookie }) => {
        addNote(deps, workspaceId, params.id, body.body, actorOf(me.user));
        setFlash(cookie, { title: "Note added", variant: "success" });
        return seeOther(`/candidates/${params.id}`);
      },
      { params: IdParam, body: NoteInput, form: { back: candidatePage, failed: "Not saved" } },
    )
    .post(
      "/candidates/:id/delete",
      ({ params, workspaceId, cookie, me }) => {
        eraseCandidate(deps, workspaceId, params.id, memberActor(me));
        setFlash(cookie, { title: "Candidate deleted", description: "Everything about the candidate was erased.", variant: "success" });
        return seeOther("/dashboard");
      },
      { params: IdParam },
    );

  const settingsForm = new Elysia()
    .use(web.guard)
    .guard({ can: "settings.update" })
    .post(
      "/candidates/settings",
      async ({ body, workspaceId, cookie, me }) => {
        await updateCandidateSettings(deps, workspaceId, body, memberActor(me));
        setFlash(cookie, { title: "Settings saved", variant: "success" });
        return seeOther("/candidates/settings");
      },
      { body: CandidateSettingsForm, form: { back: "/candidates/settings", failed: "Not saved" } },
    );

  return new Elysia()
    .use(api)
    .use(pages)
    .use(settingsForm)
    .get("/privacy", () => renderPage({ title: "Privacy", body: PrivacyPage(), description: "How candidate data is handled" }));
}
