import { Elysia } from "elysia";
import { z } from "zod";
import type { Web } from "../auth/web";
import type { MatchingDeps } from "./tasks";
import { memberActor } from "../events/record";
import { signedInOf } from "../auth/guard";
import { can, requirePermission } from "../auth/permissions";
import { getJob } from "../jobs/service";
import { badRequest } from "../../lib/errors";
import { renderPage } from "../../lib/render";
import { flashCookieHeader, setFlash, takeFlash } from "../../lib/flash";
import { seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { positiveId } from "../../lib/route-schemas";
import { DismissInput } from "./model";
import { proposalFor, saveCriteria } from "./criteria";
import { criteriaFromRows, rowsFromForm, rowsOf, blankRow, type CriterionRow } from "./criteria-form";
import { addSuggested, notAFit, readCriteria } from "./service";
import { CriteriaPage } from "./pages/criteria-page";

const JobPage = z.object({ id: positiveId() });
const ProposeQuery = z.object({ propose: z.string().optional() });
const CandidateJob = z.object({ id: positiveId("Invalid candidate"), jobId: positiveId() });
const FormBody = z.record(z.string(), z.string());

/**
 * The pages' side of matching (issue 57): the job's criteria as a plain form (/jobs/{id}/criteria,
 * through the same service and checks as PUT /api/jobs/{id}/criteria), and "Add to job" and
 * "Not a fit" from a candidate's Suggested jobs (the job side's own services).
 */
export function matchingPageRoutes(deps: MatchingDeps, web: Web) {
  const candidateBack = (i: { params: Record<string, string> }) => `/candidates/${Number(i.params.id) || ""}`;
  return new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/jobs/:id/criteria",
      ({ me, workspaceId, params, query, cookie }) => {
        const job = getJob(deps, workspaceId, params.id);
        const proposed = query.propose === "1";
        const c = proposed ? proposalFor(deps, workspaceId, params.id) : readCriteria(deps, workspaceId, params.id);
        const canEdit = can(me.user, "jobs.write");
        return renderPage({
          title: `Criteria: ${job.title}`,
          toast: takeFlash(cookie),
          body: CriteriaPage({
            shell: web.shell(me.user),
            jobTitle: job.title,
            proposed,
            editor: { jobId: job.id, source: c.source, rows: [...rowsOf(c.criteria), ...(canEdit ? [blankRow()] : [])], canEdit },
          }),
        });
      },
      { params: JobPage, query: ProposeQuery },
    )
    .post(
      "/jobs/:id/criteria",
      ({ me, params, body, cookie }) => {
        requirePermission(me.user, "jobs.write");
        const result = criteriaFromRows(rowsFromForm(body));
        if (!result.ok) throw badRequest(result.message, result.fields);
        const saved = saveCriteria(deps, me.user, params.id, result.criteria, memberActor(me));
        setFlash(cookie, { title: "Criteria saved", description: `${saved.criteria.length} criteria; the suggestions follow them.`, variant: "success" });
        return seeOther(`/jobs/${params.id}`);
      },
      { params: JobPage, body: FormBody, form: { render: (failure: FormFailure, input: FormInput) => refusedCriteria(failure, input) } },
    )
    .post(
      "/candidates/:id/suggested-jobs/:jobId/add",
      ({ me, params, cookie }) => {
        const application = addSuggested(deps, me.user, params.jobId, params.id);
        setFlash(cookie, { title: "Added to the job", description: `On the board of ${getJob(deps, me.user.workspaceId, application.jobId).title}.`, variant: "success" });
        return seeOther(`/candidates/${params.id}`);
      },
      { params: CandidateJob, form: { back: candidateBack, failed: "Not added" } },
    )
    .post(
      "/candidates/:id/suggested-jobs/:jobId/not-a-fit",
      ({ me, params, body, cookie }) => {
        notAFit(deps, me.user, params.jobId, params.id, body.reason, memberActor(me));
        setFlash(cookie, { title: "Hidden for this candidate", variant: "success" });
        return seeOther(`/candidates/${params.id}`);
      },
      { params: CandidateJob, body: DismissInput, form: { back: candidateBack, failed: "Not saved" } },
    );

  /** A refused save: the editor again with what was typed and, at each field, why. */
  function refusedCriteria(failure: FormFailure, input: FormInput): Response {
    const jobId = Number(input.params.id) || 0;
    const me = signedInOf(input.request);
    const away = () => seeOther(`/jobs/${jobId || ""}`, { "set-cookie": flashCookieHeader({ title: "Criteria not saved", description: failure.message, variant: "destructive" }) });
    if (!me || failure.status !== 400 || !can(me.user, "jobs.write")) return away();
    let title: string;
    try {
      title = getJob(deps, me.user.workspaceId, jobId).title;
    } catch {
      return away();
    }
    const rows: CriterionRow[] = rowsFromForm(input.body);
    return renderPage({
      title: `Criteria: ${title}`,
      status: 400,
      toast: { title: "Criteria not saved", description: failure.message, variant: "destructive" },
      body: CriteriaPage({
        shell: web.shell(me.user),
        jobTitle: title,
        editor: { jobId, source: "refused", rows: rows.some((r) => r.added) ? rows : [...rows, blankRow()], fields: failure.fields, message: failure.message, canEdit: true },
      }),
    });
  }
}
