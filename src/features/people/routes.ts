import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { parseInput } from "../../lib/validate";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { IdParam } from "../candidates/model";
import { NoteInput, PatchParticipantInput } from "../candidates/edit-model";
import { MergeInput, listDuplicates } from "../candidates/service-merge";
import { addNote, patchParticipant, type Actor } from "../candidates/service-records";
import { testDataIds } from "../candidates/service-erasure";
import { candidateActivity } from "./activity";
import { eraseCandidate, eraseCandidates } from "./erase";
import { exportCandidate, exportFileName } from "./export";
import { mergeCandidates } from "./merge";
import { loadCandidatePage } from "./page-data";
import { CandidatePage } from "./pages/candidate-page";
import { ImportPage } from "./pages/import-page";
import { PrivacyPage } from "./pages/privacy-page";
import { CandidateSettingsPage } from "./pages/settings-page";
import { CandidateSettingsInput, getCandidateSettings, updateCandidateSettings } from "../candidates/settings";
import { importCandidatesCsv, type ImportResult } from "../candidates/import";

type Jar = Parameters<typeof setFlash>[0];
const see = (location: string) => new Response(null, { status: 303, headers: { location } });
const actorOf = (u: { id: number; name: string | null; email: string }): Actor => ({ userId: u.id, name: u.name?.trim() || u.email });

/**
 * One person across features: the candidate page, activity, data export, erasure, duplicates
 * and merge. It sits above candidates, shortlists, scheduling, visitors, monitor and chat so
 * none of them imports another to forget a person.
 */
export function peopleRoutes(deps: Deps) {
  const api = new Elysia({ prefix: "/api/participants" })
    .use(authGuard(deps))
    .get("/duplicates", ({ workspaceId }) => ({ duplicates: listDuplicates(deps, workspaceId) }), { auth: true })
    .post("/merge", ({ body, workspaceId, me }) => mergeCandidates(deps, workspaceId, parseInput(MergeInput, body ?? {}), me.user.id), { auth: true })
    .get("/test-data", ({ workspaceId }) => ({ count: testDataIds(deps, workspaceId).length }), { auth: true })
    .delete("/test-data", ({ workspaceId }) => ({ success: true, removed: eraseCandidates(deps, workspaceId, testDataIds(deps, workspaceId)) }), { auth: true })
    // The same merge with the record to keep in the path: {mergeIds | duplicateIds, fields}.
    .post("/:id/merge", ({ params, body, workspaceId, me }) => mergeCandidates(deps, workspaceId, parseInput(MergeInput, { ...(body as object), keepId: parseInput(IdParam, params).id }), me.user.id), { auth: true })
    .get("/:id/activity", ({ params, workspaceId }) => candidateActivity(deps, workspaceId, parseInput(IdParam, params).id), { auth: true })
    .get(
      "/:id/export",
      ({ params, workspaceId }) => {
        const { id } = parseInput(IdParam, params);
        return new Response(JSON.stringify(exportCandidate(deps, workspaceId, id), null, 2), {
          headers: { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${exportFileName(id)}"`, "cache-control": "no-store" },
        });
      },
      { auth: true },
    )
    .delete("/:id", ({ params, workspaceId }) => ({ success: true, ...eraseCandidate(deps, workspaceId, parseInput(IdParam, params).id) }), { auth: true });

  const pages = new Elysia()
    .use(authGuard(deps))
    .get(
      "/candidates/settings",
      ({ me, workspaceId, cookie }) =>
        renderPage({
          title: "Candidate settings",
          toast: takeFlash(cookie as Jar),
          body: CandidateSettingsPage({
            shell: makeShell(deps, me.user),
            data: { settings: getCandidateSettings(deps, workspaceId), duplicates: listDuplicates(deps, workspaceId), testData: testDataIds(deps, workspaceId).length },
          }),
        }),
      { auth: true },
    )
    .post(
      "/candidates/settings",
      async ({ body, workspaceId, cookie }) => {
        const form = (body ?? {}) as Record<string, string>;
        const lines = (v: string | undefined) => (v === undefined ? undefined : v.split(/\r?\n/).map((x) => x.trim()).filter(Boolean));
        const input: Record<string, unknown> = { locations: lines(form.locations), roles: lines(form.roles) };
        if ("privacyNotice" in form) input.privacyNotice = form.privacyNotice;
        if ("privacyPolicyUrl" in form) input.privacyPolicyUrl = form.privacyPolicyUrl;
        if ("retentionMonths" in form) input.retentionMonths = form.retentionMonths?.trim() ? Number(form.retentionMonths) : null;
        try {
          await updateCandidateSettings(deps, workspaceId, parseInput(CandidateSettingsInput, input));
          setFlash(cookie as Jar, { title: "Settings saved", variant: "success" });
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          setFlash(cookie as Jar, { title: "Not saved", description: e.message, variant: "destructive" });
        }
        return see("/candidates/settings");
      },
      { can: "settings.update" },
    )
    .post(
      "/candidates/merge",
      ({ body, workspaceId, me, cookie }) => {
        const form = (body ?? {}) as Record<string, string | string[]>;
        const mergeIds = ([] as string[]).concat(form.mergeIds ?? []);
        return formStep(cookie as Jar, "/candidates/settings", "Duplicates merged", () => void mergeCandidates(deps, workspaceId, parseInput(MergeInput, { keepId: form.keepId, mergeIds }), me.user.id));
      },
      { auth: true },
    )
    .post(
      "/candidates/test-data/delete",
      ({ workspaceId, cookie }) => {
        const n = eraseCandidates(deps, workspaceId, testDataIds(deps, workspaceId));
        setFlash(cookie as Jar, { title: "Test data removed", description: `${n} test candidate${n === 1 ? "" : "s"} removed`, variant: "success" });
        return see("/candidates/settings");
      },
      { auth: true },
    )
    .get("/candidates/import", ({ me }) => renderPage({ title: "Import candidates", body: ImportPage({ shell: makeShell(deps, me.user), result: null }) }), { auth: true })
    // The upload without JavaScript: the whole file in one request, the result on the page.
    .post(
      "/candidates/import",
      async ({ body, workspaceId, me }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const file = form.file;
        const text = file instanceof Blob ? await file.text() : "";
        let result: ImportResult | null = null;
        let status = 200;
        try {
          result = await importCandidatesCsv(deps, workspaceId, text, { dryRun: form.dryRun === "1", userId: me.user.id });
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          status = e.status;
        }
        const page = renderPage({ title: "Import candidates", status, body: ImportPage({ shell: makeShell(deps, me.user), result }), toast: result ? null : { title: "Not imported", description: "Choose a CSV file whose first row names the columns, with an emailAddress column.", variant: "destructive" } });
        return page;
      },
      { auth: true },
    )
    .get(
      "/candidates/:id",
      ({ params, workspaceId, me, cookie }) => {
        const { id } = parseInput(IdParam, params);
        return renderPage({ title: "Candidate", toast: takeFlash(cookie as Jar), body: CandidatePage({ shell: makeShell(deps, me.user), data: loadCandidatePage(deps, workspaceId, id) }) });
      },
      { auth: true },
    )
    // The page's forms without JavaScript: each answers 303 back to the page with a toast.
    .post(
      "/candidates/:id",
      ({ params, body, workspaceId, me, cookie }) => {
        const { id } = parseInput(IdParam, params);
        return formStep(cookie as Jar, `/candidates/${id}`, "Candidate saved", () => {
          const form = { ...(body as Record<string, string>) };
          const input = parseInput(PatchParticipantInput, { ...form, isTest: form.isTest === undefined ? undefined : form.isTest === "on" || form.isTest === "true" });
          patchParticipant(deps, workspaceId, id, input, actorOf(me.user));
        });
      },
      { auth: true },
    )
    .post(
      "/candidates/:id/notes",
      ({ params, body, workspaceId, me, cookie }) => {
        const { id } = parseInput(IdParam, params);
        return formStep(cookie as Jar, `/candidates/${id}`, "Note added", () => void addNote(deps, workspaceId, id, parseInput(NoteInput, body ?? {}).body, actorOf(me.user)));
      },
      { auth: true },
    )
    .post(
      "/candidates/:id/delete",
      ({ params, workspaceId, cookie }) => {
        eraseCandidate(deps, workspaceId, parseInput(IdParam, params).id);
        setFlash(cookie as Jar, { title: "Candidate deleted", description: "Everything about the candidate was erased.", variant: "success" });
        return see("/dashboard");
      },
      { auth: true },
    );
  return new Elysia()
    .use(api)
    .use(pages)
    .get("/privacy", () => renderPage({ title: "Privacy", body: PrivacyPage(), description: "How candidate data is handled" }));
}

/** Runs a form's change; a refusal (400, 409) comes back as a toast on the page instead of an error page. */
function formStep(cookie: Jar, back: string, done: string, run: () => void): Response {
  try {
    run();
    setFlash(cookie, { title: done, variant: "success" });
  } catch (e) {
    if (!(e instanceof AppError) || e.status === 404 || e.status >= 500) throw e;
    const fields = e.fields ? Object.values(e.fields).join(" ") : "";
    setFlash(cookie, { title: "Not saved", description: fields || e.message, variant: "destructive" });
  }
  return see(back);
}
